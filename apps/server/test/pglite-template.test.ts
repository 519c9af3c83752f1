import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openPglite } from '../src/db/client.js';
import { rowsOf } from '../src/db/raw.js';
import { makeTempDir } from './helpers.js';

const migrationCount = fs.readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql')).length;

/**
 * How many migrations the database holds, whether it came from the template (its marker table), and
 * the buffer pool it was opened with (db/pglite-buffers.ts).
 */
async function open(
  dataDir: string,
  template: string,
): Promise<{ migrations: number; fromTemplate: boolean; buffers: string }> {
  const handle = await openPglite(dataDir, template);
  try {
    const [count] = await rowsOf<{ count: number }>(
      handle.db,
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    const [marker] = await rowsOf<{ found: boolean }>(
      handle.db,
      sql`select to_regclass('public.made_from_template') is not null as found`,
    );
    const [buffers] = await rowsOf<{ value: string }>(
      handle.db,
      sql`select current_setting('shared_buffers') as value`,
    );
    // A table the migrations make, usable as any other.
    await handle.db.execute(sql`select count(*) from books`);
    return {
      migrations: count?.count ?? 0,
      fromTemplate: marker?.found ?? false,
      buffers: buffers?.value ?? '',
    };
  } finally {
    await handle.close();
  }
}

describe('the embedded database template', () => {
  const temp = makeTempDir('maktaba-pglite-template-');
  const template = path.join(temp, 'template.tar.gz');
  afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

  beforeAll(async () => {
    // What scripts/pglite-template.mjs makes at build time, with the first migrations only: the
    // server must bring it up to date.
    const partial = path.join(temp, 'partial-migrations');
    fs.mkdirSync(path.join(partial, 'meta'), { recursive: true });
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
    const first = journal.entries.slice(0, 3);
    fs.writeFileSync(path.join(partial, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: first }));
    for (const entry of first)
      fs.copyFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(partial, `${entry.tag}.sql`));
    const client = await PGlite.create({ extensions: { pg_trgm } });
    await migrate(drizzle(client), { migrationsFolder: partial });
    await client.exec('create table made_from_template (id int)');
    fs.writeFileSync(template, Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()));
    await client.close();
  }, 60_000);

  it('fills an empty data directory from the template, then applies the migrations it lacks', async () => {
    const dataDir = path.join(temp, 'from-template');
    // A new database has the smallest buffer pool.
    expect(await open(dataDir, template)).toEqual({ migrations: migrationCount, fromTemplate: true, buffers: '32MB' });
    // Opened again, it is the same database: nothing made twice. Its pool is now sized to what its
    // files hold (about 26 MB, PostgreSQL's own catalogues included).
    expect(await open(dataDir, template)).toEqual({ migrations: migrationCount, fromTemplate: true, buffers: '40MB' });
  }, 60_000);

  it('creates the database as before when the template is missing or does not load', async () => {
    const broken = path.join(temp, 'broken.tar.gz');
    fs.writeFileSync(broken, 'not a database');
    const fresh = { migrations: migrationCount, fromTemplate: false, buffers: '32MB' };
    expect(await open(path.join(temp, 'broken'), broken)).toEqual(fresh);
    expect(await open(path.join(temp, 'none'), path.join(temp, 'missing.tar.gz'))).toEqual(fresh);
  }, 90_000);
});
