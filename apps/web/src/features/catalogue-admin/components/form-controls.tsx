import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, inputClass } from '../../../components/ui/form-field';

type TextControlProps = {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  /** Already translated. */
  error?: string;
  /** The language the value is written in: Arabic fields run right to left in both interfaces. */
  lang?: 'en' | 'ar';
  multiline?: boolean;
  type?: 'text' | 'number' | 'url';
  hint?: ReactNode;
};

/** A labelled text input (or textarea) with its error; marks the language of what is typed. */
export function TextControl({
  id,
  label,
  registration,
  error,
  lang,
  multiline,
  type = 'text',
  hint,
}: TextControlProps) {
  const direction = lang === 'ar' ? 'rtl' : lang === 'en' ? 'ltr' : 'auto';
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(control) =>
        multiline ? (
          <textarea
            {...control}
            {...registration}
            lang={lang}
            dir={direction}
            rows={5}
            className={inputClass(Boolean(error), 'py-2')}
          />
        ) : (
          <input
            {...control}
            {...registration}
            type={type}
            lang={lang}
            dir={type === 'text' ? direction : 'ltr'}
            inputMode={type === 'number' ? 'numeric' : undefined}
            className={inputClass(Boolean(error))}
          />
        )
      }
    </Field>
  );
}

type SelectControlProps = {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  options: { value: string; label: string }[];
  /** Label of the empty choice; without it a value is required. */
  emptyLabel?: string;
};

export function SelectControl({ id, label, registration, error, options, emptyLabel }: SelectControlProps) {
  return (
    <Field id={id} label={label} error={error}>
      {(control) => (
        <select {...control} {...registration} className={inputClass(Boolean(error))}>
          {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** English and Arabic side by side on wide screens, stacked on narrow ones. */
export function LanguagePair({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 sm:grid-cols-2">{children}</div>;
}

/** Empty inputs become null, numbers become numbers (the shared schemas expect both). */
export const asOptionalNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);
export const asNumber = (value: unknown) => (value === '' || value === null || value === undefined ? 0 : Number(value));
export const asOptional = (value: unknown) => (value === '' || value === undefined ? null : value);
