import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  BackupCodesSchema,
  PasskeyListSchema,
  PasskeyNameSchema,
  PasskeyRegisterSchema,
  PasskeySchema,
  PasskeySignInSchema,
  SecuritySettingsSchema,
  TwoFactorConfirmSchema,
  TwoFactorPasswordSchema,
  TwoFactorSetupSchema,
  TwoFactorVerifySchema,
  WebAuthnJsonSchema,
} from '@maktaba/shared/schemas/security';
import { AuthStateSchema } from '@maktaba/shared/schemas/session';
import type { Context } from 'hono';
import { NO_STORE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { requireActor, requirePermission } from '../../http/guards.js';
import { errorJson, json, jsonBody } from '../../http/openapi.js';
import { enforceRateLimits, type RateLimit } from '../../http/rate-limit.js';
import { requestMetadata } from '../../http/request-metadata.js';
import { readAuthStateAfterSignIn } from './auth.routes.js';
import {
  deletePasskey,
  listPasskeys,
  registerPasskey,
  registrationOptions,
  renamePasskey,
  signInOptions,
  signInWithPasskey,
} from './passkeys.service.js';
import { getSecuritySettings, saveSecuritySettings } from './security-settings.js';
import { authHeaders, setCookies } from './session.js';
import {
  completeTwoFactorSignIn,
  confirmTwoFactor,
  disableTwoFactor,
  regenerateBackupCodes,
  startTwoFactorSetup,
} from './two-factor.service.js';

/**
 * Second steps and passkey ceremonies, counted by address before better-auth sees them (its own
 * limiter does not run for calls made from the server). The plugin's per-challenge and
 * per-account lockouts apply on top.
 */
export const SECOND_FACTOR_LIMITS = {
  byIp: { name: 'second-factor:ip', limit: 30, windowMs: 10 * 60_000 },
} as const satisfies { byIp: RateLimit };
export const ACCOUNT_SECURITY_LIMITS = {
  byIp: { name: 'account-security:ip', limit: 60, windowMs: 10 * 60_000 },
  byUser: { name: 'account-security:user', limit: 30, windowMs: 10 * 60_000 },
} as const satisfies { byIp: RateLimit; byUser: RateLimit };

const refusals = {
  400: errorJson('Refused (a wrong password: CURRENT_PASSWORD_INCORRECT)'),
  401: errorJson('Not signed in'),
  422: errorJson('Validation failed'),
  429: errorJson('Too many attempts'),
};
const signInRefusals = {
  400: errorJson('Invalid input'),
  401: errorJson('INVALID_TWO_FACTOR_CODE, or TWO_FACTOR_CHALLENGE_EXPIRED (sign in again)'),
  403: errorJson('ACCOUNT_DISABLED'),
  422: errorJson('Validation failed'),
  429: errorJson('RATE_LIMITED, or TWO_FACTOR_LOCKED'),
};
const IdParams = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' } }),
});
const OptionsSchema = z.object({ options: WebAuthnJsonSchema });

const signedIn = (method: 'get' | 'post' | 'patch' | 'delete' | 'put', path: string, summary: string) => ({
  method,
  path,
  tags: ['Auth'],
  summary,
  middleware: requireActor(),
});
const open = (path: string, summary: string) => ({ method: 'post' as const, path, tags: ['Auth'], summary });

const enableRoute = createRoute({
  ...signedIn(
    'post',
    '/auth/two-factor/enable',
    'Start setting up two-factor sign-in (the password confirms it): the authenticator app secret and backup codes',
  ),
  request: jsonBody(TwoFactorPasswordSchema),
  responses: { 200: json(TwoFactorSetupSchema, 'Setup'), ...refusals },
});
const confirmRoute = createRoute({
  ...signedIn(
    'post',
    '/auth/two-factor/confirm',
    'Finish the setup with a code from the app: two-factor sign-in is on',
  ),
  request: jsonBody(TwoFactorConfirmSchema),
  responses: { 200: json(AuthStateSchema, 'On (the session is renewed)'), ...refusals },
});
const disableRoute = createRoute({
  ...signedIn('post', '/auth/two-factor/disable', 'Turn two-factor sign-in off (the password confirms it)'),
  request: jsonBody(TwoFactorPasswordSchema),
  responses: { 200: json(AuthStateSchema, 'Off (the session is renewed)'), ...refusals },
});
const backupCodesRoute = createRoute({
  ...signedIn(
    'post',
    '/auth/two-factor/backup-codes',
    'New backup codes (the password confirms it); the old ones stop working',
  ),
  request: jsonBody(TwoFactorPasswordSchema),
  responses: { 200: json(BackupCodesSchema, 'Backup codes, shown once'), ...refusals },
});
const verifyTotpRoute = createRoute({
  ...open('/auth/two-factor/verify-totp', "A password sign-in's second step: the code from the authenticator app"),
  request: jsonBody(TwoFactorVerifySchema),
  responses: { 200: json(AuthStateSchema, 'Signed in'), ...signInRefusals },
});
const verifyBackupRoute = createRoute({
  ...open(
    '/auth/two-factor/verify-backup-code',
    "A password sign-in's second step with a backup code (each works once)",
  ),
  request: jsonBody(TwoFactorVerifySchema),
  responses: { 200: json(AuthStateSchema, 'Signed in'), ...signInRefusals },
});
const listPasskeysRoute = createRoute({
  ...signedIn('get', '/auth/passkeys', 'Your passkeys'),
  responses: { 200: json(PasskeyListSchema, 'Passkeys'), 401: refusals[401] },
});
const registrationOptionsRoute = createRoute({
  ...signedIn('post', '/auth/passkeys/registration-options', "Options for the browser's passkey registration"),
  responses: { 200: json(OptionsSchema, 'WebAuthn options'), ...refusals },
});
const registerRoute = createRoute({
  ...signedIn('post', '/auth/passkeys', "Add a passkey: the browser's registration answer and a name"),
  request: jsonBody(PasskeyRegisterSchema),
  responses: { 201: json(PasskeySchema, 'Added'), ...refusals },
});
const renameRoute = createRoute({
  ...signedIn('patch', '/auth/passkeys/{id}', 'Rename one of your passkeys'),
  request: { params: IdParams, ...jsonBody(PasskeyNameSchema) },
  responses: { 200: json(PasskeySchema, 'Renamed'), 404: errorJson('No such passkey of yours'), ...refusals },
});
const deleteRoute = createRoute({
  ...signedIn('delete', '/auth/passkeys/{id}', 'Remove one of your passkeys'),
  request: { params: IdParams },
  responses: { 204: { description: 'Removed' }, 404: errorJson('No such passkey of yours'), ...refusals },
});
const signInOptionsRoute = createRoute({
  ...open('/auth/passkeys/sign-in-options', "Options for the browser's passkey sign-in"),
  responses: { 200: json(OptionsSchema, 'WebAuthn options'), 429: refusals[429] },
});
const passkeySignInRoute = createRoute({
  ...open('/auth/passkeys/sign-in', "Sign in with a passkey: the browser's answer"),
  request: jsonBody(PasskeySignInSchema),
  responses: { 200: json(AuthStateSchema, 'Signed in'), ...signInRefusals },
});
const getSettingsRoute = createRoute({
  method: 'get',
  path: '/admin/security-settings',
  tags: ['Admin'],
  summary: "The library's security settings (whether administrators must use two-factor sign-in)",
  middleware: requirePermission('admin.system_settings'),
  responses: { 200: json(SecuritySettingsSchema, 'Settings'), 401: refusals[401], 403: errorJson('Not allowed') },
});
const putSettingsRoute = createRoute({
  method: 'put',
  path: '/admin/security-settings',
  tags: ['Admin'],
  summary: "Change the library's security settings (audited)",
  middleware: requirePermission('admin.system_settings'),
  request: jsonBody(SecuritySettingsSchema),
  responses: { 200: json(SecuritySettingsSchema, 'Saved'), ...refusals, 403: errorJson('Not allowed') },
});

const db = (c: Context<AppEnv>) => c.get('deps').database.db;
const authCall = (c: Context<AppEnv>) => ({ auth: c.get('auth'), headers: authHeaders(c) });
const who = (c: Context<AppEnv>) => ({ userId: c.get('actor').id, ipAddress: c.get('clientIp') });
const limitAccount = (c: Context<AppEnv>) => enforceRateLimits(c, ACCOUNT_SECURITY_LIMITS, c.get('actor').id);
const limitSecondFactor = (c: Context<AppEnv>) => enforceRateLimits(c, SECOND_FACTOR_LIMITS, null);

// Typed as the plain app: the routes' combined types are too large for the app's route chain.
export const accountSecurityRoutes: OpenAPIHono<AppEnv> = new OpenAPIHono<AppEnv>()
  .openapi(enableRoute, async (c) => {
    await limitAccount(c);
    c.header('Cache-Control', NO_STORE);
    return c.json(await startTwoFactorSetup(authCall(c), c.req.valid('json').password), 200);
  })
  .openapi(confirmRoute, async (c) => {
    await limitAccount(c);
    setCookies(c, await confirmTwoFactor(db(c), authCall(c), c.req.valid('json').code, who(c)));
    return c.json(await readAuthStateAfterSignIn(c), 200);
  })
  .openapi(disableRoute, async (c) => {
    await limitAccount(c);
    setCookies(c, await disableTwoFactor(db(c), authCall(c), c.req.valid('json').password, who(c)));
    return c.json(await readAuthStateAfterSignIn(c), 200);
  })
  .openapi(backupCodesRoute, async (c) => {
    await limitAccount(c);
    c.header('Cache-Control', NO_STORE);
    return c.json(await regenerateBackupCodes(db(c), authCall(c), c.req.valid('json').password, who(c)), 200);
  })
  .openapi(verifyTotpRoute, async (c) => {
    await limitSecondFactor(c);
    setCookies(c, await completeTwoFactorSignIn(db(c), authCall(c), 'totp', c.req.valid('json'), requestMetadata(c)));
    return c.json(await readAuthStateAfterSignIn(c), 200);
  })
  .openapi(verifyBackupRoute, async (c) => {
    await limitSecondFactor(c);
    setCookies(
      c,
      await completeTwoFactorSignIn(db(c), authCall(c), 'backup_code', c.req.valid('json'), requestMetadata(c)),
    );
    return c.json(await readAuthStateAfterSignIn(c), 200);
  })
  .openapi(listPasskeysRoute, async (c) => {
    c.header('Cache-Control', NO_STORE);
    return c.json({ items: await listPasskeys(authCall(c)) }, 200);
  })
  .openapi(registrationOptionsRoute, async (c) => {
    await limitAccount(c);
    const { options, cookies } = await registrationOptions(authCall(c));
    setCookies(c, cookies);
    return c.json({ options }, 200);
  })
  .openapi(registerRoute, async (c) => {
    await limitAccount(c);
    const { passkey, cookies } = await registerPasskey(db(c), authCall(c), c.req.valid('json'), who(c));
    setCookies(c, cookies);
    return c.json(passkey, 201);
  })
  .openapi(renameRoute, async (c) => {
    await limitAccount(c);
    return c.json(await renamePasskey(authCall(c), c.req.valid('param').id, c.req.valid('json').name), 200);
  })
  .openapi(deleteRoute, async (c) => {
    await limitAccount(c);
    await deletePasskey(db(c), authCall(c), c.req.valid('param').id, who(c));
    return c.body(null, 204);
  })
  .openapi(signInOptionsRoute, async (c) => {
    await limitSecondFactor(c);
    const { options, cookies } = await signInOptions(authCall(c));
    setCookies(c, cookies);
    return c.json({ options }, 200);
  })
  .openapi(passkeySignInRoute, async (c) => {
    await limitSecondFactor(c);
    setCookies(c, await signInWithPasskey(db(c), authCall(c), c.req.valid('json').response, requestMetadata(c)));
    return c.json(await readAuthStateAfterSignIn(c), 200);
  })
  .openapi(getSettingsRoute, async (c) => c.json(await getSecuritySettings(db(c)), 200))
  .openapi(putSettingsRoute, async (c) =>
    c.json(
      await saveSecuritySettings(db(c), c.req.valid('json'), {
        actorId: c.get('actor').id,
        ipAddress: c.get('clientIp'),
      }),
      200,
    ),
  );
