import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable.js';
import { rowsOf } from '../../db/raw.js';
import { LAST_ACTIVE_RESOLUTION_MINUTES } from './sessions.repository.js';

/**
 * The session behind a request in one round trip, for the guards of every API route.
 *
 * better-auth's `getSession` reads the session, then its user, each a statement of its own, and the
 * guards then read the profile: three waits on the database for every signed-in request, which a
 * busy server pays in queueing more than in work. Here one statement reads the session, its user
 * and the profile and marks the session used. It answers only what it can answer exactly like
 * better-auth; a session that has expired or that better-auth would extend now is left to it
 * (`'ask-better-auth'`), so deleting and refreshing sessions stay better-auth's.
 */

/** The token of a signed session cookie whose signature is good (better-call's format), else null. */
export function verifiedSessionToken(
  cookieHeader: string | undefined,
  cookieName: string,
  secret: string,
): string | null {
  if (!cookieHeader) return null;
  let raw: string | undefined;
  // The first cookie of that name, as better-call's parser keeps it.
  for (const pair of cookieHeader.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== cookieName) continue;
    raw = pair.slice(eq + 1).trim();
    break;
  }
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

export type SessionRow = {
  sessionId: string;
  userId: string;
  email: string;
  expiresAt: Date;
  /** Null when the user has no profile yet (a first sign-in before the address step). */
  role: string | null;
  status: string | null;
};

type RawRow = {
  session_id: string;
  user_id: string;
  email: string;
  expires_at: Date | string;
  role: string | null;
  status: string | null;
};

/**
 * The session with `token`, its user's e-mail and profile, or null when there is none. With
 * `touch`, the session is marked used (at most every few minutes, for the list in Settings).
 */
export async function findSessionWithProfile(
  db: Queryable,
  token: string,
  options: { touch: boolean },
): Promise<SessionRow | null> {
  const touch = options.touch
    ? sql`, touched as (
        update auth_sessions set last_active_at = now()
         where id = (select id from s)
           and last_active_at < now() - ${sql.raw(`interval '${LAST_ACTIVE_RESOLUTION_MINUTES} minutes'`)})`
    : sql``;
  const [row] = await rowsOf<RawRow>(
    db,
    sql`with s as (select id, user_id, expires_at from auth_sessions where token = ${token})${touch}
        select s.id as session_id, s.user_id, u.email, s.expires_at, p.role, p.status
          from s join auth_users u on u.id = s.user_id
          left join profiles p on p.id = s.user_id`,
  );
  if (!row) return null;
  return {
    sessionId: row.session_id,
    userId: row.user_id,
    email: row.email,
    expiresAt: new Date(row.expires_at),
    role: row.role,
    status: row.status,
  };
}

/**
 * Whether better-auth must see this session itself: it has expired (better-auth deletes it) or
 * it is due to be extended (`updateAge` after its last extension, better-auth's own rule).
 */
export function needsBetterAuth(
  row: Pick<SessionRow, 'expiresAt'>,
  config: { expiresIn: number; updateAge: number },
  now = Date.now(),
): boolean {
  const expires = row.expiresAt.getTime();
  if (!Number.isFinite(expires) || expires < now) return true;
  return expires - config.expiresIn * 1000 + config.updateAge * 1000 <= now;
}
