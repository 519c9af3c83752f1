import {
  channelEnabled,
  type NotificationChannel,
  type NotificationPreferenceEvent,
} from '@maktaba/shared/schemas/preferences';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable.js';
import { profiles } from '../../db/schema/index.js';

export type ReaderChannels = Record<NotificationChannel, boolean>;

/**
 * How a reader wants to hear of `event`: in the app, by e-mail (Settings → Notifications). One
 * query on the profile; a reader without a profile row gets everything, as the defaults say.
 * Security e-mails never come through here: they are always sent.
 */
export async function readerChannels(
  db: Queryable,
  userId: string,
  event: NotificationPreferenceEvent,
): Promise<ReaderChannels> {
  const [row] = await db
    .select({ preferences: profiles.notificationPreferences })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const stored = row?.preferences ?? null;
  return { in_app: channelEnabled(stored, event, 'in_app'), email: channelEnabled(stored, event, 'email') };
}
