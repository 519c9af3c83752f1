/**
 * What a service may know of the request it serves, read by the route: services take this, never
 * Hono's Context, so they can be called from a command-line tool or a test without a request.
 */
export type RequestMetadata = {
  /** The client address, as the trusted proxies tell it (TRUST_PROXY_HOPS). */
  clientIp: string;
  userAgent: string | undefined;
  /** The reader's languages, for e-mail sent on their behalf when the request names none. */
  acceptLanguage: string | undefined;
};
