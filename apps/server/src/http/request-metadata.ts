import type { Context } from 'hono';
import type { RequestMetadata } from '../request-metadata.js';
import type { AppEnv } from './context.js';

/** What services may know of this request (they never see the Context itself). */
export function requestMetadata(c: Context<AppEnv>): RequestMetadata {
  return {
    clientIp: c.get('clientIp'),
    userAgent: c.req.header('User-Agent'),
    acceptLanguage: c.req.header('Accept-Language'),
  };
}
