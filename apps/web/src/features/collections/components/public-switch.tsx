import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Public or private, with what each means. */
export function PublicSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={checked}
        aria-describedby={`${id}-hint`}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-1 size-5 shrink-0 accent-primary"
        data-testid="collection-public-switch"
      />
      <div className="flex min-w-0 flex-col gap-0.5">
        <label htmlFor={id} className="text-sm font-semibold">
          {t('collections.form.public')}
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted">
          {t(checked ? 'collections.form.publicHint' : 'collections.form.privateHint')}
        </p>
      </div>
    </div>
  );
}
