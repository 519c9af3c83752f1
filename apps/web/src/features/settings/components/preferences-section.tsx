import { useTranslation } from 'react-i18next';

/** Settings → Preferences. */
export function PreferencesSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="settings-preferences" className="rounded-app border border-border bg-surface p-4 sm:p-6">
      <h2 id="settings-preferences" className="font-display text-xl font-bold">
        {t('settings.sections.preferences')}
      </h2>
    </section>
  );
}
