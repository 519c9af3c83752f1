import { passkey } from '@better-auth/passkey';
import { LIMITS } from '@maktaba/shared/constants';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../../config/env.js';
import type { Database } from '../../db/client.js';
import {
  authAccounts,
  authPasskeys,
  authRateLimits,
  authSessions,
  authTwoFactors,
  authUsers,
  authVerifications,
  profiles,
} from '../../db/schema/index.js';
import {
  googlePlugins,
  OAUTH_RETURN_PATH,
  refuseGoogleTakeover,
  registrationGate,
  validateGoogleUserInfo,
} from './google.js';
import { passwordHasher } from './password-hash.js';

/** Set by our routes from the resolved client address; anything a client sends under it is dropped. */
export const CLIENT_IP_HEADER = 'x-maktaba-client-ip';

export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

const BASE_PATH = '/api/auth';

export function createAuth(options: { config: Config; db: Database; secret: string; logger: Logger }) {
  const { config, db, secret, logger } = options;
  return betterAuth({
    appName: 'Maktaba',
    // Links and cookies are built from configuration, never from the request's Host header.
    baseURL: config.publicUrl,
    basePath: BASE_PATH,
    secret,
    trustedOrigins: config.allowedOrigins,
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      transaction: true,
      schema: {
        user: authUsers,
        session: authSessions,
        account: authAccounts,
        verification: authVerifications,
        rateLimit: authRateLimits,
        twoFactor: authTwoFactors,
        passkey: authPasskeys,
      },
    }),
    emailAndPassword: {
      enabled: true,
      // Accounts are created only by POST /api/auth/sign-up, which writes the user and the
      // complete profile in one transaction; better-auth's own sign-up would leave no profile.
      disableSignUp: true,
      // Sign-in accepts 6 (older accounts); every new password is checked against the
      // registration rule by our own routes before it reaches better-auth.
      minPasswordLength: LIMITS.signInPasswordMinLength,
      maxPasswordLength: LIMITS.passwordMaxLength,
      revokeSessionsOnPasswordReset: true,
      password: passwordHasher(config.passwordScryptN),
    },
    // Google sign-in through the generic OpenID Connect plugin (google.ts says why).
    plugins: [...googlePlugins(config, BASE_PATH), ...securityPlugins(config)],
    // OAuth failures that happen before the flow's own error address is known (an unknown or
    // tampered state) go to the same page, which shows them.
    onAPIError: { errorURL: `${config.publicUrl}${OAUTH_RETURN_PATH}` },
    user: { validateUserInfo: validateGoogleUserInfo },
    account: {
      encryptOAuthTokens: true,
      accountLinking: {
        enabled: true,
        // Google is not trusted blindly: linking to an existing account needs Google's
        // email_verified AND a verified address on our side (see refuseGoogleTakeover).
        trustedProviders: [],
        requireLocalEmailVerified: true,
      },
    },
    session: {
      expiresIn: SESSION_MAX_AGE_SECONDS,
      updateAge: 24 * 60 * 60,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
    },
    advanced: {
      database: { generateId: 'uuid' },
      cookiePrefix: 'maktaba',
      // Secure cookies (and with them the __Secure- prefix) whenever we are served over HTTPS.
      useSecureCookies: config.isHttps,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.isHttps },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      // Only a first Google sign-in creates a user through better-auth: refused while registration is closed.
      user: {
        create: {
          before: async () => {
            // Read by the provider's return route before better-auth's transaction began.
            if (registrationGate.getStore()?.open === false) {
              throw new APIError('FORBIDDEN', { code: 'REGISTRATION_CLOSED', message: 'Registration is closed' });
            }
          },
        },
      },
      account: {
        create: { before: async (account, context) => refuseGoogleTakeover(account, context) },
      },
      session: {
        create: {
          // Suspended and deactivated accounts cannot start a session, whatever the sign-in method.
          before: async (session) => {
            const [profile] = await db
              .select({ status: profiles.status })
              .from(profiles)
              .where(eq(profiles.id, session.userId));
            if (profile && profile.status !== 'active') {
              throw new APIError('FORBIDDEN', { message: 'Account is not active', code: 'ACCOUNT_DISABLED' });
            }
          },
        },
      },
    },
    logger: {
      log: (level, message, ...args) => {
        const method = level === 'error' ? 'error' : level === 'warn' ? 'warn' : 'debug';
        logger[method]({ module: 'auth', args: args.length > 0 ? args : undefined }, message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** How long "Trust this device" spares a browser the second step. */
export const TRUST_DEVICE_DAYS = 30;

/**
 * The WebAuthn relying party: the public address's host name. Browsers refuse an IP address as
 * one, so a loopback address (a local run, the end-to-end tests) uses `localhost`, which
 * browsers treat as a secure context on plain HTTP.
 */
export function passkeyRelyingParty(publicUrl: string): { rpID: string; origin: string[] } {
  const url = new URL(publicUrl);
  const isIp = /^[\d.]+$|^\[/.test(url.hostname);
  const rpID = isIp ? 'localhost' : url.hostname;
  const origins = new Set([url.origin]);
  if (isIp) origins.add(`${url.protocol}//localhost${url.port ? `:${url.port}` : ''}`);
  return { rpID, origin: [...origins] };
}

/**
 * Two-factor sign-in (an authenticator app's codes, with backup codes) and passkeys, both by
 * better-auth's plugins. Their endpoints stay closed under /api/auth: our routes
 * (account-security.routes.ts) call them, and record what a sign-in records.
 */
function securityPlugins(config: Config) {
  return [
    twoFactor({
      issuer: 'Maktaba',
      trustDeviceMaxAge: TRUST_DEVICE_DAYS * 24 * 60 * 60,
      backupCodeOptions: { amount: 10, length: 10 },
    }),
    passkey({
      rpName: 'Maktaba',
      ...passkeyRelyingParty(config.publicUrl),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    }),
  ];
}
