import type { BackupCodes, TwoFactorSetup, TwoFactorVerifyInput } from '@maktaba/shared/schemas/security';
import { APIError } from 'better-auth/api';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { RequestMetadata } from '../../request-metadata.js';
import { recordSignIn } from '../profiles/profiles.repository.js';
import { recordUserActivity } from '../users/user-activity.repository.js';
import { insertAudit } from '../users/users.repository.js';
import type { Auth } from './auth.js';
import { insertSecurityEvent } from './security.repository.js';

/** better-auth, and the request's headers for it (as in auth.service.ts). */
type AuthCall = { auth: Auth; headers: Headers };

/** What better-auth's two-factor and passkey plugins answer, as our error codes (translated by the app). */
const PLUGIN_ERRORS: Record<string, ConstructorParameters<typeof AppError>[0]> = {
  INVALID_PASSWORD: 'CURRENT_PASSWORD_INCORRECT',
  INVALID_CODE: 'INVALID_TWO_FACTOR_CODE',
  INVALID_BACKUP_CODE: 'INVALID_TWO_FACTOR_CODE',
  INVALID_TWO_FACTOR_COOKIE: 'TWO_FACTOR_CHALLENGE_EXPIRED',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'TWO_FACTOR_CHALLENGE_EXPIRED',
  ACCOUNT_TEMPORARILY_LOCKED: 'TWO_FACTOR_LOCKED',
  ACCOUNT_DISABLED: 'ACCOUNT_DISABLED',
  TOTP_ALREADY_ENABLED: 'CONFLICT',
  TOTP_NOT_ENABLED: 'BAD_REQUEST',
  TWO_FACTOR_NOT_ENABLED: 'BAD_REQUEST',
  BACKUP_CODES_NOT_ENABLED: 'BAD_REQUEST',
  SESSION_NOT_FRESH: 'RECENT_SIGN_IN_REQUIRED',
  UNAUTHORIZED: 'UNAUTHENTICATED',
  PASSKEY_NOT_FOUND: 'PASSKEY_FAILED',
  AUTHENTICATION_FAILED: 'PASSKEY_FAILED',
  CHALLENGE_NOT_FOUND: 'PASSKEY_FAILED',
  FAILED_TO_VERIFY_REGISTRATION: 'PASSKEY_FAILED',
  YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY: 'PASSKEY_FAILED',
};

/** A plugin's refusal as an AppError; anything else unchanged. */
export function toAppError(error: unknown, fallback: ConstructorParameters<typeof AppError>[0] = 'BAD_REQUEST') {
  if (!(error instanceof APIError)) return error;
  const code = (error.body as { code?: string } | undefined)?.code;
  const mapped = code ? PLUGIN_ERRORS[code] : undefined;
  if (mapped) return new AppError(mapped);
  if (error.statusCode === 429) return new AppError('RATE_LIMITED');
  if (error.statusCode === 401) return new AppError('UNAUTHENTICATED');
  return new AppError(fallback);
}

async function call<T>(run: () => Promise<T>, fallback?: ConstructorParameters<typeof AppError>[0]): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toAppError(error, fallback);
  }
}

type Who = { userId: string; ipAddress: string };

/** Starts the setup: a new secret (for the QR code and for typing in) and backup codes; sign-in asks for a code once confirmed. */
export async function startTwoFactorSetup({ auth, headers }: AuthCall, password: string): Promise<TwoFactorSetup> {
  const result = await call(() => auth.api.enableTwoFactor({ body: { password, method: 'totp' }, headers }));
  if (!('totpURI' in result) || !result.totpURI) throw new AppError('BAD_REQUEST');
  const secret = new URL(result.totpURI).searchParams.get('secret') ?? '';
  return { totp_uri: result.totpURI, secret, backup_codes: result.backupCodes ?? [] };
}

/**
 * Confirms the setup with a code from the app: two-factor sign-in is on from now. better-auth
 * replaces the session (its cookie carries the user), so the new cookies are answered.
 */
export async function confirmTwoFactor(db: Database, { auth, headers }: AuthCall, code: string, who: Who) {
  const result = await call(
    () => auth.api.verifyTOTP({ body: { code }, headers, returnHeaders: true }),
    'INVALID_TWO_FACTOR_CODE',
  );
  await insertAudit(db, {
    actorId: who.userId,
    actionType: 'enable_two_factor',
    targetUser: who.userId,
    ipAddress: who.ipAddress,
  });
  return result.headers.getSetCookie();
}

/** Turns two-factor sign-in off (the password confirms it); the secret and backup codes are deleted. */
export async function disableTwoFactor(db: Database, { auth, headers }: AuthCall, password: string, who: Who) {
  const result = await call(() => auth.api.disableTwoFactor({ body: { password }, headers, returnHeaders: true }));
  await insertAudit(db, {
    actorId: who.userId,
    actionType: 'disable_two_factor',
    targetUser: who.userId,
    ipAddress: who.ipAddress,
  });
  return result.headers.getSetCookie();
}

/** New backup codes (the password confirms it); the old ones stop working. */
export async function regenerateBackupCodes(
  db: Database,
  { auth, headers }: AuthCall,
  password: string,
  who: Who,
): Promise<BackupCodes> {
  const result = await call(() => auth.api.generateBackupCodes({ body: { password }, headers }));
  await insertAudit(db, {
    actorId: who.userId,
    actionType: 'regenerate_backup_codes',
    targetUser: who.userId,
    ipAddress: who.ipAddress,
  });
  return { backup_codes: result.backupCodes };
}

/** What every completed sign-in records, whatever its method: the security event, the count and the time. */
export async function recordCompletedSignIn(
  db: Database,
  { userId, email, method }: { userId: string; email: string; method: string },
  { clientIp, userAgent }: Pick<RequestMetadata, 'clientIp' | 'userAgent'>,
): Promise<void> {
  await insertSecurityEvent(db, {
    eventType: 'login_succeeded',
    action: 'login',
    identifier: email,
    ipAddress: clientIp,
    userAgent,
    allowed: true,
    reasons: method === 'password' ? [] : [method],
  });
  await Promise.all([recordSignIn(db, userId), recordUserActivity(db, userId, 'sign_in')]);
}

/**
 * The second step of a password sign-in: a code from the authenticator app or a backup code. A
 * wrong code is recorded as a failed sign-in; the plugin ends the step after 5 wrong codes and
 * locks the account's second step for 15 minutes after 10. Answers the session's cookies.
 */
export async function completeTwoFactorSignIn(
  db: Database,
  { auth, headers }: AuthCall,
  kind: 'totp' | 'backup_code',
  input: TwoFactorVerifyInput,
  meta: Pick<RequestMetadata, 'clientIp' | 'userAgent'>,
): Promise<string[]> {
  const body = { code: input.code.replace(/\s+/g, ''), trustDevice: input.trust_device ?? false };
  let result: { headers: Headers; response: { user: { id: string; email: string } } };
  try {
    result =
      kind === 'totp'
        ? await auth.api.verifyTOTP({ body, headers, returnHeaders: true })
        : await auth.api.verifyBackupCode({ body, headers, returnHeaders: true });
  } catch (error) {
    const mapped = toAppError(error, 'INVALID_TWO_FACTOR_CODE');
    if (mapped instanceof AppError && mapped.code === 'INVALID_TWO_FACTOR_CODE') {
      await insertSecurityEvent(db, {
        eventType: 'login_failed',
        action: 'login',
        ipAddress: meta.clientIp,
        userAgent: meta.userAgent,
        reasons: [kind === 'totp' ? 'invalid_two_factor_code' : 'invalid_backup_code'],
      });
    }
    throw mapped;
  }
  const { user } = result.response;
  await recordCompletedSignIn(db, { userId: user.id, email: user.email, method: kind }, meta);
  return result.headers.getSetCookie();
}
