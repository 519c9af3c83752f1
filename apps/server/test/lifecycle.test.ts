/**
 * The built server as an operator runs it: `node apps/server/dist/index.js`, configured by the
 * environment, stopped by a signal.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { HealthSchema } from '@maktaba/shared/schemas/health';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
  dropDatabase,
  latestMigrationTag,
  makeTempDir,
  pgUrl,
  REPO_ROOT,
  SERVER_DIR,
} from './helpers.js';

const ENTRY = path.join(SERVER_DIR, 'dist/index.js');
const SHARED_DIST = path.join(REPO_ROOT, 'packages/shared/dist/constants.js');

type ServerProcess = {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the URL the server printed; rejects when it exits first. */
  ready: Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

const children = new Set<ChildProcess>();
const tempDirs: string[] = [];

function tempDir(): string {
  const dir = makeTempDir('maktaba-lifecycle-');
  tempDirs.push(dir);
  return dir;
}

/** Runs the built server with only the given variables (plus PATH/HOME), never the test runner's. */
function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [ENTRY], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    });
  });
  const ready = new Promise<string>((resolve, reject) => {
    const onData = () => {
      const match = /Maktaba is running at (\S+)/.exec(stdout);
      if (match?.[1]) {
        child.stdout?.off('data', onData);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    void exited.then(({ code, signal }) =>
      reject(new Error(`server exited (code ${code}, signal ${signal}) before it was ready:\n${stdout}\n${stderr}`)),
    );
  });
  ready.catch(() => {});
  return { child, stdout: () => stdout, stderr: () => stderr, ready, exited };
}

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM');
  return server.exited;
}

beforeAll(() => {
  if (!fs.existsSync(ENTRY) || !fs.existsSync(SHARED_DIST)) {
    // Normally built by `npm run build` before the tests; build it here when it is missing.
    execFileSync(process.execPath, [path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'apps/server'], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
      timeout: 120_000,
    });
  }
}, 150_000);

afterAll(() => {
  // Only the children this file started, and only if a failed test left them running.
  for (const child of children) child.kill('SIGKILL');
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('server process', () => {
  it('exits non-zero and names the variable when the configuration is wrong', async () => {
    const server = spawnServer({ PORT: 'abc', DATA_DIR: tempDir() });
    const { code } = await server.exited;
    expect(code).not.toBe(0);
    expect(code).toBe(78);
    expect(server.stderr()).toMatch(/PORT="abc"/);
    expect(server.stderr()).toMatch(/Configuration/);
    expect(server.stdout()).not.toMatch(/running at/);
  });

  it('stops cleanly on SIGTERM and keeps every event across restarts (PGlite)', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const lockFile = path.join(dataDir, 'maktaba.lock');
    for (let round = 1; round <= 2; round++) {
      const server = spawnServer({ DATA_DIR: dataDir });
      const url = await server.ready;
      expect(url).toMatch(/^http:\/\/localhost:\d+$/);
      expect(url).not.toMatch(/:0$/);
      expect(fs.existsSync(lockFile)).toBe(true);
      expect(JSON.parse(fs.readFileSync(lockFile, 'utf8')).pid).toBe(server.child.pid);

      const response = await fetch(`${url}/api/health`);
      expect(response.status).toBe(200);
      const health = HealthSchema.parse(await response.json());
      expect(health.database.driver).toBe('pglite');
      expect(health.migrations.latest).toBe(latestMigrationTag());

      const { code, signal } = await stop(server);
      expect({ code, signal, round }).toEqual({ code: 0, signal: null, round });
      expect(fs.existsSync(lockFile)).toBe(false);
    }

    const db = await PGlite.create(path.join(dataDir, 'db'));
    try {
      const { rows } = await db.query<{ type: string; count: number }>(
        `select type, count(*)::int as count from system_events group by type order by type`,
      );
      expect(rows).toEqual([
        { type: 'server.start', count: 2 },
        { type: 'server.stop', count: 2 },
      ]);
    } finally {
      await db.close();
    }
  });

  it('refuses to start on a data directory another server is using', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const first = spawnServer({ DATA_DIR: dataDir });
    await first.ready;
    try {
      const second = spawnServer({ DATA_DIR: dataDir });
      const { code } = await second.exited;
      expect(code).not.toBe(0);
      expect(second.stderr()).toMatch(/data directory .* is in use/);
      expect(second.stderr()).toContain(`pid ${first.child.pid}`);

      // The first server is unharmed and still owns the directory.
      const response = await fetch(`${await first.ready}/api/health`);
      expect(response.status).toBe(200);
      await response.body?.cancel();
      expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'maktaba.lock'), 'utf8')).pid).toBe(first.child.pid);
    } finally {
      expect((await stop(first)).code).toBe(0);
    }
  });

  it('takes over the lock a killed server left behind', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const first = spawnServer({ DATA_DIR: dataDir });
    await first.ready;
    first.child.kill('SIGKILL');
    await first.exited;
    expect(fs.existsSync(path.join(dataDir, 'maktaba.lock'))).toBe(true);

    const second = spawnServer({ DATA_DIR: dataDir });
    const url = await second.ready;
    const response = await fetch(`${url}/api/health`);
    expect(response.status).toBe(200);
    await response.body?.cancel();
    expect((await stop(second)).code).toBe(0);
  });
});

describe.skipIf(!pgUrl)(`server process on PostgreSQL${pgUrl ? '' : ' [PostgreSQL not found]'}`, () => {
  it('refuses a database whose LC_CTYPE is C, pointing at C.UTF-8', async () => {
    const database = await createDatabase('C');
    try {
      const server = spawnServer({ DATA_DIR: path.join(tempDir(), 'data'), DATABASE_URL: database.url });
      const { code } = await server.exited;
      expect(code).not.toBe(0);
      expect(server.stderr()).toMatch(/LC_CTYPE C\b/);
      expect(server.stderr()).toContain('C.UTF-8');
      expect(server.stdout()).not.toMatch(/running at/);
    } finally {
      await dropDatabase(database.name);
    }
  });

  it('starts, serves and stops cleanly on a UTF-8 database', async () => {
    const database = await createDatabase();
    try {
      const server = spawnServer({ DATA_DIR: path.join(tempDir(), 'data'), DATABASE_URL: database.url });
      const url = await server.ready;
      const response = await fetch(`${url}/api/health`);
      expect(response.status).toBe(200);
      expect(HealthSchema.parse(await response.json()).database.driver).toBe('postgres');
      expect((await stop(server)).code).toBe(0);

      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ type: string; count: number }>(
          `select type, count(*)::int as count from system_events group by type order by type`,
        );
        expect(rows).toEqual([
          { type: 'server.start', count: 1 },
          { type: 'server.stop', count: 1 },
        ]);
      } finally {
        await client.end();
      }
    } finally {
      await dropDatabase(database.name);
    }
  });
});
