// The test harness itself: servers start from the run's migrated and seeded template, which they
// find done, and each has secrets of its own.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rowsOf } from '../src/db/raw.js';
import { describeEachDriver, latestMigrationTag, startTestServer, useTestServer } from './helpers.js';

const journal = JSON.parse(
  fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../drizzle/meta/_journal.json'), 'utf8'),
) as { entries: unknown[] };

describeEachDriver('test harness', (driver) => {
  const server = useTestServer(driver);
  // Read while the suite is being collected: before its beforeAll started the server.
  const readTooEarly = (() => {
    try {
      return server.url;
    } catch (error) {
      return error;
    }
  })();
  const other = useTestServer(driver, { env: { DEMO_CATALOGUE: 'false' } });

  it('starts on a copy of the template: migrated and seeded before the server started, not by it', async () => {
    const startedAt = server.running.deps.startedAt;
    const migrations = await rowsOf<{ count: number }>(
      server.db,
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    expect(migrations[0]?.count).toBe(journal.entries.length);
    const [seed] = await rowsOf<{ loaded_at: string }>(server.db, sql`select loaded_at from catalogue_seeds`);
    expect(Date.parse(String(seed?.loaded_at))).toBeLessThan(startedAt);
    // The template was made by a server that started and stopped before this one.
    const starts = await rowsOf<{ created_at: string }>(
      server.db,
      sql`select created_at from system_events where type = 'server.start' order by id`,
    );
    expect(starts.length).toBeGreaterThan(1);
    expect(Date.parse(String(starts[0]?.created_at))).toBeLessThan(startedAt);
    const health = (await (await fetch(`${server.url}/api/health`)).json()) as { migrations: { latest: string } };
    expect(health.migrations.latest).toBe(latestMigrationTag());
  });

  it('starts without the demo catalogue on the template made without it', async () => {
    expect(await rowsOf(other.db, sql`select name from catalogue_seeds`)).toEqual([]);
    expect(await rowsOf(other.db, sql`select id from books`)).toEqual([]);
  });

  it('gives each server secrets of its own', () => {
    expect(server.running.secrets.authSecret).not.toBe(other.running.secrets.authSecret);
    if (driver.name === 'pglite') {
      expect(JSON.parse(fs.readFileSync(path.join(server.dataDir, 'secrets.json'), 'utf8')).authSecret).toBe(
        server.running.secrets.authSecret,
      );
    }
  });

  it('migrates and seeds an empty database itself with template: false, as a first start does', async () => {
    const fresh = await startTestServer({ driver, template: false });
    try {
      const [seed] = await rowsOf<{ loaded_at: string }>(fresh.db, sql`select loaded_at from catalogue_seeds`);
      expect(Date.parse(String(seed?.loaded_at))).toBeGreaterThanOrEqual(fresh.running.deps.startedAt);
      const starts = await rowsOf(fresh.db, sql`select id from system_events where type = 'server.start'`);
      expect(starts).toHaveLength(1);
    } finally {
      await fresh.close();
    }
    // A real first start (migrations and the demo catalogue) can pass the 30 s default under load.
  }, 120_000);

  it('says so when a field is read before the server started', () => {
    expect(readTooEarly).toBeInstanceOf(Error);
    expect(String(readTooEarly)).toMatch(/not started yet/);
  });
});
