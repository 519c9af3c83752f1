import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The end-to-end server's admin: created with the first-admin command (npm run user:create) on the
 * fresh data directory before the server starts, as an operator would. Its first sign-in, like
 * every account made on the command line, still asks for a shipping address.
 */
export const E2E_ADMIN = { email: 'admin@e2e.maktaba.test', password: 'Minbar-Ledger-2026' } as const;

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function createE2eAdmin(dataDir: string) {
  execFileSync(
    process.execPath,
    [
      path.join(REPO_ROOT, 'apps/server/dist/bin/user-create.js'),
      '--email',
      E2E_ADMIN.email,
      '--role',
      'admin',
      '--password-stdin',
    ],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '' },
      input: `${E2E_ADMIN.password}\n`,
      stdio: ['pipe', 'ignore', 'inherit'],
    },
  );
}
