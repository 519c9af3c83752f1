import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { sanitizeEmail } from '@maktaba/shared/sanitize';
import {
  SecurityCheckRequestSchema,
  SecurityCheckResponseSchema,
  SignInSchema,
  SignOutRequestSchema,
  SignUpRequestSchema,
} from '@maktaba/shared/schemas/auth';
import { AuthStateSchema } from '@maktaba/shared/schemas/session';
import type { Context } from 'hono';
import { NO_STORE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { errorJson, json, jsonBody } from '../../http/openapi.js';
import { enforceRateLimits, type RateLimit } from '../../http/rate-limit.js';
import { requestMetadata } from '../../http/request-metadata.js';
import { isRegistrationOpen } from '../settings/system-settings.service.js';
import { type Auth, CLIENT_IP_HEADER } from './auth.js';
import { signIn, signOut, signUp } from './auth.service.js';
import { registrationGate } from './google.js';
import { insertSecurityEvent } from './security.repository.js';
import { evaluateSecurity, SECURITY_RULES } from './security.service.js';
import { authHeaders, readAuthState, SIGNED_OUT, setCookies } from './session.js';

const errors = {
  400: errorJson('Invalid input or form submission'),
  403: errorJson('Blocked by the security check, or the account is not active'),
  422: errorJson('Validation failed; details.fieldErrors holds message keys per field'),
  429: errorJson('Too many attempts'),
};

const sessionRoute = createRoute({
  method: 'get',
  path: '/auth/session',
  tags: ['Auth'],
  summary:
    "The current session, its user and profile (all null when signed out; with a stale cookie, signedOutReason says 'revoked' or 'expired')",
  responses: { 200: json(AuthStateSchema, 'Auth state') },
});

/**
 * Far above what a person signing in or registering needs (one check per attempt; the check
 * itself blocks an address after 20 failed sign-ins in 15 minutes), far below a flood.
 */
export const SECURITY_CHECK_LIMITS = {
  byIp: { name: 'security-check:ip', limit: 60, windowMs: 10 * 60_000 },
} as const satisfies { byIp: RateLimit };

/**
 * Every sign-up attempt from an address counts, whatever its outcome (an e-mail already taken,
 * a refused password, a honeypot), before anything else runs: the spec's 5 registrations an hour
 * per address, which also bounds how many e-mails one address can try (ADR 0012).
 */
export const SIGN_UP_LIMITS = {
  byIp: {
    name: 'sign-up:ip',
    limit: SECURITY_RULES.maxRegistrationsPerIp,
    windowMs: SECURITY_RULES.registrationWindowMs,
  },
} as const satisfies { byIp: RateLimit };

const securityCheckRoute = createRoute({
  method: 'post',
  path: '/auth/security-check',
  tags: ['Auth'],
  summary: 'auth-security: risk of a login or registration attempt from this client',
  request: jsonBody(SecurityCheckRequestSchema),
  responses: { 200: json(SecurityCheckResponseSchema, 'Decision'), 422: errors[422], 429: errors[429] },
});

const signInRoute = createRoute({
  method: 'post',
  path: '/auth/sign-in',
  tags: ['Auth'],
  summary:
    'Sign in with e-mail and password (after the security check); sets the session cookie, or, with two-factor sign-in on, answers twoFactorRequired and waits for the second step',
  request: jsonBody(SignInSchema),
  responses: {
    200: json(AuthStateSchema, 'Signed in'),
    401: errorJson('Invalid email or password'),
    ...errors,
  },
});

const signUpRoute = createRoute({
  method: 'post',
  path: '/auth/sign-up',
  tags: ['Auth'],
  summary:
    'Create an account with its complete profile (both registration steps) in one transaction; 5 attempts an hour per address, whatever their outcome',
  request: jsonBody(SignUpRequestSchema),
  responses: {
    201: json(AuthStateSchema, 'Account created and signed in'),
    409: errorJson('This email is already registered (told only within the per-address limit)'),
    ...errors,
  },
});

const signOutRoute = createRoute({
  method: 'post',
  path: '/auth/sign-out',
  tags: ['Auth'],
  summary: "End this session ('local', the default) or every session of the user ('global')",
  request: { body: { content: { 'application/json': { schema: SignOutRequestSchema } }, required: false } },
  responses: { 204: { description: 'Signed out' }, 422: errors[422] },
});

const db = (c: Context<AppEnv>) => c.get('deps').database.db;
const authCall = (c: Context<AppEnv>) => ({ auth: c.get('auth'), headers: authHeaders(c) });

export const authRoutes = new OpenAPIHono<AppEnv>()
  .openapi(sessionRoute, async (c) => {
    c.header('Cache-Control', NO_STORE);
    return c.json(await readAuthState(c), 200);
  })
  .openapi(securityCheckRoute, async (c) => {
    // Each check writes a security event: counted by address before it runs.
    await enforceRateLimits(c, SECURITY_CHECK_LIMITS, null);
    const input = c.req.valid('json');
    const result = await evaluateSecurity(c.get('deps').database.db, {
      action: input.action,
      identifier: input.identifier,
      ip: c.get('clientIp'),
      userAgent: input.metadata?.userAgent ?? c.req.header('User-Agent'),
      honeypot: input.website,
    });
    return c.json(result, 200);
  })
  .openapi(signInRoute, async (c) => {
    const outcome = await signIn(db(c), authCall(c), c.req.valid('json'), requestMetadata(c));
    setCookies(c, outcome.cookies);
    // Two-factor sign-in: no session until the second step (POST /api/auth/two-factor/verify-totp).
    if (outcome.twoFactorRequired) return c.json({ ...SIGNED_OUT, twoFactorRequired: true as const }, 200);
    return c.json(await readAuthStateAfterSignIn(c), 200);
  })
  .openapi(signUpRoute, async (c) => {
    // Counted by address before anything else runs (the security check, the e-mail lookup, the hash).
    // An address over its limit is recorded once a window, for registration monitoring.
    await enforceRateLimits(c, SIGN_UP_LIMITS, null, async () => {
      const { clientIp, userAgent } = requestMetadata(c);
      await insertSecurityEvent(db(c), {
        eventType: 'registration_failed',
        action: 'registration',
        identifier: sanitizeEmail(c.req.valid('json').email),
        ipAddress: clientIp,
        userAgent,
        reasons: ['too_many_registrations_ip'],
      });
    });
    const { mailer, config } = c.get('deps');
    const mail = { mailer, publicUrl: config.publicUrl };
    setCookies(c, await signUp(db(c), authCall(c), c.req.valid('json'), requestMetadata(c), mail));
    return c.json(await readAuthStateAfterSignIn(c), 201);
  })
  .openapi(signOutRoute, async (c) => {
    // Without a body (no Content-Type) the validated body is empty: a local sign-out.
    setCookies(c, await signOut(db(c), authCall(c), c.req.valid('json').scope ?? 'local'));
    return c.body(null, 204);
  });

/** The new session cookie is in the response, not the request: read the state with it. */
export function readAuthStateAfterSignIn(c: Parameters<typeof readAuthState>[0]) {
  const cookie = c.res.headers
    .getSetCookie()
    .map((entry) => entry.split(';')[0])
    .join('; ');
  return readAuthState(c, cookie);
}

/**
 * better-auth's own endpoints that the product uses directly: the session read and Google
 * sign-in (its start and the provider's return). Everything else under /api/auth is closed:
 * e-mail sign-in and sign-up go through our routes above (security check, profile in the same
 * transaction), password reset and change and the session list through ours (they record why a
 * session ended), and profile changes through /api/profiles (sanitised, safe fields only).
 */
export const PASSTHROUGH = new Set(['/get-session', '/ok', '/sign-in/oauth2', '/oauth2/callback/google']);

export function mountAuthHandler(api: OpenAPIHono<AppEnv>, auth: Auth) {
  api.on(['GET', 'POST'], '/auth/*', async (c, next) => {
    const path = c.req.path.replace(/^\/api\/auth/, '');
    if (!PASSTHROUGH.has(path)) return next();
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    headers.set(CLIENT_IP_HEADER, c.get('clientIp'));
    const request = new Request(c.req.raw, { headers });
    if (path !== '/oauth2/callback/google') return auth.handler(request);
    // A first Google sign-in creates an account: refused while registration is closed (see registrationGate).
    const open = await isRegistrationOpen(db(c));
    return registrationGate.run({ open }, () => auth.handler(request));
  });
}
