import { useTranslation } from 'react-i18next';

/** Settings → Profile. */
export function ProfileSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="settings-profile" className="rounded-app border border-border bg-surface p-4 sm:p-6">
      <h2 id="settings-profile" className="font-display text-xl font-bold">
        {t('settings.sections.profile')}
      </h2>
    </section>
  );
}
