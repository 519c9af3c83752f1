import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable.js';

/**
 * What a reader did themselves (signed in, bookmarked, sent feedback, changed their profile or
 * password): the activity log row and the profile's last activity, in one statement. Changes an
 * admin makes to someone's account are logged elsewhere and do not count as that person's activity.
 */
export async function recordUserActivity(
  db: Queryable,
  userId: string,
  activityType: string,
  activityData: Record<string, unknown> = {},
): Promise<void> {
  await db.execute(sql`
    with logged as (
      insert into user_activity_log (user_id, activity_type, activity_data)
      values (${userId}, ${activityType}, ${JSON.stringify(activityData)}::jsonb)
    )
    update profiles set last_activity_at = now() where id = ${userId}`);
}

/** A burst of searches (one per keystroke with search-as-you-type) moves last activity once a minute. */
export const LAST_ACTIVITY_THROTTLE = '1 minute';

/**
 * Moves last activity for actions that come in bursts, without logging each: the row is written
 * only when its last activity is older than the throttle, so most calls write nothing.
 */
export async function touchLastActivityThrottled(db: Queryable, userId: string): Promise<void> {
  await db.execute(sql`
    update profiles set last_activity_at = now()
    where id = ${userId}
      and (last_activity_at is null or last_activity_at < now() - ${LAST_ACTIVITY_THROTTLE}::interval)`);
}
