import {
  NOTIFICATION_CHANNEL_REQUIRED,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_PREFERENCE_EVENTS,
  type NotificationChannel,
  type NotificationPreferenceEvent,
  REQUIRED_EVENTS,
  resolveNotificationPreferences,
} from '@maktaba/shared/schemas/preferences';
import type { NotificationChannels } from '@maktaba/shared/schemas/profile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../lib/api-error-text';
import { dispatchAuth, useAuthStore } from '../../../lib/auth/use-auth';
import { replacingToasts } from '../../../lib/replacing-toasts';
import { updateNotificationPreferences } from '../api/update-notification-preferences';

type Choices = Record<NotificationPreferenceEvent, NotificationChannels>;

const CHANNEL_KEYS: Record<NotificationChannel, string> = {
  in_app: 'settings.notifications.inApp',
  email: 'settings.notifications.email',
};

/** One "saved" or "could not save" at a time, the newest. */
const notificationsToasts = replacingToasts();

/**
 * Settings → Notifications: per lending event, whether the reader hears of it in the app and by
 * e-mail. Each switch saves at once; a failed save puts the switch back. Overdue notices keep one
 * channel: turning off the last one is refused here with the reason (the server refuses it too).
 */
export function NotificationsSection() {
  const { t } = useTranslation();
  const profile = useAuthStore((state) => state.profile);
  const [choices, setChoices] = useState<Choices>(() =>
    resolveNotificationPreferences(profile?.notification_preferences),
  );
  const [refused, setRefused] = useState<NotificationPreferenceEvent | null>(null);
  /** Saves run one after another, each with the whole set as it was when its switch changed. */
  const queue = useRef<Promise<void>>(Promise.resolve());

  const toggle = (event: NotificationPreferenceEvent, channel: NotificationChannel, on: boolean) => {
    const current = choices[event];
    const wanted = { ...current, [channel]: on };
    if (REQUIRED_EVENTS.includes(event) && !wanted.in_app && !wanted.email) {
      setRefused(event);
      return;
    }
    setRefused(null);
    const next: Choices = { ...choices, [event]: wanted };
    setChoices(next);
    queue.current = queue.current.then(async () => {
      try {
        const saved = await updateNotificationPreferences(next);
        const state = useAuthStore.getState();
        if (state.profile?.id === saved.id) {
          dispatchAuth({ type: 'PROFILE_LOADED', profile: saved, profileComplete: state.profileComplete });
        }
        notificationsToasts.success(t('settings.notifications.saved'));
      } catch (error) {
        // Only this switch goes back: others changed meanwhile keep their new state.
        setChoices((latest) => ({ ...latest, [event]: { ...latest[event], [channel]: current[channel] } }));
        notificationsToasts.error(
          t('settings.notifications.saveFailed', { reason: apiErrorText(t, error, { fieldPrefix: 'validation.' }) }),
        );
      }
    });
  };

  return (
    <section
      aria-labelledby="settings-notifications"
      className="rounded-app border border-border bg-surface p-4 sm:p-6"
    >
      <h2 id="settings-notifications" className="font-display text-xl font-bold">
        {t('settings.notifications.title')}
      </h2>
      <p className="mt-1 text-muted">{t('settings.notifications.description')}</p>
      <ul className="mt-4 flex flex-col divide-y divide-border">
        {NOTIFICATION_PREFERENCE_EVENTS.map((event) => {
          const title = t(`settings.notifications.events.${event}.title`);
          const required = REQUIRED_EVENTS.includes(event);
          return (
            <li key={event} data-event={event} className="py-3">
              <fieldset className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
                <legend className="sr-only">{title}</legend>
                <div className="min-w-0">
                  <p aria-hidden className="font-medium">
                    {title}
                  </p>
                  <p className="text-sm text-muted">{t(`settings.notifications.events.${event}.description`)}</p>
                  {required ? (
                    <p id={`notify-${event}-hint`} className="text-sm text-muted">
                      {t('settings.notifications.overdueHint')}
                    </p>
                  ) : null}
                </div>
                <div className="flex shrink-0 flex-wrap gap-x-4 gap-y-1">
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <label key={channel} className="inline-flex min-h-11 items-center gap-2">
                      <input
                        type="checkbox"
                        checked={choices[event][channel]}
                        onChange={(change) => toggle(event, channel, change.target.checked)}
                        aria-describedby={required ? `notify-${event}-hint` : undefined}
                        data-channel={channel}
                        className="size-4 accent-[var(--primary)]"
                      />
                      {t(CHANNEL_KEYS[channel])}
                    </label>
                  ))}
                </div>
              </fieldset>
              {refused === event ? (
                <p role="alert" className="mt-2 text-sm font-medium text-danger">
                  {t(NOTIFICATION_CHANNEL_REQUIRED)}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
