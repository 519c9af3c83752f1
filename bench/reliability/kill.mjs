// Part 3: SIGKILL while sign-ups are in flight, then a restart on the same PGlite data directory:
// time to a healthy /api/health, and no account left half-written (after a clean stop, the data
// directory is opened with PGlite, as apps/server/test/signup-crash.test.ts checks it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addressOf } from '../lib.mjs';
import { load, onCleanup, pgliteDataDir, signUpBody, sleep, startServer, verdict } from './common.mjs';

const ORPHANS_SQL = 'select u.email from auth_users u left join profiles p on p.id = u.id where p.id is null';
const INCOMPLETE_SQL = 'select email from profiles where not registration_completed or address_line_1 is null';
const CREDENTIAL_SQL = `select u.email from auth_users u
  left join auth_accounts a on a.user_id = u.id and a.provider_id = 'credential' where a.id is null`;
const TARGET_RESTART_MS = 5000;

export async function killPart(options) {
  const count = options.signups;
  console.log(`\n-- SIGKILL during ${count} sign-ups, restart on the same PGlite data (${load()})`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'maktaba-bench-kill-'));
  onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  const dataDir = path.join(dir, 'data');
  await pgliteDataDir(dataDir);
  const first = await startServer({ DATA_DIR: dataDir });
  const emails = Array.from({ length: count }, (_, i) => `crash${i}@bench.maktaba.test`);
  const outcomes = [];
  const inFlight = emails.map((email, i) =>
    fetch(`${first.base}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': addressOf(10_000 + i) },
      body: JSON.stringify(signUpBody(email, i)),
      signal: AbortSignal.timeout(60_000),
    }).then(
      (response) => {
        outcomes[i] = response.status;
      },
      () => {
        outcomes[i] = 'no answer';
      },
    ),
  );
  // Kill once a tenth of the sign-ups have been answered: the others are being hashed or written.
  for (let waited = 0; outcomes.filter(Boolean).length < Math.ceil(count / 10) && waited < 60_000; waited += 5)
    await sleep(5);
  const answeredAtKill = outcomes.filter(Boolean).length;
  process.kill(first.pid, 'SIGKILL');
  await first.stop(); // only waits for the exit and removes its temporary files
  await Promise.all(inFlight);
  const created = emails.filter((_, i) => outcomes[i] === 201);
  console.log(
    `  killed with ${answeredAtKill} of ${count} answered; in the end ${created.length} answered 201, ${outcomes.filter((o) => o === 'no answer').length} without an answer (${load()})`,
  );

  const restartStarted = performance.now();
  const second = await startServer({ DATA_DIR: dataDir });
  const restartMs = performance.now() - restartStarted;
  console.log(`  restart on the same data directory → /api/health 200 in ${restartMs.toFixed(0)} ms (${load()})`);
  await second.stop();

  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(path.join(dataDir, 'db'));
  let orphans;
  let incomplete;
  let noCredential;
  let stored;
  try {
    orphans = (await db.query(ORPHANS_SQL)).rows.map((row) => row.email);
    incomplete = (await db.query(INCOMPLETE_SQL)).rows.map((row) => row.email);
    noCredential = (await db.query(CREDENTIAL_SQL)).rows.map((row) => row.email);
    stored = new Set((await db.query('select email from auth_users')).rows.map((row) => row.email));
  } finally {
    await db.close();
  }
  const lost = created.filter((email) => !stored.has(email));
  console.log(`  accounts stored: ${stored.size} (of ${count} attempted, ${created.length} answered 201)`);
  verdict(
    'kill',
    'no user without a profile',
    orphans.length === 0,
    `${orphans.length} orphans${orphans.length ? `: ${orphans.slice(0, 3).join(', ')}` : ''}`,
  );
  verdict(
    'kill',
    'no incomplete profile or missing password',
    incomplete.length + noCredential.length === 0,
    `${incomplete.length} incomplete, ${noCredential.length} without a credential`,
  );
  verdict('kill', 'every sign-up answered 201 survived', lost.length === 0, `${lost.length} lost`);
  verdict(
    'kill',
    `restart → healthy ≤ ${TARGET_RESTART_MS} ms`,
    restartMs <= TARGET_RESTART_MS,
    `${restartMs.toFixed(0)} ms`,
  );
}
