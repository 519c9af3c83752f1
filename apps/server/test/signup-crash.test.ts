/**
 * A sign-up cut short by a crash: the built server (`node apps/server/dist/main.js`) is killed
 * with SIGKILL while a batch of sign-ups is in flight, then restarted on the same data. The auth
 * user, its credential and its profile are written in one transaction, so after the restart every
 * attempted e-mail either signs in with a complete profile or does not exist and can register
 * again; no auth user is ever left without a profile.
 *
 * On PostgreSQL the test watches the database and kills the server the moment the first account
 * becomes visible, in the middle of the burst of writes (a sign-up written in several steps instead
 * of one transaction is caught there). PGlite lives inside the server process and cannot be
 * watched, so there the kill follows the first answer: accounts are committed but not yet
 * answered, and the last sign-ups have only just been sent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFrom, signUpBody, uniqueEmail, uniqueIp } from './api-client.js';
import { ensureServerBuilt, killSpawnedServers, type ServerProcess, spawnBuiltServer } from './built-server.js';
import { copyPgliteTemplate, createDatabase, dropDatabase, makeTempDir, pgUrl } from './helpers.js';

const BATCH = 30;
/** Two server starts and ~70 password hashes; generous, for machines busy with other work. */
const CRASH_TEST_TIMEOUT = 300_000;

const tempDirs: string[] = [];

/**
 * Every sign-up presents its own address, so the per-address registration limit stays out of the
 * way; requests go to 127.0.0.1, where the server listens (localhost may resolve to ::1 first).
 */
function spawnServer(env: Record<string, string>): ServerProcess {
  const server = spawnBuiltServer({ TRUST_PROXY_HOPS: '1', ...env });
  const ready = server.ready.then((url) => url.replace('//localhost:', '//127.0.0.1:'));
  ready.catch(() => {});
  return { ...server, ready };
}

type Attempt = { email: string; ip: string; body: Record<string, unknown> };
type Outcome = { status: number; error?: undefined } | { error: string; status?: undefined };

/** Sign-ups sent at once first; the rest are sent just before the kill. */
const FIRST_WAVE = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function signUpOutcome(url: string, attempt: Attempt): Promise<Outcome> {
  try {
    return { status: (await clientFrom(url, attempt.ip).signUp(attempt.body)).status };
  } catch (error) {
    return { error: String((error as Error).cause ?? error) };
  }
}

/**
 * A first wave of concurrent sign-ups; once `committed()` reports that accounts are being written
 * (or, when it cannot tell, once the first answer arrives), a last wave is sent and the server is
 * SIGKILLed at once, with both waves in flight.
 */
async function signUpAndKill(url: string, server: ServerProcess, committed?: () => Promise<number>) {
  const attempts: Attempt[] = Array.from({ length: BATCH }, () => {
    const email = uniqueEmail('crash');
    return { email, ip: uniqueIp(), body: signUpBody({ email }) };
  });
  const outcomes: Outcome[] = [];
  const send = (index: number) =>
    signUpOutcome(url, attempts[index] as Attempt).then((outcome) => {
      outcomes[index] = outcome;
    });
  const firstWave = attempts.slice(0, FIRST_WAVE).map((_, index) => send(index));

  let committedBeforeKill = 0;
  for (;;) {
    const created = outcomes.filter((outcome) => outcome?.status === 201).length;
    committedBeforeKill = Math.max(created, committed ? await committed() : 0);
    if (committedBeforeKill > 0 || outcomes.filter(Boolean).length === FIRST_WAVE) break;
    // Polling the database is cheap and off the server's process: as often as it answers.
    if (!committed) await sleep(5);
  }
  const lastWave = attempts.slice(FIRST_WAVE).map((_, index) => send(FIRST_WAVE + index));
  const answeredAtKill = outcomes.filter((outcome) => outcome?.status !== undefined).length;
  server.child.kill('SIGKILL');
  await Promise.all([...firstWave, ...lastWave]);
  const exit = await server.exited;
  return { attempts, outcomes, answeredAtKill, committedBeforeKill, exit };
}

type Batch = Awaited<ReturnType<typeof signUpAndKill>>;

/** What must hold of the batch itself: the kill cut it short, in flight, after some commits. */
function expectCutShort(batch: Batch) {
  expect(batch.exit.signal).toBe('SIGKILL');
  expect(batch.committedBeforeKill).toBeGreaterThanOrEqual(1);
  expect(batch.answeredAtKill).toBeLessThan(BATCH);
  // The last wave was sent just before the kill: none of it can have been answered.
  expect(batch.outcomes.slice(FIRST_WAVE).every((outcome) => 'error' in outcome)).toBe(true);
}

/**
 * Through the API of the restarted server: every attempted e-mail signs in with a complete profile,
 * or is unknown and registers now. Returns the e-mails that had to register again.
 */
async function checkEveryAttempt(url: string, attempts: Attempt[], outcomes: Outcome[]) {
  const retried: string[] = [];
  const check = async (attempt: Attempt, index: number) => {
    const client = clientFrom(url, attempt.ip);
    const signIn = await client.signIn(attempt.email, String(attempt.body.password));
    if (signIn.status === 200) {
      expect(signIn.body.profile, attempt.email).toMatchObject({
        email: attempt.email,
        role: 'patron',
        status: 'active',
        borrowing_limit: 3,
        registration_completed: true,
        phone_number: '+14155552671',
        address_line_1: '12 Main St',
        city: 'San Francisco',
        postal_code: '94103',
        country: 'United States',
      });
      expect((await client.get('/api/profiles/me/completeness')).body).toEqual({ complete: true });
      return;
    }
    // A sign-up the server answered with 201 was committed: it must have survived the crash.
    expect(outcomes[index], attempt.email).not.toEqual({ status: 201 });
    expect({ email: attempt.email, status: signIn.status, code: signIn.body?.error?.code }).toEqual({
      email: attempt.email,
      status: 401,
      code: 'INVALID_CREDENTIALS',
    });
    const retry = await clientFrom(url, attempt.ip).signUp(attempt.body);
    expect({ email: attempt.email, status: retry.status }).toEqual({ email: attempt.email, status: 201 });
    expect(retry.body.profile).toMatchObject({ email: attempt.email, registration_completed: true });
    retried.push(attempt.email);
  };
  // A few at a time: password hashing runs on the server's thread pool.
  const queue = [...attempts.entries()];
  await Promise.all(
    Array.from({ length: 3 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await check(next[1], next[0]);
    }),
  );
  return retried;
}

const ORPHANS_SQL = `select u.email from auth_users u left join profiles p on p.id = u.id where p.id is null`;
const INCOMPLETE_SQL = `select email from profiles where not registration_completed or address_line_1 is null`;
const CREDENTIAL_SQL = `select u.email from auth_users u
  left join auth_accounts a on a.user_id = u.id and a.provider_id = 'credential' where a.id is null`;

beforeAll(ensureServerBuilt, 150_000);

afterAll(() => {
  killSpawnedServers();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = makeTempDir('maktaba-signup-crash-');
  tempDirs.push(dir);
  return dir;
}

describe('sign-up killed half-way', () => {
  it(
    'PGlite: restarts past the stale lock, keeps no half account, and the lost sign-ups register again',
    async () => {
      const dataDir = path.join(tempDir(), 'data');
      // The crash is what is tested, not a first start: begin from the run's migrated database.
      fs.mkdirSync(dataDir, { recursive: true });
      copyPgliteTemplate('demo', dataDir);
      const first = spawnServer({ DATA_DIR: dataDir });
      const batch = await signUpAndKill(await first.ready, first);
      expectCutShort(batch);

      // The killed server's lock is still there, naming a process that is gone; it must not block.
      const lockFile = path.join(dataDir, 'maktaba.lock');
      expect(JSON.parse(fs.readFileSync(lockFile, 'utf8')).pid).toBe(first.child.pid);

      const second = spawnServer({ DATA_DIR: dataDir });
      const url = await second.ready;
      expect(JSON.parse(fs.readFileSync(lockFile, 'utf8')).pid).toBe(second.child.pid);
      const retried = await checkEveryAttempt(url, batch.attempts, batch.outcomes);
      expect(retried.length).toBeGreaterThanOrEqual(BATCH - FIRST_WAVE);
      expect(BATCH - retried.length).toBeGreaterThanOrEqual(batch.committedBeforeKill);
      // An e-mail registered after the restart is taken like any other.
      const again = await clientFrom(url).signUp(signUpBody({ email: retried[0] }));
      expect(again.body?.error?.code).toBe('EMAIL_TAKEN');

      second.child.kill('SIGTERM');
      expect((await second.exited).code).toBe(0);

      const db = await PGlite.create(path.join(dataDir, 'db'));
      try {
        expect((await db.query(ORPHANS_SQL)).rows).toEqual([]);
        expect((await db.query(INCOMPLETE_SQL)).rows).toEqual([]);
        expect((await db.query(CREDENTIAL_SQL)).rows).toEqual([]);
        const { rows } = await db.query<{ email: string }>(`select email from auth_users order by email`);
        expect(rows.map((row) => row.email)).toEqual(batch.attempts.map((attempt) => attempt.email).sort());
      } finally {
        await db.close();
      }
    },
    CRASH_TEST_TIMEOUT,
  );

  it.skipIf(!pgUrl)(
    `PostgreSQL: keeps no half account, and the lost sign-ups register again${pgUrl ? '' : ' [PostgreSQL not found]'}`,
    async () => {
      const database = await createDatabase();
      const client = new pg.Client({ connectionString: database.url });
      try {
        const env = { DATA_DIR: path.join(tempDir(), 'data'), DATABASE_URL: database.url };
        await client.connect();
        // One connection: the writes of concurrent sign-ups queue behind each other, so the kill
        // lands with many of them between their first and last statement.
        const first = spawnServer({ ...env, DATABASE_POOL_MAX: '1' });
        // Killed the moment the first account becomes visible: in the middle of the burst of writes.
        const batch = await signUpAndKill(await first.ready, first, async () => {
          const { rows } = await client.query<{ n: number }>('select count(*)::int as n from auth_users');
          return rows[0]?.n ?? 0;
        });
        expectCutShort(batch);

        // Straight after the crash, before any restart: whatever was committed is whole.
        expect((await client.query(ORPHANS_SQL)).rows).toEqual([]);
        expect((await client.query(INCOMPLETE_SQL)).rows).toEqual([]);
        expect((await client.query(CREDENTIAL_SQL)).rows).toEqual([]);
        const { rows: committed } = await client.query<{ email: string }>(`select email from auth_users`);
        expect(committed.length).toBeGreaterThanOrEqual(batch.committedBeforeKill);
        for (const [index, attempt] of batch.attempts.entries()) {
          if (batch.outcomes[index]?.status === 201) expect(committed).toContainEqual({ email: attempt.email });
        }

        const second = spawnServer(env);
        const url = await second.ready;
        const retried = await checkEveryAttempt(url, batch.attempts, batch.outcomes);
        expect(retried.length).toBe(BATCH - committed.length);
        expect(retried.length).toBeGreaterThanOrEqual(BATCH - FIRST_WAVE);
        second.child.kill('SIGTERM');
        expect((await second.exited).code).toBe(0);

        expect((await client.query(ORPHANS_SQL)).rows).toEqual([]);
        expect((await client.query(INCOMPLETE_SQL)).rows).toEqual([]);
        const { rows } = await client.query<{ email: string }>(`select email from auth_users order by email`);
        expect(rows.map((row) => row.email)).toEqual(batch.attempts.map((attempt) => attempt.email).sort());
      } finally {
        await client.end().catch(() => {});
        await dropDatabase(database.name);
      }
    },
    CRASH_TEST_TIMEOUT,
  );
});
