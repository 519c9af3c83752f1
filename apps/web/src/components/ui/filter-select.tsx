import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';

type FilterSelectProps = {
  id: string;
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
  onChange: (value: string) => void;
  /** Offer 'All' (no filter) first; off for a required choice. */
  all?: boolean;
  className?: string;
};

/** A labelled select; as a filter its first choice, 'All', is no filter (the empty value). */
export function FilterSelect({ id, label, value, options, onChange, all = true, className }: FilterSelectProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={clsx('min-h-11 rounded-app border border-border bg-surface px-3', className)}
      >
        {all ? <option value="">{t('users.filters.all')}</option> : null}
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
