import path from 'node:path';

/**
 * The end-to-end server (playwright.config.ts starts it): a fixed, unusual port, and the two
 * stand-ins on the next two. MAKTABA_E2E_PORT moves all three, so two runs can share a machine.
 */
export const E2E_PORT = Number(process.env.MAKTABA_E2E_PORT ?? 4390);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/**
 * Stand-ins the end-to-end server talks to, started once per run by e2e/global-setup.ts:
 * a real SMTP server that captures every message, and an OpenID Connect server playing Google.
 */
export const SMTP_PORT = E2E_PORT + 2;
export const OIDC_PORT = E2E_PORT + 1;
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
export const GOOGLE_CLIENT_ID = 'maktaba-e2e';
export const GOOGLE_CLIENT_SECRET = 'maktaba-e2e-secret';

/** Where the SMTP capture writes each message (one JSON file per message); set by playwright.config.ts. */
export function mailDir(): string {
  const dir = process.env.MAKTABA_E2E_MAIL_DIR;
  if (!dir) throw new Error('MAKTABA_E2E_MAIL_DIR is not set: run the tests through playwright.config.ts');
  return path.resolve(dir);
}
