import { clsx } from 'clsx';
import { Upload } from 'lucide-react';
import { type ComponentProps, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

type FileInputProps = Omit<ComponentProps<'input'>, 'type' | 'className'> & {
  invalid?: boolean;
  className?: string;
};

/**
 * A file input in the page's language: the browser's own control ("Choose File / No file chosen",
 * always in the browser's language) is transparent and covers a styled box that says "Choose a
 * file" and the chosen file's name. The native input stays the control: it takes the focus, the
 * label, the tap or click that opens the picker, and a file dropped on the box.
 */
export function FileInput({
  invalid = false,
  className,
  disabled,
  onChange,
  'aria-describedby': describedBy,
  ...props
}: FileInputProps) {
  const { t } = useTranslation();
  const statusId = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const [isDragOver, setDragOver] = useState(false);
  return (
    <div
      className={clsx(
        'relative flex min-h-11 w-full min-w-0 items-center gap-3 rounded-app border bg-surface p-1 pe-3 transition',
        'has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-(--focus)',
        invalid ? 'border-danger' : isDragOver ? 'border-primary bg-primary-soft' : 'border-border',
        disabled ? 'opacity-60' : 'hover:bg-surface-2',
        className,
      )}
    >
      <input
        {...props}
        type="file"
        disabled={disabled}
        aria-describedby={[describedBy, statusId].filter(Boolean).join(' ')}
        className="absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
        onChange={(event) => {
          setChosen(event.target.files?.[0]?.name ?? null);
          setDragOver(false);
          onChange?.(event);
        }}
        onDragEnter={() => setDragOver(true)}
        onDragLeave={() => setDragOver(false)}
        onDrop={() => setDragOver(false)}
      />
      <span
        aria-hidden
        className="inline-flex min-h-9 shrink-0 items-center gap-2 rounded-app border border-border bg-surface-2 px-3 text-sm font-semibold text-fg"
      >
        <Upload className="size-4" />
        {t('fileInput.choose')}
      </span>
      <span id={statusId} className="min-w-0 truncate text-sm text-muted">
        {isDragOver ? t('fileInput.dropHere') : chosen ? <bdi>{chosen}</bdi> : t('fileInput.none')}
      </span>
    </div>
  );
}
