/**
 * Where to go after signing in (accounts-and-auth §2): the `returnUrl` query parameter, else
 * `from` in the navigation state, else `/`. Only a path on this site is honoured: `//host`,
 * `/\host` (browsers read both as another host), schemes and anything that resolves to another
 * origin fall back to `/`, so the sign-in page can never be used to send someone elsewhere.
 */

const BASE = 'https://maktaba.invalid';
const AUTH_PATHS = new Set(['/signin', '/signup', '/register', '/login']);

export function getSafeReturnUrl(candidate: unknown, fallback = '/'): string {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 2048) return fallback;
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.includes('\\')) return fallback;
  // Control characters and spaces are stripped by URL parsers and could turn `/ /host` into `//host`.
  if (Array.from(candidate).some((char) => char.charCodeAt(0) <= 0x20 || char.charCodeAt(0) === 0x7f)) return fallback;
  let url: URL;
  try {
    url = new URL(candidate, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  // Coming back to the sign-in page after signing in would only bounce.
  if (AUTH_PATHS.has(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function resolveReturnUrl(returnUrlParam: string | null, navigationState: unknown): string {
  if (returnUrlParam !== null) return getSafeReturnUrl(returnUrlParam);
  const from =
    typeof navigationState === 'object' && navigationState !== null && 'from' in navigationState
      ? (navigationState as { from: unknown }).from
      : null;
  return getSafeReturnUrl(from);
}
