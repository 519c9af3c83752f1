import type { Permission } from '@maktaba/shared/permissions';
import { can, type GuardLevel, meetsGuard, normalizeRole } from '@maktaba/shared/permissions';
import type { Context, MiddlewareHandler } from 'hono';
import type { Actor } from '../actor.js';
import { AppError } from '../errors.js';
import { noteReaderDay } from '../modules/analytics/analytics.writers.js';
import { assertTwoFactorSetUp } from '../modules/auth/security-settings.js';
import { authHeaders } from '../modules/auth/session.js';
import { findSessionWithProfile, needsBetterAuth, verifiedSessionToken } from '../modules/auth/session-lookup.js';
import { touchSession } from '../modules/auth/sessions.repository.js';
import { findProfileById } from '../modules/profiles/profiles.repository.js';
import type { AppEnv } from './context.js';

type SessionAnswer = { userId: string; email: string; sessionId: string; role: string | null; status: string | null };

/**
 * The session of the request's cookie with its profile: one statement for nearly every request
 * (modules/auth/session-lookup.ts); better-auth's own `getSession` for a session that has expired
 * or is due to be extended, and then the profile. Null when signed out.
 */
async function readSession(c: Context<AppEnv>, touch: boolean): Promise<SessionAnswer | null> {
  const cookie = c.req.header('cookie');
  if (!cookie) return null;
  const auth = c.get('auth');
  const { authCookies, secret, sessionConfig } = await auth.$context;
  const token = verifiedSessionToken(cookie, authCookies.sessionToken.name, secret);
  if (!token) return null;
  const db = c.get('deps').database.db;
  const row = await findSessionWithProfile(db, token, { touch });
  if (!row) return null;
  if (!needsBetterAuth(row, sessionConfig)) return row;
  const result = await auth.api.getSession({ headers: authHeaders(c) });
  if (!result) return null;
  const [profile] = await Promise.all([
    findProfileById(db, result.user.id),
    touch ? touchSession(db, result.session.id) : undefined,
  ]);
  return {
    userId: result.user.id,
    email: result.user.email,
    sessionId: result.session.id,
    role: profile?.role ?? null,
    status: profile?.status ?? null,
  };
}

/** The caller by their session cookie: null when signed out, 'disabled' when the account is not active. */
async function readActor(c: Context<AppEnv>, touch = true): Promise<Actor | 'disabled' | null> {
  const session = await readSession(c, touch);
  if (!session) return null;
  // A user without a profile yet (the address step of a first sign-in) is a patron.
  if (session.status !== null && session.status !== 'active') return 'disabled';
  noteReaderDay(c.get('deps').database.db, session.userId, c.get('log'));
  return { id: session.userId, email: session.email, role: normalizeRole(session.role), sessionId: session.sessionId };
}

/** Guards a route: the caller must be signed in with an active profile. Sets `actor`. */
export function requireActor(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const actor = await readActor(c);
    if (!actor) throw new AppError('UNAUTHENTICATED');
    if (actor === 'disabled') throw new AppError('ACCOUNT_DISABLED');
    c.set('actor', actor);
    await next();
  };
}

/**
 * For a long-lived answer (an event stream): whether the session that opened it is still the
 * caller's and still good. It ends when the reader signs out, is signed out from elsewhere, or
 * their account is suspended; the stream must end with it.
 */
export async function isStillSignedIn(c: Context<AppEnv>): Promise<boolean> {
  const now = await readActor(c);
  const then = c.get('actor');
  return typeof now === 'object' && now !== null && now.id === then.id && now.sessionId === then.sessionId;
}

/** An admin without two-factor sign-in, while the library requires it, is refused (TWO_FACTOR_REQUIRED). */
function assertTwoFactorForStaffRoute(c: Context<AppEnv>): Promise<void> {
  return assertTwoFactorSetUp(c.get('deps').database.db, c.get('actor'));
}

/** Guards a route by the permission matrix (accounts-and-auth §6): signed in, and allowed. */
export function requirePermission(permission: Permission): MiddlewareHandler<AppEnv> {
  return requireAnyPermission(permission);
}

/** Guards a route by the permission matrix: signed in, and allowed at least one of `permissions`. */
export function requireAnyPermission(...permissions: Permission[]): MiddlewareHandler<AppEnv> {
  const actor = requireActor();
  return (c, next) =>
    actor(c, async () => {
      const role = c.get('actor').role;
      if (!permissions.some((permission) => can(role, permission))) throw new AppError('FORBIDDEN');
      // Staff routes (beyond what any reader may do): an admin may be required to use two-factor sign-in.
      if (!permissions.some((permission) => can('patron', permission))) await assertTwoFactorForStaffRoute(c);
      await next();
    });
}

/**
 * Guards a route by a guard level of reader-area §6, for staff views that the permission matrix
 * does not name (the feedback inbox is a /library page: librarianOrAdmin).
 */
export function requireGuard(level: GuardLevel): MiddlewareHandler<AppEnv> {
  const actor = requireActor();
  return (c, next) =>
    actor(c, async () => {
      if (!meetsGuard(c.get('actor').role, level)) throw new AppError('FORBIDDEN');
      if (!meetsGuard('patron', level)) await assertTwoFactorForStaffRoute(c);
      await next();
    });
}

/**
 * The signed-in caller when there is one, for public routes whose answer depends on who asks
 * (editors see drafts). Never refuses: a signed-out or inactive caller is simply anonymous.
 */
export async function optionalActor(c: Context<AppEnv>): Promise<Actor | null> {
  const actor = await readActor(c, false);
  return actor === 'disabled' ? null : actor;
}
