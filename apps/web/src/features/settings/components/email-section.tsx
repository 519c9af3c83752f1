import { useTranslation } from 'react-i18next';

/** Settings → Email. */
export function EmailSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="settings-email" className="rounded-app border border-border bg-surface p-4 sm:p-6">
      <h2 id="settings-email" className="font-display text-xl font-bold">
        {t('settings.sections.email')}
      </h2>
    </section>
  );
}
