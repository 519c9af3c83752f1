import {
  channelEnabled,
  type NotificationChannel,
  type NotificationPreferenceEvent,
} from '@maktaba/shared/schemas/preferences';

export type ReaderChannels = Record<NotificationChannel, boolean>;

/**
 * How a reader wants to hear of `event`: in the app, by e-mail (Settings → Notifications), from the
 * `notification_preferences` of the profile row the caller has already read; no row or no choice
 * means everything on, as the defaults say. Security e-mails never come through here: they are
 * always sent.
 */
export function readerChannels(
  reader: { notificationPreferences?: Record<string, { in_app?: boolean; email?: boolean }> | null } | null | undefined,
  event: NotificationPreferenceEvent,
): ReaderChannels {
  const stored = reader?.notificationPreferences ?? null;
  return { in_app: channelEnabled(stored, event, 'in_app'), email: channelEnabled(stored, event, 'email') };
}
