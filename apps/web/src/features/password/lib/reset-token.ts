/**
 * Where a reset link carries its token (accounts-and-auth §2): `#access_token=…` in the hash, as
 * the e-mail builds it, or `?token=…` in the query. Returns the token and the address without it,
 * so it can be taken out of the address bar (and the history) before anything else happens.
 */
export function readResetToken(location: { pathname: string; search: string; hash: string }): {
  token: string | null;
  cleanUrl: string;
} {
  const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
  const query = new URLSearchParams(location.search);
  const token = hash.get('access_token') || query.get('token') || null;
  hash.delete('access_token');
  // Other parameters of a hosted auth service's links (type=recovery, expires_in…) mean nothing here.
  for (const key of ['type', 'expires_in', 'expires_at', 'refresh_token', 'token_type']) hash.delete(key);
  query.delete('token');
  const search = query.size > 0 ? `?${query}` : '';
  const rest = hash.size > 0 ? `#${hash}` : '';
  return { token, cleanUrl: `${location.pathname}${search}${rest}` };
}
