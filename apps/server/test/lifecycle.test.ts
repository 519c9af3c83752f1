/**
 * The built server as an operator runs it: `node apps/server/dist/main.js`, configured by the
 * environment, stopped by a signal.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { HealthSchema } from '@maktaba/shared/schemas/health';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureServerBuilt, killSpawnedServers, type ServerProcess, spawnBuiltServer } from './built-server.js';
import { copyPgliteTemplate, createDatabase, dropDatabase, latestMigrationTag, makeTempDir, pgUrl } from './helpers.js';

const tempDirs: string[] = [];

function tempDir(): string {
  const dir = makeTempDir('maktaba-lifecycle-');
  tempDirs.push(dir);
  return dir;
}

/**
 * A data directory whose database is a copy of the run's migrated template, for the tests that are
 * about the lock rather than a first start (that one has a test of its own, above).
 */
function migratedDataDir(): string {
  const dataDir = path.join(tempDir(), 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  copyPgliteTemplate('demo', dataDir);
  return dataDir;
}

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM');
  return server.exited;
}

beforeAll(ensureServerBuilt, 150_000);

// Each test here starts the built server from an empty data directory or database: a real first
// start that migrates and loads the demo catalogue, twice in some. That takes a few seconds on a
// quiet machine and can pass 30 s on a loaded one, so these tests get the first-start budget.
const FIRST_START_BUDGET = { timeout: 120_000 };

afterAll(() => {
  killSpawnedServers();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('server process', FIRST_START_BUDGET, () => {
  it('exits non-zero and names the variable when the configuration is wrong', async () => {
    const server = spawnBuiltServer({ PORT: 'abc', DATA_DIR: tempDir() });
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
      const server = spawnBuiltServer({ DATA_DIR: dataDir });
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
        `select type, count(*)::int as count from system_events where type like 'server.%' group by type order by type`,
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
    const dataDir = migratedDataDir();
    const first = spawnBuiltServer({ DATA_DIR: dataDir });
    await first.ready;
    try {
      const second = spawnBuiltServer({ DATA_DIR: dataDir });
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
    const dataDir = migratedDataDir();
    const first = spawnBuiltServer({ DATA_DIR: dataDir });
    await first.ready;
    first.child.kill('SIGKILL');
    await first.exited;
    expect(fs.existsSync(path.join(dataDir, 'maktaba.lock'))).toBe(true);

    const second = spawnBuiltServer({ DATA_DIR: dataDir });
    const url = await second.ready;
    const response = await fetch(`${url}/api/health`);
    expect(response.status).toBe(200);
    await response.body?.cancel();
    expect((await stop(second)).code).toBe(0);
  });
});

describe.skipIf(!pgUrl)(
  `server process on PostgreSQL${pgUrl ? '' : ' [PostgreSQL not found]'}`,
  FIRST_START_BUDGET,
  () => {
    it('refuses a database whose LC_CTYPE is C, pointing at C.UTF-8', async () => {
      const database = await createDatabase('C');
      try {
        const server = spawnBuiltServer({ DATA_DIR: path.join(tempDir(), 'data'), DATABASE_URL: database.url });
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
        const server = spawnBuiltServer({ DATA_DIR: path.join(tempDir(), 'data'), DATABASE_URL: database.url });
        const url = await server.ready;
        const response = await fetch(`${url}/api/health`);
        expect(response.status).toBe(200);
        expect(HealthSchema.parse(await response.json()).database.driver).toBe('postgres');
        expect((await stop(server)).code).toBe(0);

        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          const { rows } = await client.query<{ type: string; count: number }>(
            `select type, count(*)::int as count from system_events where type like 'server.%' group by type order by type`,
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
  },
);
