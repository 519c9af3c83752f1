import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Config } from '../config/env.js';

/**
 * The password reset page carries a secret in its address (the link's token, in the hash or the
 * query): it sends no Referer at all, whatever the page loads or links to.
 */
const NO_REFERRER_PAGES = /^\/auth\/update-password\/?$/;

/**
 * A strict policy: scripts, fonts, images and connections only from our own origin.
 * Inline style attributes stay allowed because Radix positions popovers with them and the
 * toast library injects its stylesheet; inline scripts are never allowed (see ADR 0002).
 */
export function securityHeaders(config: Config): MiddlewareHandler {
  const headers = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      manifestSrc: ["'self'"],
      workerSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(config.isHttps ? { upgradeInsecureRequests: [] } : {}),
    },
    strictTransportSecurity: config.isHttps ? 'max-age=63072000; includeSubDomains' : false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    xContentTypeOptions: 'nosniff',
    xFrameOptions: 'DENY',
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: 'same-origin',
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: [],
    },
  });
  return async (c, next) => {
    await headers(c, next);
    if (NO_REFERRER_PAGES.test(c.req.path)) c.res.headers.set('Referrer-Policy', 'no-referrer');
  };
}
