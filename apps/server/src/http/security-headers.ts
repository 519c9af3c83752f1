import { secureHeaders } from 'hono/secure-headers';
import type { Config } from '../config/env.js';

/**
 * A strict policy: scripts, fonts, images and connections only from our own origin.
 * Inline style attributes stay allowed because Radix positions popovers with them and the
 * toast library injects its stylesheet; inline scripts are never allowed (see ADR 0002).
 */
export function securityHeaders(config: Config) {
  return secureHeaders({
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
}
