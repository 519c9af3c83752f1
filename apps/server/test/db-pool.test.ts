/**
 * The PostgreSQL connection pool keeps its first connections open while idle (a new connection is
 * slow at its first statements) and closes the ones above them after the idle time.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPostgres, POOL_KEPT } from '../src/db/client.js';
import { rowsOf } from '../src/db/raw.js';
import { createLogger } from '../src/logger.js';
import { createDatabase, dropDatabase, pgUrl } from './helpers.js';

const logger = createLogger({ logLevel: 'silent', logPretty: false });
const IDLE_MS = 150;

describe.runIf(pgUrl)('PostgreSQL pool', () => {
  let created: { name: string; url: string };
  let handle: DatabaseHandle;

  beforeAll(async () => {
    created = await createDatabase('C.UTF-8', { template: 'empty' });
    handle = await openPostgres(created.url, 8, logger, { idleMs: IDLE_MS });
  });

  afterAll(async () => {
    await handle?.close();
    if (created) await dropDatabase(created.name);
  });

  /** The server processes behind `count` statements run at once (each holds its connection for 50 ms). */
  const backendsOf = async (count: number) =>
    new Set(
      (
        await Promise.all(
          Array.from({ length: count }, () =>
            rowsOf<{ pid: number }>(handle.db, sql`select pg_backend_pid() as pid, pg_sleep(0.05)`),
          ),
        )
      ).map((rows) => rows[0]?.pid),
    );

  const openConnections = async () => {
    const [row] = await rowsOf<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'maktaba'`,
    );
    return row?.n ?? 0;
  };

  it(`keeps ${POOL_KEPT} connections open while idle and closes the others`, async () => {
    const busy = await backendsOf(7);
    expect(busy.size).toBe(7);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS * 4));
    expect(await openConnections()).toBe(POOL_KEPT);
    // The kept ones serve the next statements: no new server process.
    const again = await backendsOf(POOL_KEPT);
    expect([...again].every((pid) => busy.has(pid))).toBe(true);
  });
});
