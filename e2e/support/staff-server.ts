import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADDRESS } from '../auth-fixtures';
import { SMTP_PORT } from './e2e-env';

/**
 * A server of its own with an admin, a librarian and a patron, for the tests of staff screens.
 * Nothing in the app hands out roles yet; an operator does it with `npm run user:create -- --promote`,
 * which needs the embedded database to itself. So the accounts register on a fresh server like
 * anyone else, the server stops, the command line promotes two of them, and the server starts again.
 */
export type StaffRole = 'admin' | 'librarian' | 'patron';
export type StaffAccount = { email: string; password: string };
export type StaffServer = { baseURL: string; accounts: Record<StaffRole, StaffAccount>; close: () => Promise<void> };

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ROLES: StaffRole[] = ['admin', 'librarian', 'patron'];

async function waitForHealth(baseURL: string, server: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${baseURL} did not become healthy`);
}

function start(env: NodeJS.ProcessEnv, baseURL: string) {
  const server = spawn(process.execPath, [path.join(REPO_ROOT, 'apps/server/dist/index.js')], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
  return waitForHealth(baseURL, server).then(() => stop);
}

export async function startStaffServer(port: number): Promise<StaffServer> {
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'maktaba-e2e-staff-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseURL,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    TRUST_PROXY_HOPS: '1',
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  };
  const run = `${Date.now().toString(36)}${randomInt(1000)}`;
  const accounts = Object.fromEntries(
    ROLES.map((role) => [
      role,
      { email: `${role}-${run}@staff.example.org`, password: `Quiet-Shelf-${randomInt(1000, 9999)}` },
    ]),
  ) as Record<StaffRole, StaffAccount>;

  let stop = await start(env, baseURL);
  for (const [index, role] of ROLES.entries()) {
    const { email, password } = accounts[role];
    const response = await fetch(`${baseURL}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.77.${port % 256}.${index + 1}` },
      body: JSON.stringify({ email, password, name: `Staff ${role}`, ...ADDRESS }),
    });
    if (response.status !== 201) throw new Error(`sign-up of ${role}: ${response.status} ${await response.text()}`);
  }
  await stop();
  for (const role of ['admin', 'librarian'] as const) {
    execFileSync(
      process.execPath,
      [
        path.join(REPO_ROOT, 'apps/server/dist/cli/user-create.js'),
        '--email',
        accounts[role].email,
        '--role',
        role,
        '--promote',
      ],
      { cwd: REPO_ROOT, env: { ...env, LOG_LEVEL: 'silent' }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  stop = await start(env, baseURL);
  return {
    baseURL,
    accounts,
    close: async () => {
      await stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
