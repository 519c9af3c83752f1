import { sanitizeEmail } from '@maktaba/shared/sanitize';
import type { SecurityCheckResponse, SignInInput, SignOutRequest, SignUpRequest } from '@maktaba/shared/schemas/auth';
import { APIError } from 'better-auth/api';
import type { Context } from 'hono';
import { AppError } from '../../errors.js';
import type { AppEnv } from '../../http/context.js';
import { assertNoInjection, toAddressColumns, toDisplayName } from '../profiles/profile-input.js';
import { insertActivity, recordSignIn, touchLastActivity } from '../profiles/profiles.repository.js';
import { createAccountWithProfile, EmailTakenError } from './accounts.repository.js';
import { isCommonPassword } from './common-passwords.js';
import { insertSecurityEvent } from './security.repository.js';
import { evaluateSecurity } from './security.service.js';
import { authHeaders, clearSessionCookie } from './session.js';
import { revokeSessions } from './sessions.repository.js';

type SignOutScope = SignOutRequest['scope'];

function blocked(result: SecurityCheckResponse, fallback: string): AppError {
  return new AppError('SECURITY_BLOCKED', fallback, {
    details: { reasons: result.reasons, riskScore: result.riskScore },
  });
}

function forwardCookies(c: Context<AppEnv>, headers: Headers) {
  for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
}

/** Starts a better-auth session for verified credentials and forwards its cookie. */
async function startSession(c: Context<AppEnv>, email: string, password: string): Promise<string> {
  const { headers, response } = await c.get('auth').api.signInEmail({
    body: { email, password, rememberMe: true },
    headers: authHeaders(c),
    returnHeaders: true,
  });
  forwardCookies(c, headers);
  return response.user.id;
}

export async function signUp(c: Context<AppEnv>, input: SignUpRequest): Promise<void> {
  const db = c.get('deps').database.db;
  const ip = c.get('clientIp');
  const userAgent = c.req.header('User-Agent');
  assertNoInjection(input);
  const email = sanitizeEmail(input.email);
  if (input.website && input.website.trim() !== '') {
    await insertSecurityEvent(db, {
      eventType: 'honeypot',
      action: 'registration',
      identifier: email,
      ipAddress: ip,
      userAgent,
    });
    throw new AppError('INVALID_SUBMISSION');
  }
  const check = await evaluateSecurity(db, { action: 'registration', identifier: email, ip, userAgent });
  if (!check.allowed) throw blocked(check, 'Registration blocked for security reasons');
  if (isCommonPassword(input.password)) {
    throw new AppError('VALIDATION_FAILED', undefined, {
      details: { fieldErrors: { password: ['validation.passwordCommon'] } },
    });
  }
  const address = toAddressColumns(input);
  const ctx = await c.get('auth').$context;
  const passwordHash = await ctx.password.hash(input.password);
  try {
    await createAccountWithProfile(db, {
      email,
      name: toDisplayName(input.name, email),
      passwordHash,
      profile: {
        displayName: toDisplayName(input.name, email),
        creationSource: 'self_registration',
        ...address,
        registrationCompleted: true,
      },
    });
  } catch (error) {
    if (error instanceof EmailTakenError) {
      await insertSecurityEvent(db, {
        eventType: 'registration_failed',
        action: 'registration',
        identifier: email,
        ipAddress: ip,
        userAgent,
        reasons: ['email_taken'],
      });
      throw new AppError('EMAIL_TAKEN');
    }
    throw error;
  }
  await insertSecurityEvent(db, {
    eventType: 'registration_succeeded',
    action: 'registration',
    identifier: email,
    ipAddress: ip,
    userAgent,
    allowed: true,
  });
  const userId = await startSession(c, email, input.password);
  await recordSignIn(db, userId);
}

export async function signIn(c: Context<AppEnv>, input: SignInInput): Promise<void> {
  const db = c.get('deps').database.db;
  const ip = c.get('clientIp');
  const userAgent = c.req.header('User-Agent');
  const email = sanitizeEmail(input.email);
  if (input.website && input.website.trim() !== '') {
    await insertSecurityEvent(db, {
      eventType: 'honeypot',
      action: 'login',
      identifier: email,
      ipAddress: ip,
      userAgent,
    });
    throw new AppError('INVALID_SUBMISSION');
  }
  // Enforced here as well as offered to the client: skipping the check does not skip the limit.
  const check = await evaluateSecurity(db, { action: 'login', identifier: email, ip, userAgent });
  if (!check.allowed) throw blocked(check, 'Login blocked for security reasons');
  let userId: string;
  try {
    userId = await startSession(c, email, input.password);
  } catch (error) {
    if (error instanceof APIError) {
      const code = (error.body as { code?: string } | undefined)?.code;
      if (code === 'ACCOUNT_DISABLED') throw new AppError('ACCOUNT_DISABLED');
      if (error.statusCode === 401 || code === 'INVALID_EMAIL_OR_PASSWORD') {
        await insertSecurityEvent(db, {
          eventType: 'login_failed',
          action: 'login',
          identifier: email,
          ipAddress: ip,
          userAgent,
        });
        throw new AppError('INVALID_CREDENTIALS');
      }
      if (error.statusCode === 429) throw new AppError('RATE_LIMITED');
      if (error.statusCode === 400) throw new AppError('INVALID_CREDENTIALS');
    }
    throw error;
  }
  await insertSecurityEvent(db, {
    eventType: 'login_succeeded',
    action: 'login',
    identifier: email,
    ipAddress: ip,
    userAgent,
    allowed: true,
  });
  await Promise.all([recordSignIn(db, userId), touchLastActivity(db, userId), insertActivity(db, userId, 'sign_in')]);
}

/**
 * Ends this session and clears its cookie. With scope 'global' every other session of the user
 * ends first, recorded as revoked, so those browsers are told why they were signed out.
 */
export async function signOut(c: Context<AppEnv>, scope: SignOutScope = 'local'): Promise<void> {
  const auth = c.get('auth');
  if (scope === 'global') {
    const current = await auth.api.getSession({ headers: authHeaders(c) });
    if (current) {
      await revokeSessions(c.get('deps').database.db, {
        userId: current.user.id,
        exceptSessionId: current.session.id,
        reason: 'signed_out_everywhere',
      });
    }
  }
  try {
    const { headers } = await auth.api.signOut({ headers: authHeaders(c), returnHeaders: true });
    forwardCookies(c, headers);
  } catch (error) {
    // Signing out without a valid session still clears the cookie (local sign-out).
    if (!(error instanceof APIError)) throw error;
    await clearSessionCookie(c);
  }
}
