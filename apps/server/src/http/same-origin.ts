import type { MiddlewareHandler } from 'hono';
import { AppError } from '../errors.js';
import type { AppEnv } from './context.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for the API. Session cookies are SameSite=Lax, and on top of
 * that a browser's write request must come from one of our own origins (config.allowedOrigins).
 * Requests without an Origin header are not from a browser form or script on another site.
 */
export function sameOriginWrites(allowedOrigins: readonly string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(allowedOrigins);
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('Origin');
      if (origin !== undefined && !allowed.has(origin)) {
        throw new AppError('FORBIDDEN', 'Cross-origin requests are not accepted.');
      }
    }
    await next();
  };
}
