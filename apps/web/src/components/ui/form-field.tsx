import { clsx } from 'clsx';
import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, type ReactNode, useState } from 'react';

/** What a field hands to its control so the label, hint and error are announced with it. */
export type ControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type FieldProps = {
  id: string;
  label: string;
  /** Shown after the label in parentheses, e.g. "optional". */
  labelNote?: string;
  hint?: ReactNode;
  /** Already translated. */
  error?: string;
  children: (control: ControlProps) => ReactNode;
};

/** A labelled form control with its hint and error linked through aria-describedby. */
export function Field({ id, label, labelNote, hint, error, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
        {labelNote ? <span className="ms-1 font-normal text-muted">({labelNote})</span> : null}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger" data-field-error="">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function inputClass(invalid: boolean, className?: string) {
  return clsx(
    'min-h-11 w-full rounded-app border bg-surface px-3 text-base text-fg placeholder:text-muted',
    invalid ? 'border-danger' : 'border-border',
    className,
  );
}

type PasswordInputProps = Omit<ComponentProps<'input'>, 'type'> & {
  invalid: boolean;
  showLabel: string;
  hideLabel: string;
};

/**
 * A password input with a show/hide toggle; always left-to-right, in Arabic too. The whole control
 * is: the input's `pe-12` then reserves the right, where a left-to-right text ends, and the toggle's
 * `end-0` puts it there too. With only the input left-to-right, the toggle would follow the page
 * to the left in Arabic and cover the first characters.
 */
export function PasswordInput({ invalid, showLabel, hideLabel, className, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <div className="relative" dir="ltr">
      <input
        {...props}
        type={visible ? 'text' : 'password'}
        dir="ltr"
        className={inputClass(invalid, clsx('pe-12', className))}
      />
      <button
        type="button"
        className="absolute inset-y-0 end-0 inline-flex w-11 items-center justify-center rounded-app text-muted hover:text-fg"
        aria-label={visible ? hideLabel : showLabel}
        aria-pressed={visible}
        onClick={() => setVisible((value) => !value)}
      >
        <Icon aria-hidden className="size-5" />
      </button>
    </div>
  );
}

/**
 * A radio button drawn with the theme's colours (the browser's own is a pale grey disc in the dark
 * theme): a ring of the muted text colour, filled with the primary colour when chosen. In forced
 * colours the system's radio comes back.
 */
export const radioClass = clsx(
  'size-5 shrink-0 cursor-pointer appearance-none rounded-full border-2 border-muted bg-surface transition',
  'checked:border-primary checked:bg-primary checked:shadow-[inset_0_0_0_3px_var(--surface)]',
  'disabled:cursor-not-allowed disabled:opacity-60 forced-colors:appearance-auto',
);
