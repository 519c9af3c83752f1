import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
import { SERVER_ROOT } from '../server-root.js';
import { acquireDataDirLock } from './lock.js';
import { createPostgresListener, type ListenOptions } from './pg-listener.js';
import { pgliteStartParams } from './pglite-buffers.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Driver = 'pglite' | 'postgres';

export type DatabaseHandle = {
  db: Database;
  driver: Driver;
  /** Round trip to the database in milliseconds; throws when it is unreachable. */
  ping(): Promise<number>;
  /**
   * LISTEN on `channel`; resolves with the function that stops listening. On PostgreSQL every
   * channel shares one connection of its own, which reconnects when it drops (pg-listener.ts).
   */
  listen(channel: string, onPayload: (payload: string) => void, options?: ListenOptions): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');
/** A migrated embedded database that `npm run build` makes (scripts/pglite-template.mjs). */
export const PGLITE_TEMPLATE = path.join(SERVER_ROOT, 'dist', 'pglite-template.tar.gz');

/** Arbitrary constant: serialises migrations when several instances start against one PostgreSQL. */
const MIGRATION_LOCK_KEY = 7_240_511;

export class UnsupportedDatabaseError extends Error {
  override name = 'UnsupportedDatabaseError';
}

async function ping(db: Database): Promise<number> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return Math.round((performance.now() - started) * 100) / 100;
}

/**
 * PGlite runs the database on the server's own thread, one statement at a time: each waiting
 * statement starts the moment the one before it ends, in the same turn of the event loop. Under
 * load that chain never let the loop turn (the event loop was held for 400 ms and more at a time:
 * timers, new connections, answers ready to go all waited). Here statements (and transactions)
 * take turns: each starts on a turn of its own (setImmediate), after the one before it.
 */
function takeTurns(client: PGlite): void {
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const next = last.then(
      () => new Promise<void>((resolve) => setImmediate(resolve)),
      () => new Promise<void>((resolve) => setImmediate(resolve)),
    );
    const result = next.then(run);
    last = result.catch(() => undefined);
    return result;
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<typeof query>) => inTurn(() => query(...args))) as typeof client.query;
  client.exec = ((...args: Parameters<typeof exec>) => inTurn(() => exec(...args))) as typeof client.exec;
  client.transaction = ((...args: Parameters<typeof transaction>) =>
    inTurn(() => transaction(...args))) as typeof client.transaction;
}

/**
 * Opens the embedded database in `dir`. An empty directory is filled from the build's migrated
 * template when there is one: a first start then takes about a second instead of four (creating a
 * database in WebAssembly, then every migration). Should the template not load (a build from
 * another PGlite), the directory is emptied and the database created as without one.
 */
async function createPglite(dir: string, template: string): Promise<PGlite> {
  const isEmpty = fs.readdirSync(dir).length === 0;
  // Sized before PGlite opens: a database filled from the template starts with the smallest pool.
  const startParams = pgliteStartParams(dir);
  if (isEmpty && fs.existsSync(template)) {
    try {
      return await PGlite.create(dir, {
        extensions: { pg_trgm },
        startParams,
        loadDataDir: new Blob([fs.readFileSync(template)]),
      });
    } catch {
      for (const entry of fs.readdirSync(dir)) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
    }
  }
  return PGlite.create(dir, { extensions: { pg_trgm }, startParams });
}

export async function openPglite(dataDir: string, template = PGLITE_TEMPLATE): Promise<DatabaseHandle> {
  const releaseLock = acquireDataDirLock(dataDir);
  try {
    const dir = path.join(dataDir, 'db');
    fs.mkdirSync(dir, { recursive: true });
    const client = await createPglite(dir, template);
    takeTurns(client);
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db,
      driver: 'pglite',
      ping: () => ping(db),
      async listen(channel, onPayload) {
        const unlisten = await client.listen(channel, onPayload);
        return () => unlisten();
      },
      async close() {
        try {
          // close() flushes PGlite's in-memory state to the data directory.
          await client.close();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * Trigram search on Arabic text needs a UTF-8 character classification: with ctype C every
 * Arabic letter counts as a non-word character and pg_trgm extracts nothing.
 */
async function ensureUtf8Ctype(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ ctype: string; encoding: string }>(
    `select datctype as ctype, pg_encoding_to_char(encoding) as encoding
       from pg_database where datname = current_database()`,
  );
  const row = rows[0];
  if (!row) return;
  if (row.encoding !== 'UTF8' || row.ctype === 'C' || row.ctype === 'POSIX') {
    throw new UnsupportedDatabaseError(
      `The database uses encoding ${row.encoding} with LC_CTYPE ${row.ctype}. Maktaba needs UTF8 with a UTF-8 ` +
        `character type (for example C.UTF-8): with "C", Arabic search silently finds nothing. ` +
        `Create the database with: CREATE DATABASE maktaba ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8' TEMPLATE template0;`,
    );
  }
}

/**
 * Set on each connection before its first statement. JIT compilation pays off for long analytical
 * statements; this server's run in milliseconds, and the planner's guesses for text search made it
 * compile some of them for longer than they ran ("bihar al-anwar" at 1M books: 21.8 ms with JIT,
 * 6.0 without). A plain SET, which any role may run and a pooler in session mode passes on.
 */
export const SESSION_SETTINGS = 'set jit = off';

/**
 * Connections the pool keeps open however long they are idle; those above it are closed after
 * `idleMs`. A new PostgreSQL connection is slow at first: besides its start, the server process
 * behind it maps each shared buffer the first time it reads it (at a million books the first
 * search for "kafi" on a new connection took 120–300 ms, the next ones 19 ms). Closed after 10 s
 * idle, pg-pool's default, a quiet library paid that again for each first search.
 */
export const POOL_KEPT = 4;
const POOL_IDLE_MS = 60_000;

export async function openPostgres(
  url: string,
  poolMax: number,
  logger: Logger,
  { idleMs = POOL_IDLE_MS }: { idleMs?: number } = {},
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    min: Math.min(poolMax, POOL_KEPT),
    idleTimeoutMillis: idleMs,
    application_name: 'maktaba',
    // Awaited before the new connection is handed out. A failure is told, not fatal: the
    // statements run as well with JIT, if slower.
    onConnect: async (client) => {
      await client
        .query(SESSION_SETTINGS)
        .catch((error: unknown) => logger.warn({ err: error }, 'could not set up a PostgreSQL session'));
    },
  });
  // Without a listener an idle client's error (a database restart) would crash the process.
  pool.on('error', (error) => logger.error({ err: error }, 'idle PostgreSQL client error'));
  try {
    await ensureUtf8Ctype(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
      lockClient.release();
    }
    const listener = createPostgresListener(url, logger);
    return {
      db,
      driver: 'postgres',
      ping: () => ping(db),
      listen: (channel, onPayload, options) => listener.listen(channel, onPayload, options),
      close: () => pool.end(),
    };
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
}

export function openDatabase(
  options: { databaseUrl: string | undefined; dataDir: string; databasePoolMax: number },
  logger: Logger,
): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.databasePoolMax, logger)
    : openPglite(options.dataDir);
}
