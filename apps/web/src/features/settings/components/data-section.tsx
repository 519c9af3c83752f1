import { useTranslation } from 'react-i18next';

/** Settings → Data. */
export function DataSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="settings-data" className="rounded-app border border-border bg-surface p-4 sm:p-6">
      <h2 id="settings-data" className="font-display text-xl font-bold">
        {t('settings.sections.data')}
      </h2>
    </section>
  );
}
