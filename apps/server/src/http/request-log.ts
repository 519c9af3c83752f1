import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.js';

/** Attaches a child logger carrying the request id, and logs each request once it is answered. */
export function requestLog(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const log = c.get('deps').logger.child({ reqId: c.get('requestId') });
    c.set('log', log);
    await next();
    const isApi = c.req.path.startsWith('/api/');
    const entry = {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    };
    if (isApi) log.info(entry, 'request');
    else log.debug(entry, 'request');
  };
}
