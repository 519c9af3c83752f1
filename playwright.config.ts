import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import type { LangOptions } from './e2e/fixtures';
import { createE2eAdmin } from './e2e/support/admin-account';
import {
  E2E_BASE_URL as BASE_URL,
  GOOGLE_CLIENT_ID,
  GOOGLE_CLIENT_SECRET,
  OIDC_ISSUER,
  E2E_PORT as PORT,
  SMTP_PORT,
} from './e2e/support/e2e-env';

/**
 * End-to-end tests against the production build (`npm run build` first; `npm test` does it).
 * The server runs on a fixed, unusual port with a fresh embedded database, and the browser is the
 * system Chromium: Playwright never downloads one. Every test runs once in English and once in Arabic.
 */

// The config is loaded by the runner and again by every worker: create the data directory once,
// hand it to the workers through the environment, and remove it when the runner exits.
function dataDir(): string {
  const inherited = process.env.MAKTABA_E2E_DATA_DIR;
  if (inherited) return inherited;
  const created = fs.mkdtempSync(path.join(os.tmpdir(), 'maktaba-e2e-'));
  process.env.MAKTABA_E2E_DATA_DIR = created;
  createE2eAdmin(created);
  process.on('exit', () => fs.rmSync(created, { recursive: true, force: true }));
  return created;
}
const DATA_DIR = dataDir();

/**
 * Chromium's headless shell (Debian package `chromium-headless-shell`) is the same engine as the
 * browser without the desktop browser around it; the suite runs in about two thirds of the full
 * browser's time with it. The full `chromium` is the fallback, and CHROMIUM_PATH overrides both.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
process.env.MAKTABA_E2E_MAIL_DIR ??= path.join(DATA_DIR, 'captured-mail');

export default defineConfig<LangOptions>({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // Three on two cores: a test spends part of its time waiting (the splash's 800 ms minimum, debounces,
  // the server), and a third worker fills it; a fourth gained nothing.
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: BASE_URL,
    headless: true,
    viewport: { width: 1280, height: 720 },
    colorScheme: 'light',
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // Each browser starts with the project's language stored as the reader's choice (e2e/fixtures.ts).
    { name: 'en', use: { lang: 'en', locale: 'en-US' } },
    { name: 'ar', use: { lang: 'ar', locale: 'ar' } },
  ],
  webServer: {
    command: 'node apps/server/dist/main.js',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      // Links in e-mail and Google's return address are built from PUBLIC_URL: the address the
      // browser in these tests uses.
      PUBLIC_URL: BASE_URL,
      DATA_DIR,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Tests of sign-in and registration each present their own client address in
      // X-Forwarded-For (e2e/auth-fixtures.ts), so the security check's per-address limits
      // (5 registrations an hour, 20 failed sign-ins in 15 minutes) apply per test, as they would
      // per visitor, instead of to the whole suite running from 127.0.0.1.
      TRUST_PROXY_HOPS: '1',
      // Mail goes to the SMTP capture and Google sign-in to the local OpenID Connect server, both
      // started by e2e/global-setup.ts.
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET,
      GOOGLE_ISSUER: OIDC_ISSUER,
    },
  },
});
