import { OAuth2Server } from 'oauth2-mock-server';

/**
 * A local OpenID Connect server standing in for Google (oauth2-mock-server). Which account the
 * "Google" user signs in with is chosen per browser context by a cookie on 127.0.0.1 (cookies
 * are shared across ports), so tests running in parallel never see each other's identity:
 *
 *   await context.addCookies([oidcIdentityCookie({ sub, email, name })]);
 *
 * With `error` set, the authorization step answers with that error instead of a code, as Google
 * does when the user cancels ("access_denied").
 */
export type OidcIdentity = {
  sub: string;
  email: string;
  name: string;
  email_verified?: boolean;
  error?: string;
  error_description?: string;
};

export const OIDC_IDENTITY_COOKIE = 'e2e_oidc_identity';

export function oidcIdentityCookie(identity: OidcIdentity, domain = '127.0.0.1') {
  return {
    name: OIDC_IDENTITY_COOKIE,
    value: Buffer.from(JSON.stringify(identity)).toString('base64url'),
    domain,
    path: '/',
  };
}

function identityFromCookie(cookieHeader: string | undefined): OidcIdentity | null {
  const match = cookieHeader?.split(/;\s*/).find((part) => part.startsWith(`${OIDC_IDENTITY_COOKIE}=`));
  if (!match) return null;
  try {
    return JSON.parse(Buffer.from(match.slice(OIDC_IDENTITY_COOKIE.length + 1), 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

function claimsOf(identity: OidcIdentity) {
  return {
    sub: identity.sub,
    email: identity.email,
    name: identity.name,
    email_verified: identity.email_verified ?? true,
  };
}

export async function startOidcMock(options: { port: number; host?: string }) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  const byCode = new Map<string, OidcIdentity>();
  const byAccessToken = new Map<string, OidcIdentity>();

  server.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: { headers: { cookie?: string } }) => {
    const identity = identityFromCookie(req.headers.cookie);
    const code = redirect.url.searchParams.get('code');
    if (!identity || !code) return;
    if (identity.error) {
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', identity.error);
      if (identity.error_description) redirect.url.searchParams.set('error_description', identity.error_description);
      return;
    }
    byCode.set(code, identity);
  });
  server.service.on(
    'beforeTokenSigning',
    (token: { payload: Record<string, unknown> }, req: { body?: Record<string, string> }) => {
      const identity = req.body?.code ? byCode.get(req.body.code) : undefined;
      if (identity) Object.assign(token.payload, claimsOf(identity));
    },
  );
  server.service.on(
    'beforeResponse',
    (response: { body: Record<string, unknown> }, req: { body?: Record<string, string> }) => {
      const code = req.body?.code;
      const identity = code ? byCode.get(code) : undefined;
      if (!code || !identity) return;
      byCode.delete(code);
      if (typeof response.body.access_token === 'string') byAccessToken.set(response.body.access_token, identity);
    },
  );
  server.service.on(
    'beforeUserinfo',
    (response: { body: Record<string, unknown> }, req: { headers: { authorization?: string } }) => {
      const token = req.headers.authorization?.replace(/^Bearer\s+/i, '');
      const identity = token ? byAccessToken.get(token) : undefined;
      if (identity) response.body = claimsOf(identity);
    },
  );

  const host = options.host ?? '127.0.0.1';
  // The library would name itself http://localhost:PORT; the issuer (and with it the address the
  // browser is sent to) must be where it is reached, so the identity cookie above goes with it.
  server.issuer.url = `http://${host}:${options.port}`;
  await server.start(options.port, host);
  return { issuer: server.issuer.url, close: () => server.stop() };
}
