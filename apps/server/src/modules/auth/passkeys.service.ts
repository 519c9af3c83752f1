import { getAuthenticatorName } from '@better-auth/passkey';
import type { Passkey } from '@maktaba/shared/schemas/security';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { RequestMetadata } from '../../request-metadata.js';
import { insertAudit } from '../users/users.repository.js';
import type { Auth } from './auth.js';
import { insertSecurityEvent } from './security.repository.js';
import { recordCompletedSignIn, toAppError } from './two-factor.service.js';

/** better-auth, and the request's headers for it (as in auth.service.ts). */
type AuthCall = { auth: Auth; headers: Headers };

type StoredPasskey = {
  id: string;
  name?: string | null;
  aaguid?: string | null;
  deviceType: string;
  backedUp: boolean;
  createdAt?: Date | string | null;
};

function toPasskey(row: StoredPasskey): Passkey {
  return {
    id: row.id,
    name: row.name ?? null,
    authenticator: getAuthenticatorName(row.aaguid ?? undefined) ?? null,
    device_type: row.deviceType,
    backed_up: row.backedUp,
    created_at: row.createdAt ? new Date(row.createdAt).toISOString() : null,
  };
}

async function passkeyCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toAppError(error, 'PASSKEY_FAILED');
  }
}

type Who = { userId: string; ipAddress: string };

export async function listPasskeys({ auth, headers }: AuthCall): Promise<Passkey[]> {
  const rows = await passkeyCall(() => auth.api.listPasskeys({ headers }));
  return (rows as StoredPasskey[]).map(toPasskey);
}

/** The options for the browser's registration ceremony; the challenge waits in a short-lived cookie. */
export async function registrationOptions({ auth, headers }: AuthCall) {
  const result = await passkeyCall(() =>
    auth.api.generatePasskeyRegistrationOptions({ headers, query: {}, returnHeaders: true }),
  );
  return { options: result.response as unknown as Record<string, unknown>, cookies: result.headers.getSetCookie() };
}

/** Verifies the browser's answer and keeps the passkey under the reader's name for it. */
export async function registerPasskey(
  db: Database,
  { auth, headers }: AuthCall,
  input: { response: Record<string, unknown>; name?: string | undefined },
  who: Who,
): Promise<{ passkey: Passkey; cookies: string[] }> {
  const result = await passkeyCall(() =>
    auth.api.verifyPasskeyRegistration({
      // biome-ignore lint/suspicious/noExplicitAny: the browser's WebAuthn answer, checked by the plugin.
      body: { response: input.response as any, name: input.name || undefined },
      headers,
      returnHeaders: true,
    }),
  );
  const passkey = toPasskey(result.response as unknown as StoredPasskey);
  await insertAudit(db, {
    actorId: who.userId,
    actionType: 'add_passkey',
    targetUser: who.userId,
    metadata: { passkey_id: passkey.id, name: passkey.name },
    ipAddress: who.ipAddress,
  });
  return { passkey, cookies: result.headers.getSetCookie() };
}

async function findOwn(call: AuthCall, id: string): Promise<Passkey> {
  const own = (await listPasskeys(call)).find((passkey) => passkey.id === id);
  if (!own) throw new AppError('NOT_FOUND');
  return own;
}

export async function renamePasskey(call: AuthCall, id: string, name: string): Promise<Passkey> {
  await findOwn(call, id);
  const result = await passkeyCall(() => call.auth.api.updatePasskey({ body: { id, name }, headers: call.headers }));
  return toPasskey((result as { passkey: StoredPasskey }).passkey);
}

export async function deletePasskey(db: Database, call: AuthCall, id: string, who: Who): Promise<void> {
  const own = await findOwn(call, id);
  await passkeyCall(() => call.auth.api.deletePasskey({ body: { id }, headers: call.headers }));
  await insertAudit(db, {
    actorId: who.userId,
    actionType: 'remove_passkey',
    targetUser: who.userId,
    metadata: { passkey_id: id, name: own.name },
    ipAddress: who.ipAddress,
  });
}

/** The options for a sign-in ceremony (any passkey of this site: the browser offers the reader's own). */
export async function signInOptions({ auth, headers }: AuthCall) {
  const result = await passkeyCall(() =>
    auth.api.generatePasskeyAuthenticationOptions({ headers, returnHeaders: true }),
  );
  return { options: result.response as unknown as Record<string, unknown>, cookies: result.headers.getSetCookie() };
}

/** Signs in with a passkey: a session, with what every sign-in records. Answers the session's cookies. */
export async function signInWithPasskey(
  db: Database,
  { auth, headers }: AuthCall,
  response: Record<string, unknown>,
  meta: Pick<RequestMetadata, 'clientIp' | 'userAgent'>,
): Promise<string[]> {
  let result: { headers: Headers; response: unknown };
  try {
    result = await passkeyCall(() =>
      // biome-ignore lint/suspicious/noExplicitAny: the browser's WebAuthn answer, checked by the plugin.
      auth.api.verifyPasskeyAuthentication({ body: { response: response as any }, headers, returnHeaders: true }),
    );
  } catch (error) {
    // A passkey that does not verify is a failed sign-in like a wrong password: recorded, and
    // counted by the security check's limits for the address.
    if (error instanceof AppError && error.code === 'PASSKEY_FAILED') {
      await insertSecurityEvent(db, {
        eventType: 'login_failed',
        action: 'login',
        ipAddress: meta.clientIp,
        userAgent: meta.userAgent,
        reasons: ['invalid_passkey'],
      });
    }
    throw error;
  }
  const { user } = result.response as { user: { id: string; email: string } };
  await recordCompletedSignIn(db, { userId: user.id, email: user.email, method: 'passkey' }, meta);
  return result.headers.getSetCookie();
}
