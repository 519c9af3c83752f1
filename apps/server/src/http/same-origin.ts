import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.js';
import { AppError } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for the API. Session cookies are SameSite=Lax, and on top of
 * that a browser's write request must come from our own origin (PUBLIC_URL). Requests without an
 * Origin header are not from a browser form or script on another site, so they pass.
 */
export function sameOriginWrites(publicUrl: string): MiddlewareHandler<AppEnv> {
  const allowed = new URL(publicUrl).origin;
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('Origin');
      if (origin !== undefined && origin !== allowed) {
        throw new AppError('FORBIDDEN', 'Cross-origin requests are not accepted.');
      }
    }
    await next();
  };
}
