import type { Language } from '@maktaba/shared/constants';
import type { NotificationPreferences, PreferencesUpdate } from '@maktaba/shared/schemas/preferences';
import type { Profile } from '@maktaba/shared/schemas/profile';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { recordUserActivity } from '../users/user-activity.repository.js';
import { toProfile } from './profiles.mapper.js';
import { type ProfileUpdate, updateProfileRow } from './profiles.repository.js';

async function save(db: Database, actor: Actor, columns: ProfileUpdate, activity: string, fields: string[]) {
  const row = await db.transaction(async (tx) => {
    const updated = await updateProfileRow(tx, actor.id, columns);
    if (updated) await recordUserActivity(tx, actor.id, activity, { fields });
    return updated;
  });
  if (!row) throw new AppError('PROFILE_NOT_FOUND');
  return toProfile(row);
}

/** The reader's language, theme and style on their profile; only the keys sent change. */
export async function updateOwnPreferences(db: Database, actor: Actor, input: PreferencesUpdate): Promise<Profile> {
  const columns: ProfileUpdate = {};
  if (input.preferred_language !== undefined) columns.preferredLanguage = input.preferred_language as Language | null;
  if (input.theme !== undefined) columns.theme = input.theme;
  if (input.style !== undefined) columns.style = input.style;
  return save(db, actor, columns, 'preferences_updated', Object.keys(input));
}

/** The reader's notification channels per event: the whole set is replaced (an event left out is on). */
export async function updateOwnNotificationPreferences(
  db: Database,
  actor: Actor,
  input: NotificationPreferences,
): Promise<Profile> {
  const stored = Object.fromEntries(Object.entries(input).filter(([, channels]) => channels !== undefined));
  return save(db, actor, { notificationPreferences: stored }, 'notification_preferences_updated', Object.keys(stored));
}
