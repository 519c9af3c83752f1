import { AsyncLocalStorage } from 'node:async_hooks';
import type { ErrorBody } from '@maktaba/shared/errors';
import type { BetterAuthOptions, BetterAuthPlugin } from 'better-auth';
import { APIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins';
import { z } from 'zod';
import type { Config } from '../../config/env.js';
import { NO_STORE } from '../../http/cache.js';

export const GOOGLE_PROVIDER_ID = 'google';

/** Where the browser lands after Google, whatever happened there (with `?error=…` on failure). */
export const OAUTH_RETURN_PATH = '/auth/callback';

/**
 * The public addresses of Google sign-in: the browser starts at START_PATH and Google returns to
 * CALLBACK_PATH (the redirect URI registered at Google). better-auth 1.7 serves the same steps
 * at /sign-in/social and /callback/:id; those stay closed, and only these two aliases are open
 * (the passthrough list of auth.routes.ts), so no other provider or better-auth path is reachable.
 */
const START_PATH = '/sign-in/oauth2';
const CALLBACK_PATH = `/oauth2/callback/${GOOGLE_PROVIDER_ID}`;

const StartBodySchema = z.object({ providerId: z.literal(GOOGLE_PROVIDER_ID) }).loose();

function jsonError(status: number, code: ErrorBody['error']['code'], message: string): Response {
  const body: ErrorBody = { error: { code, message } };
  return Response.json(body, { status, headers: { 'Cache-Control': NO_STORE } });
}

function withPath(request: Request, basePath: string, path: string, body?: string): Request {
  const url = new URL(request.url);
  url.pathname = `${basePath}${path}`;
  const headers = new Headers(request.headers);
  if (body !== undefined) {
    headers.set('content-type', 'application/json');
    headers.delete('content-length');
  }
  return new Request(url, {
    method: request.method,
    headers,
    body: body ?? (request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body),
    // Node's fetch needs `duplex` to forward a streamed body.
    duplex: 'half',
  } as RequestInit);
}

/**
 * Maps the two public Google paths onto better-auth's own endpoints. The start request names
 * only the provider: where Google returns to is decided here, from PUBLIC_URL, so a client can
 * never turn sign-in into a redirect to somewhere else.
 */
function googlePaths(config: Config, basePath: string): BetterAuthPlugin {
  const returnUrl = `${config.publicUrl}${OAUTH_RETURN_PATH}`;
  return {
    id: 'maktaba-google-paths',
    onRequest: async (request) => {
      const path = new URL(request.url).pathname.slice(basePath.length);
      if (path !== START_PATH && path !== CALLBACK_PATH) return;
      if (!config.google) return { response: jsonError(404, 'NOT_FOUND', 'Google sign-in is not configured.') };
      if (path === CALLBACK_PATH) return { request: withPath(request, basePath, `/callback/${GOOGLE_PROVIDER_ID}`) };
      if (request.method !== 'POST') return { response: jsonError(404, 'NOT_FOUND', 'Not found.') };
      const parsed = StartBodySchema.safeParse(await request.json().catch(() => null));
      if (!parsed.success) return { response: jsonError(400, 'BAD_REQUEST', 'Unknown sign-in provider.') };
      const body = JSON.stringify({
        provider: GOOGLE_PROVIDER_ID,
        callbackURL: returnUrl,
        errorCallbackURL: returnUrl,
        newUserCallbackURL: returnUrl,
      });
      return { request: withPath(request, basePath, '/sign-in/social', body) };
    },
  };
}

/**
 * Google as an OpenID Connect provider. better-auth's built-in Google provider hard-codes
 * Google's addresses; the generic OAuth plugin reads them from the issuer's discovery document,
 * so GOOGLE_ISSUER (https://accounts.google.com unless set) can point the tests at a local
 * OpenID Connect server while production talks to Google itself.
 */
export function googlePlugins(config: Config, basePath: string): BetterAuthPlugin[] {
  const paths = googlePaths(config, basePath);
  if (!config.google) return [paths];
  const { clientId, clientSecret, issuer } = config.google;
  return [
    paths,
    genericOAuth({
      config: [
        {
          providerId: GOOGLE_PROVIDER_ID,
          name: 'Google',
          discoveryUrl: `${issuer}/.well-known/openid-configuration`,
          clientId,
          clientSecret,
          scopes: ['openid', 'email', 'profile'],
          pkce: true,
          accessType: 'offline',
          prompt: 'consent',
          redirectURI: `${config.publicUrl}${basePath}${CALLBACK_PATH}`,
        },
      ],
    }),
  ];
}

type AccountRow = { userId: string; providerId: string };
type AccountCreateHook = NonNullable<
  NonNullable<NonNullable<NonNullable<BetterAuthOptions['databaseHooks']>['account']>['create']>['before']
>;
type HookContext = Parameters<AccountCreateHook>[1];

/**
 * A Google identity never takes over an account that has a password but an unverified e-mail:
 * whoever registered that address with a password may not own it, and linking would share the
 * account with them. better-auth already refuses such a link (accountLinking
 * requireLocalEmailVerified); this keeps the rule if that option ever changes.
 */
export async function refuseGoogleTakeover(account: AccountRow, context: HookContext): Promise<void> {
  if (account.providerId !== GOOGLE_PROVIDER_ID) return;
  if (!context) throw new APIError('FORBIDDEN', { code: 'ACCOUNT_NOT_LINKED', message: 'Account not linked' });
  // The internal adapter runs inside the sign-in's transaction, so a user created by it is visible.
  const adapter = context.context.internalAdapter;
  const [user, credential] = await Promise.all([
    adapter.findUserById(account.userId),
    adapter.findCredentialAccount(account.userId),
  ]);
  if (credential && !user?.emailVerified) {
    throw new APIError('CONFLICT', { code: 'ACCOUNT_NOT_LINKED', message: 'Account not linked' });
  }
}

/**
 * Whether registration was open when the provider's return began. better-auth creates a first
 * Google user inside its sign-in transaction, where a query on another connection would wait for
 * that transaction (and on PGlite, with one connection, forever): the route reads the setting
 * before handing over, and the user-create hook reads it from here.
 */
export const registrationGate = new AsyncLocalStorage<{ open: boolean }>();

/** Google must vouch for the address, on every sign-in and not only the first. */
export const validateGoogleUserInfo: NonNullable<NonNullable<BetterAuthOptions['user']>['validateUserInfo']> = ({
  user,
  source,
}) => {
  if (source.method !== 'oauth' || source.oauth?.providerId !== GOOGLE_PROVIDER_ID) return;
  if (user.emailVerified !== true) return { error: 'email_not_verified' };
};
