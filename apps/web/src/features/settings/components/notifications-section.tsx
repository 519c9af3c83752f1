import { useTranslation } from 'react-i18next';

/** Settings → Notifications. */
export function NotificationsSection() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="settings-notifications"
      className="rounded-app border border-border bg-surface p-4 sm:p-6"
    >
      <h2 id="settings-notifications" className="font-display text-xl font-bold">
        {t('settings.sections.notifications')}
      </h2>
    </section>
  );
}
