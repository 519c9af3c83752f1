import { sanitizeEmail } from '@maktaba/shared/sanitize';
import type { SecurityCheckResponse, SignInInput, SignOutRequest, SignUpRequest } from '@maktaba/shared/schemas/auth';
import { APIError } from 'better-auth/api';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { RequestMetadata } from '../../request-metadata.js';
import { pickLocale } from '../mail/locale.js';
import { assertNoInjection, toAddressColumns, toDisplayName } from '../profiles/profile-input.js';
import { recordSignIn } from '../profiles/profiles.repository.js';
import { assertRegistrationOpen, shippingCountryName } from '../settings/system-settings.service.js';
import { createAccountWithProfile, EmailTakenError } from './accounts.repository.js';
import type { Auth } from './auth.js';
import { isCommonPassword } from './common-passwords.js';
import { type EmailVerificationDeps, sendVerificationLink } from './email-verification.service.js';
import { findUserByEmail } from './password.repository.js';
import { insertSecurityEvent } from './security.repository.js';
import { evaluateSecurity } from './security.service.js';
import { expiredSessionCookie } from './session.js';
import { revokeSessions } from './sessions.repository.js';
import { recordCompletedSignIn } from './two-factor.service.js';

type SignOutScope = SignOutRequest['scope'];

/**
 * What a sign-in or sign-out runs with: better-auth, and the request's headers for it (the
 * cookie, user agent and client address: `authHeaders` in the route). The services answer the
 * Set-Cookie values for the route to send.
 */
export type AuthCall = { auth: Auth; headers: Headers };

function blocked(result: SecurityCheckResponse, fallback: string): AppError {
  return new AppError('SECURITY_BLOCKED', fallback, {
    details: { reasons: result.reasons, riskScore: result.riskScore },
  });
}

/**
 * Starts a better-auth session for verified credentials: the user and the session's cookies. With
 * two-factor sign-in on (and this browser not trusted), there is no session yet: the cookies hold
 * the pending second step instead, and `userId` is null.
 */
async function startSession(
  { auth, headers }: AuthCall,
  email: string,
  password: string,
): Promise<{ userId: string | null; cookies: string[] }> {
  const result = await auth.api.signInEmail({
    body: { email, password, rememberMe: true },
    headers,
    returnHeaders: true,
  });
  const response = result.response as { user?: { id: string }; twoFactorRedirect?: boolean };
  const userId = response.twoFactorRedirect || !response.user ? null : response.user.id;
  return { userId, cookies: result.headers.getSetCookie() };
}

/** What a password sign-in answers: the cookies, and whether the second step (two-factor) is still to come. */
export type SignInOutcome = { cookies: string[]; twoFactorRequired: boolean };

/**
 * Records a registration refused because the e-mail has an account, and answers the refusal.
 * Telling it is a decision (ADR 0012): the per-address sign-up limit bounds how often it is told.
 */
async function emailTaken(
  db: Database,
  { email, ip, userAgent }: { email: string; ip: string; userAgent: string | undefined },
): Promise<AppError> {
  await insertSecurityEvent(db, {
    eventType: 'registration_failed',
    action: 'registration',
    identifier: email,
    ipAddress: ip,
    userAgent,
    reasons: ['email_taken'],
  });
  return new AppError('EMAIL_TAKEN');
}

/**
 * Registration: the account and its profile, then the link that verifies the address (in the
 * reader's language), then a session. Answers the session's cookies.
 */
export async function signUp(
  db: Database,
  call: AuthCall,
  input: SignUpRequest,
  { clientIp: ip, userAgent, acceptLanguage }: RequestMetadata,
  mail: Pick<EmailVerificationDeps, 'mailer' | 'publicUrl'>,
): Promise<string[]> {
  assertNoInjection(input);
  await assertRegistrationOpen(db);
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
  if (await isCommonPassword(input.password)) {
    throw new AppError('VALIDATION_FAILED', undefined, {
      details: { fieldErrors: { password: ['validation.passwordCommon'] } },
    });
  }
  const address = { ...toAddressColumns(input), country: await shippingCountryName(db, input.country) };
  const refuseTaken = () => emailTaken(db, { email, ip, userAgent });
  // A lookup costs far less than the hash (scrypt, 0.1 to 0.25 s of CPU): a taken e-mail never
  // reaches it. The insert below still refuses the e-mail should another sign-up take it meanwhile.
  if (await findUserByEmail(db, email)) throw await refuseTaken();
  const ctx = await call.auth.$context;
  const passwordHash = await ctx.password.hash(input.password);
  let newUserId: string;
  try {
    newUserId = await createAccountWithProfile(db, {
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
    if (error instanceof EmailTakenError) throw await refuseTaken();
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
  await sendVerificationLink(
    { db, ...mail },
    { userId: newUserId, email, locale: pickLocale(input.locale, acceptLanguage) },
  );
  const { userId, cookies } = await startSession(call, email, input.password);
  if (userId) await recordSignIn(db, userId);
  return cookies;
}

/** E-mail and password sign-in, behind the security check. Answers the session's cookies. */
export async function signIn(
  db: Database,
  call: AuthCall,
  input: SignInInput,
  { clientIp: ip, userAgent }: RequestMetadata,
): Promise<SignInOutcome> {
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
  let session: { userId: string | null; cookies: string[] };
  try {
    session = await startSession(call, email, input.password);
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
  const { userId, cookies } = session;
  // The password was right but the second step is still to come: the sign-in is recorded when it
  // completes (two-factor.service.ts), as for a passkey.
  if (!userId) return { cookies, twoFactorRequired: true };
  await recordCompletedSignIn(db, { userId, email, method: 'password' }, { clientIp: ip, userAgent });
  return { cookies, twoFactorRequired: false };
}

/**
 * Ends this session and clears its cookie. With scope 'global' every other session of the user
 * ends first, recorded as revoked, so those browsers are told why they were signed out.
 */
export async function signOut(
  db: Database,
  { auth, headers }: AuthCall,
  scope: SignOutScope = 'local',
): Promise<string[]> {
  if (scope === 'global') {
    const current = await auth.api.getSession({ headers });
    if (current) {
      await revokeSessions(db, {
        userId: current.user.id,
        exceptSessionId: current.session.id,
        reason: 'signed_out_everywhere',
      });
    }
  }
  try {
    const result = await auth.api.signOut({ headers, returnHeaders: true });
    return result.headers.getSetCookie();
  } catch (error) {
    // Signing out without a valid session still clears the cookie (local sign-out).
    if (!(error instanceof APIError)) throw error;
    return [await expiredSessionCookie(auth)];
  }
}
