import { getConnInfo } from '@hono/node-server/conninfo';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.js';

/**
 * The client's address: the socket's peer, unless TRUST_PROXY_HOPS says that many reverse proxies
 * of ours stand in front, in which case the entry that many steps from the right of
 * X-Forwarded-For. Entries further left were written by the client and are ignored, so rotating
 * a forged X-Forwarded-For does not change who we think is calling.
 */
export function resolveClientIp(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trustedHops: number,
): string {
  const chain = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const addresses = [...chain, peer ?? 'unknown'];
  const index = Math.max(0, addresses.length - 1 - trustedHops);
  return normalizeIp(addresses[index] ?? 'unknown');
}

function normalizeIp(address: string): string {
  // IPv4 clients on a dual-stack socket arrive as ::ffff:a.b.c.d.
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

export function clientIp(trustedHops: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let peer: string | undefined;
    try {
      peer = getConnInfo(c).remote.address;
    } catch {
      peer = undefined; // not running on a Node socket (e.g. app.request() in tests)
    }
    c.set('clientIp', resolveClientIp(peer, c.req.header('X-Forwarded-For'), trustedHops));
    await next();
  };
}
