import type { AuthState } from '@maktaba/shared/schemas/session';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context.js';
import { noteReaderDay } from '../analytics/analytics.writers.js';
import { toProfile } from '../profiles/profiles.mapper.js';
import { ensureDefaultProfile, findProfileById } from '../profiles/profiles.repository.js';
import { creationSourceOf, findUserProviders, primaryProvider } from './accounts.repository.js';
import { type Auth, CLIENT_IP_HEADER } from './auth.js';
import { needsTwoFactorSetup } from './security-settings.js';
import { isSessionRevoked, touchSession } from './sessions.repository.js';
import { hashToken } from './token-hash.js';

/** Request headers for better-auth calls: the cookie and user agent, and our resolved client address. */
export function authHeaders(c: Context<AppEnv>, cookie?: string): Headers {
  const headers = new Headers();
  for (const name of ['cookie', 'user-agent', 'origin', 'referer']) {
    const value = name === 'cookie' && cookie !== undefined ? cookie : c.req.header(name);
    if (value) headers.set(name, value);
  }
  headers.set(CLIENT_IP_HEADER, c.get('clientIp'));
  return headers;
}

export const SIGNED_OUT: AuthState = { user: null, session: null, profile: null };

/** The Set-Cookie value that expires the session cookie in the browser (the session itself is ended elsewhere). */
export async function expiredSessionCookie(auth: Pick<Auth, '$context'>): Promise<string> {
  const { authCookies } = await auth.$context;
  const { name, attributes } = authCookies.sessionToken;
  const secure = attributes.secure ? '; Secure' : '';
  return `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`;
}

/** Adds Set-Cookie values (from better-auth, through a service) to the response. */
export function setCookies(c: Context<AppEnv>, cookies: readonly string[]): void {
  for (const cookie of cookies) c.header('Set-Cookie', cookie, { append: true });
}

/** Expires the session cookie in the browser (the session itself is ended elsewhere). */
export async function clearSessionCookie(c: Context<AppEnv>): Promise<void> {
  setCookies(c, [await expiredSessionCookie(c.get('auth'))]);
}

/** The session token in a Cookie header: the cookie holds `<token>.<signature>`, URL-encoded. */
function readSessionToken(cookieHeader: string | undefined, cookieName: string): string | undefined {
  for (const pair of cookieHeader?.split(';') ?? []) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== cookieName) continue;
    let value: string;
    try {
      value = decodeURIComponent(pair.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
    const dot = value.lastIndexOf('.');
    const token = dot > 0 ? value.slice(0, dot) : value;
    return token === '' ? undefined : token;
  }
  return undefined;
}

/**
 * Signed out. When the browser still sent a session cookie, says why that session no longer
 * works ('revoked': ended from elsewhere; 'expired': anything else) and clears the stale cookie.
 */
async function readSignedOutState(c: Context<AppEnv>, cookie: string | undefined): Promise<AuthState> {
  const { authCookies } = await c.get('auth').$context;
  const token = readSessionToken(cookie ?? c.req.header('cookie'), authCookies.sessionToken.name);
  if (!token) return SIGNED_OUT;
  const revoked = await isSessionRevoked(c.get('deps').database.db, hashToken(token));
  await clearSessionCookie(c);
  return { ...SIGNED_OUT, signedOutReason: revoked ? 'revoked' : 'expired' };
}

/**
 * The session, its user and the profile in one answer. A user without a profile gets the
 * default one (accounts-and-auth §4: "Default profile is inserted when missing"); an account
 * that is no longer active has its session ended at once.
 */
export async function readAuthState(c: Context<AppEnv>, cookie?: string): Promise<AuthState> {
  const auth = c.get('auth');
  const db = c.get('deps').database.db;
  const result = await auth.api.getSession({ headers: authHeaders(c, cookie) });
  if (!result) return readSignedOutState(c, cookie);
  const { user, session } = result;
  const [found, providers] = await Promise.all([
    findProfileById(db, user.id),
    findUserProviders(db, user.id),
    touchSession(db, session.id),
  ]);
  let row = found;
  const provider = primaryProvider(providers);
  if (!row) {
    await ensureDefaultProfile(db, { id: user.id, email: user.email, name: user.name }, creationSourceOf(provider));
    row = await findProfileById(db, user.id);
  }
  if (row?.status !== 'active') {
    await auth.api
      .revokeSession({ headers: authHeaders(c, cookie), body: { token: session.token } })
      .catch(() => undefined);
    return SIGNED_OUT;
  }
  noteReaderDay(db, user.id, c.get('log'));
  const twoFactorEnabled = Boolean((user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled);
  const setupRequired = await needsTwoFactorSetup(db, { id: user.id, role: row.role });
  return {
    ...(setupRequired ? { twoFactorSetupRequired: true as const } : {}),
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      provider,
      twoFactorEnabled,
    },
    session: {
      id: session.id,
      createdAt: new Date(session.createdAt).toISOString(),
      expiresAt: new Date(session.expiresAt).toISOString(),
    },
    profile: toProfile(row),
  };
}
