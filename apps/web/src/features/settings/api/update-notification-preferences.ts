import type { NotificationPreferences } from '@maktaba/shared/schemas/preferences';
import type { Profile } from '@maktaba/shared/schemas/profile';
import { apiFetch } from '../../../lib/api-client';

/** `PUT /api/profiles/me/notification-preferences`: the whole set of channels, per event. */
export function updateNotificationPreferences(body: NotificationPreferences): Promise<Profile> {
  return apiFetch<Profile>('/profiles/me/notification-preferences', { method: 'PUT', body });
}
