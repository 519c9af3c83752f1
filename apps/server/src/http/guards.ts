import type { Permission } from '@maktaba/shared/permissions';
import { can, type GuardLevel, meetsGuard, normalizeRole } from '@maktaba/shared/permissions';
import type { Context, MiddlewareHandler } from 'hono';
import type { Actor } from '../actor.js';
import { AppError } from '../errors.js';
import { noteReaderDay } from '../modules/analytics/analytics.writers.js';
import { assertTwoFactorSetUp } from '../modules/auth/security-settings.js';
import { authHeaders } from '../modules/auth/session.js';
import { touchSession } from '../modules/auth/sessions.repository.js';
import { findProfileById } from '../modules/profiles/profiles.repository.js';
import type { AppEnv } from './context.js';

/** The caller by their session cookie: null when signed out, 'disabled' when the account is not active. */
async function readActor(c: Context<AppEnv>): Promise<Actor | 'disabled' | null> {
  const result = await c.get('auth').api.getSession({ headers: authHeaders(c) });
  if (!result) return null;
  const db = c.get('deps').database.db;
  const [row] = await Promise.all([findProfileById(db, result.user.id), touchSession(db, result.session.id)]);
  if (row && row.status !== 'active') return 'disabled';
  noteReaderDay(db, result.user.id, c.get('log'));
  return { id: result.user.id, email: result.user.email, role: normalizeRole(row?.role), sessionId: result.session.id };
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
  if (!c.req.header('cookie')) return null;
  const result = await c.get('auth').api.getSession({ headers: authHeaders(c) });
  if (!result) return null;
  const row = await findProfileById(c.get('deps').database.db, result.user.id);
  if (row && row.status !== 'active') return null;
  noteReaderDay(c.get('deps').database.db, result.user.id, c.get('log'));
  return { id: result.user.id, email: result.user.email, role: normalizeRole(row?.role), sessionId: result.session.id };
}
