// The lending desk and the race for copies, on PostgreSQL, through the built server. See bench/README.md.
//
// Seeds 100k books with 200k copies and 100k loans spread over every state (bulk SQL), then measures:
//   - the desk list (GET /api/admin/loans) for each queue in each of its orders (request time, last
//     change, due date, patron, book), without and with a search (`q`: an e-mail, a title, a barcode): p50/p95, target p95 ≤ 50 ms;
//   - 200 readers asking at once for 50 books of 2 copies each (4 readers a book): 100 successes, no
//     copy in two active loans, no book with more active loans than copies, no 5xx; requests/s.
// The baseline for the ratios is GET /api/health in the same run.
//
// Options (arguments after `npm run bench -- lending`, or environment variables):
//   --samples=25      BENCH_LENDING_SAMPLES  timed requests per desk-list figure
//   --books=100000    BENCH_LENDING_BOOKS    books seeded (two copies each)
//   --loans=100000    BENCH_LENDING_LOANS    loans seeded (at most one per book)
//   --patrons=20000   BENCH_LENDING_PATRONS  patrons seeded
//   --explain         BENCH_LENDING_EXPLAIN=1 keeps the plans of the statements over 20 ms (auto_explain,
//                     the server's own SQL) in a log and prints its path
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { addressOf, fmt, percentile, root, startBuiltServer } from './lib.mjs';
import { signUpReaders } from './reliability/common.mjs';
import { readCatalogue } from './search/corpus.mjs';
import { startPostgres } from './search/postgres.mjs';

const { values: args } = parseArgs({
  options: {
    samples: { type: 'string' },
    books: { type: 'string' },
    loans: { type: 'string' },
    patrons: { type: 'string' },
    explain: { type: 'boolean' },
  },
});
const env = process.env;
const options = {
  samples: Number(args.samples ?? env.BENCH_LENDING_SAMPLES ?? 25),
  books: Number(args.books ?? env.BENCH_LENDING_BOOKS ?? 100_000),
  loans: Number(args.loans ?? env.BENCH_LENDING_LOANS ?? 100_000),
  patrons: Number(args.patrons ?? env.BENCH_LENDING_PATRONS ?? 20_000),
  explain: args.explain || env.BENCH_LENDING_EXPLAIN === '1',
};
if (options.loans > options.books) throw new Error('--loans must not exceed --books (one seeded loan a book)');

const TARGET_P95_MS = 50;
const RACE = { readers: 200, books: 50, copies: 2 };
const QUEUES = ['requests', 'to_ship', 'in_transit', 'on_loan', 'returning', 'overdue', 'closed'];
const SORTS = ['requested_at', 'updated_at', 'due_date', 'patron', 'book'];
/** Newest first for the times the desk shows newest first; the rest A to Z / soonest first. */
const DESCENDING = new Set(['requested_at', 'updated_at']);
const load = () =>
  `load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`;
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

const postgres = await startPostgres({
  shared_buffers: '256MB',
  ...(options.explain && {
    shared_preload_libraries: 'auto_explain',
    'auto_explain.log_min_duration': '20ms',
    'auto_explain.log_analyze': 'on',
    'auto_explain.log_buffers': 'on',
  }),
});
const explainLog = path.join(os.tmpdir(), `maktaba-lending-explain-${Date.now()}.log`);
if (!postgres) {
  console.log('The lending benchmark needs PostgreSQL (initdb, pg_ctl, postgres); not found, skipped.');
  process.exit(0);
}
console.log(
  `lending benchmark: ${postgres.version}, cores ${os.cpus().length}, ${load()}, ${new Date().toISOString().slice(0, 16)}`,
);
// Known to the benchmark, so that the racing readers' sessions can be written straight into the
// database (200 sign-ups would spend 20 to 50 s of CPU on password hashes before the race).
const authSecret = crypto.randomBytes(32).toString('base64url');
const databaseUrl = postgres.url.replace(/\/postgres$/, '/maktaba_bench_lending');
let server = null;
let client = null;
const stopAll = async () => {
  await client?.end().catch(() => {});
  await server?.stop().catch(() => {});
  await postgres.stop(options.explain ? { keepLogAs: explainLog } : {});
  if (options.explain) console.log(`plans of the statements over 20 ms (auto_explain): ${explainLog}`);
};
process.once('SIGINT', () => stopAll().finally(() => process.exit(130)));

try {
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('create database maktaba_bench_lending');
  await admin.end();

  server = await startBuiltServer({ DATABASE_URL: databaseUrl, DEMO_CATALOGUE: 'false', AUTH_SECRET: authSecret });
  client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();

  // --- Seed ------------------------------------------------------------------------------------
  const seedStarted = performance.now();
  const { SEARCH_INDEX_VERSION = 1 } = await import(
    path.join(root, 'apps/server/dist/modules/search/search-index.js')
  ).catch(() => ({}));
  // Real titles (../shared/data), each book of the real catalogue repeated as numbered volumes up
  // to the size asked for, so a title search meets the word frequencies of a real library; without
  // the data set, numbered 'Bench book' titles (every title then shares its first ten letters,
  // the worst case for a trigram index).
  const records = readCatalogue()?.filter((record) => record.title && record.title_ar) ?? null;
  if (!records) console.log('../shared/data/catalogue.jsonl not found: the books get numbered titles instead');
  const titles = records && { en: records.map((record) => record.title), ar: records.map((record) => record.title_ar) };
  await seed(client, options, SEARCH_INDEX_VERSION, titles);
  console.log(
    `seeded ${options.books} books, ${options.books * 2} copies, ${options.loans} loans, ${options.patrons} patrons in ${seconds(seedStarted)}`,
  );
  const states = await client.query('select status, count(*)::int as n from checkouts group by status order by 1');
  console.log(`  loans by state: ${states.rows.map((row) => `${row.status} ${row.n}`).join(', ')}`);

  // A librarian at the desk.
  const [librarianCookie] = await signUpReaders(server.base, 1, 'desk', 1);
  await client.query(`update profiles set role = 'librarian' where email = 'desk0@bench.maktaba.test'`);
  const deskHeaders = { Cookie: librarianCookie, 'X-Forwarded-For': addressOf(9_999) };

  // --- The desk list ---------------------------------------------------------------------------
  const get = async (pathname, headers = deskHeaders) => {
    const started = performance.now();
    const response = await fetch(`${server.base}${pathname}`, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${pathname}: ${response.status}`);
    return performance.now() - started;
  };
  const timeMany = async (pathname, n, headers) => {
    const times = [];
    for (let i = 0; i < n; i++) times.push(await get(pathname, headers));
    return { p50: percentile(times, 50), p95: percentile(times, 95), times };
  };
  // Warm-up: plans cached, pool filled.
  for (const queue of QUEUES) await get(`/api/admin/loans?queue=${queue}`);
  const health = await timeMany('/api/health', options.samples * 4, { 'X-Forwarded-For': addressOf(9_998) });
  console.log(`\nbaseline GET /api/health: p50 ${fmt(health.p50)}  p95 ${fmt(health.p95)} (${load()})`);

  const sampleTitle = records?.[1234];
  const searches = {
    none: '',
    email: 'patron1234@',
    title: sampleTitle ? sampleTitle.title : 'Bench book 4321',
    ...(sampleTitle && { 'title (ar)': sampleTitle.title_ar }),
    barcode: 'BB0012345',
  };
  console.log(
    `  searches: ${Object.entries(searches)
      .filter(([, q]) => q)
      .map(([name, q]) => `${name} "${q}"`)
      .join(', ')}`,
  );
  const rows = [];
  const all = [];
  console.log(`\ndesk list, ${options.samples} requests each (p50 / p95 ms; ratio = p95 / health p95):`);
  console.log(
    `  ${'queue'.padEnd(11)} ${'sort'.padEnd(13)} ${Object.keys(searches)
      .map((name) => name.padEnd(22))
      .join('')}`,
  );
  for (const queue of QUEUES) {
    for (const sort of SORTS) {
      const cells = [];
      for (const [name, q] of Object.entries(searches)) {
        const query = `queue=${queue}&sort=${sort}&order=${DESCENDING.has(sort) ? 'desc' : 'asc'}${q ? `&q=${encodeURIComponent(q)}` : ''}`;
        const figure = await timeMany(`/api/admin/loans?${query}`, options.samples);
        rows.push({ queue, sort, search: name, query, ...figure });
        all.push(...figure.times);
        cells.push(
          `${figure.p50.toFixed(1)} / ${figure.p95.toFixed(1)} (×${(figure.p95 / health.p95).toFixed(1)})`.padEnd(22),
        );
      }
      console.log(`  ${queue.padEnd(11)} ${sort.padEnd(13)} ${cells.join('')}`);
    }
  }
  const counts = await timeMany('/api/admin/loans/counts', options.samples);
  const worst = rows.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  console.log(`  counts (GET /api/admin/loans/counts): p50 ${fmt(counts.p50)}  p95 ${fmt(counts.p95)}`);
  console.log(
    `  all desk lists: p50 ${fmt(percentile(all, 50))}  p95 ${fmt(percentile(all, 95))} (×${(percentile(all, 95) / health.p95).toFixed(1)} health); worst p95 ${fmt(worst.p95)} at ${worst.query} (${load()})`,
  );

  // --- The race for copies ---------------------------------------------------------------------
  const raceBooks = await client.query(
    `insert into books (title_en, status, search_version)
     select 'Race book ' || n, 'approved', $1 from generate_series(1, ${RACE.books}) n returning id`,
    [SEARCH_INDEX_VERSION],
  );
  const raceIds = raceBooks.rows.map((row) => row.id);
  await client.query(
    `insert into book_copies (book_id, barcode)
     select b, 'RACE-' || i || '-' || c from unnest($1::uuid[]) with ordinality as t(b, i), generate_series(1, ${RACE.copies}) c`,
    [raceIds],
  );
  const signUpStarted = performance.now();
  const cookies =
    (await sessionsInDatabase(client, librarianCookie, RACE.readers)) ??
    (await signUpReaders(server.base, RACE.readers, 'racer', 4));
  console.log(`\nrace: ${RACE.readers} readers with sessions in ${seconds(signUpStarted)} (${load()})`);
  const raceStarted = performance.now();
  const answers = await Promise.all(
    cookies.map(async (cookie, n) => {
      const started = performance.now();
      const response = await fetch(`${server.base}/api/loans`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie, 'X-Forwarded-For': addressOf(10_000 + n) },
        body: JSON.stringify({ book_id: raceIds[n % RACE.books] }),
      });
      const body = await response.json().catch(() => null);
      return { status: response.status, code: body?.error?.code, ms: performance.now() - started };
    }),
  );
  const raceMs = performance.now() - raceStarted;
  const byStatus = {};
  for (const answer of answers) {
    const key = answer.code ? `${answer.status} ${answer.code}` : String(answer.status);
    byStatus[key] = (byStatus[key] ?? 0) + 1;
  }
  const successes = answers.filter((answer) => answer.status === 201).length;
  const serverErrors = answers.filter((answer) => answer.status >= 500).length;
  const doubleCopies = (
    await client.query(
      `select copy_id from checkouts
        where status in ('requested', 'approved', 'shipped', 'on_loan', 'return_shipped')
        group by copy_id having count(*) > 1`,
    )
  ).rowCount;
  const overBooked = (
    await client.query(
      `select b.id from books b
         join checkouts c on c.book_id = b.id and c.status in ('requested', 'approved', 'shipped', 'on_loan', 'return_shipped')
        where b.id = any($1::uuid[])
        group by b.id having count(*) > (select count(*) from book_copies bc where bc.book_id = b.id)`,
      [raceIds],
    )
  ).rowCount;
  const counters = (
    await client.query(
      `select count(*) filter (where copies_available <> 0)::int as left_over,
              count(*) filter (where copies_available <> (select count(*) from book_copies bc where bc.book_id = b.id and bc.status = 'available'))::int as out_of_step
         from books b where b.id = any($1::uuid[])`,
      [raceIds],
    )
  ).rows[0];
  const answerTimes = answers.map((answer) => answer.ms);
  console.log(
    `race: ${RACE.readers} requests at once over ${RACE.books} books × ${RACE.copies} copies in ${fmt(raceMs)}: ` +
      `${(RACE.readers / (raceMs / 1000)).toFixed(0)} requests/s, answer p50 ${fmt(percentile(answerTimes, 50))} p95 ${fmt(percentile(answerTimes, 95))}`,
  );
  console.log(
    `  answers: ${Object.entries(byStatus)
      .map(([key, n]) => `${key} ×${n}`)
      .join(', ')}`,
  );
  console.log(
    `  copies in two active loans: ${doubleCopies}; books with more active loans than copies: ${overBooked}; ` +
      `books with a copy left: ${counters.left_over}; counters out of step with the copies: ${counters.out_of_step} (${load()})`,
  );

  // --- Verdicts --------------------------------------------------------------------------------
  const check = (ok, text) => console.log(`${ok ? 'PASS' : 'FAIL'} ${text}`);
  console.log('');
  check(
    worst.p95 <= TARGET_P95_MS,
    `desk list p95 ≤ ${TARGET_P95_MS} ms for every queue, sort and search (worst ${fmt(worst.p95)}: ${worst.query})`,
  );
  check(successes === RACE.books * RACE.copies, `race: ${successes} successes, expected ${RACE.books * RACE.copies}`);
  check(doubleCopies === 0 && overBooked === 0, `race: no double loans (${doubleCopies} copies, ${overBooked} books)`);
  check(serverErrors === 0, `race: no 5xx (${serverErrors})`);
  check(counters.out_of_step === 0, `race: the books' counters equal their available copies`);
} finally {
  await stopAll();
}

/**
 * Bulk SQL, triggers off for the load (session_replication_role = replica), then the counters set
 * from the copies in one statement. Loan n is on book n with its first copy, by patron n mod P.
 */
async function seed(db, { books, loans, patrons }, searchVersion, titles) {
  await db.query('set session_replication_role = replica');
  await db.query(
    `insert into auth_users (id, name, email, email_verified)
     select gen_random_uuid(), 'Patron ' || n, 'patron' || n || '@bench.maktaba.test', true from generate_series(1, $1) n`,
    [patrons],
  );
  await db.query(
    `insert into profiles (id, email, display_name, role, status, registration_completed,
                           address_line_1, city, state_province, postal_code, country)
     select id, email, name, 'patron', 'active', true, '12 Main Street', 'Dearborn', 'MI', '48126', 'United States'
       from auth_users where email like 'patron%@bench.maktaba.test'`,
  );
  if (titles) {
    await db.query(
      `insert into books (title_en, title_ar, status, search_version, created_at)
       select en[1 + (n - 1) % cardinality(en)] || case when n > cardinality(en) then ' · ' || (1 + (n - 1) / cardinality(en)) else '' end,
              ar[1 + (n - 1) % cardinality(ar)] || case when n > cardinality(ar) then ' · ' || (1 + (n - 1) / cardinality(ar)) else '' end,
              'approved', $2, now() - (n || ' minutes')::interval
         from generate_series(1, $1) n, (select $3::text[] as en, $4::text[] as ar) t`,
      [books, searchVersion, titles.en, titles.ar],
    );
  } else {
    await db.query(
      `insert into books (title_en, status, search_version, created_at)
       select 'Bench book ' || n, 'approved', $2, now() - (n || ' minutes')::interval from generate_series(1, $1) n`,
      [books, searchVersion],
    );
  }
  await db.query(
    `create temporary table seq_books as select id, row_number() over (order by title_en) as n from books`,
  );
  await db.query(
    `insert into book_copies (book_id, barcode, status)
     select b.id, 'BB' || lpad(((b.n - 1) * 2 + c)::text, 7, '0'), 'available' from seq_books b, generate_series(1, 2) c`,
  );
  await db.query(`create temporary table seq_patrons as
    select id, row_number() over (order by email) - 1 as n from profiles where email like 'patron%@bench.maktaba.test'`);
  // States, by loan number mod 100: 10 requested, 5 approved, 5 shipped, 20 on loan (a quarter of
  // them overdue), 5 return shipped, 40 returned, 8 denied, 5 cancelled, 2 lost.
  await db.query(
    `insert into checkouts (user_id, book_id, copy_id, status, shipping_address, locale, checked_out_at,
                            approved_at, shipped_at, delivered_at, due_date, return_shipped_at, returned_at,
                            denied_at, denial_reason, cancelled_at, lost_at, carrier, tracking_number, updated_at)
     select p.id, b.id, c.id, s.status,
            '{"name":"Patron","address_line_1":"12 Main Street","address_line_2":null,"city":"Dearborn","state_province":"MI","postal_code":"48126","country":"United States","phone_number":null}'::jsonb,
            'en', t.requested,
            case when s.status not in ('requested', 'denied', 'cancelled') then t.requested + interval '1 day' end,
            case when s.status in ('shipped', 'on_loan', 'return_shipped', 'returned', 'lost') then t.requested + interval '2 days' end,
            case when s.status in ('on_loan', 'return_shipped', 'returned') then t.delivered end,
            case when s.status in ('on_loan', 'return_shipped', 'returned') then t.delivered + interval '21 days' end,
            case when s.status in ('return_shipped', 'returned') then t.delivered + interval '15 days' end,
            case when s.status = 'returned' then t.delivered + interval '18 days' end,
            case when s.status = 'denied' then t.requested + interval '1 day' end,
            case when s.status = 'denied' then 'Reserved for the reading room' end,
            case when s.status = 'cancelled' then t.requested + interval '3 hours' end,
            case when s.status = 'lost' then t.requested + interval '30 days' end,
            case when s.status in ('shipped', 'on_loan', 'return_shipped', 'returned', 'lost') then 'Canada Post' end,
            case when s.status in ('shipped', 'on_loan', 'return_shipped', 'returned', 'lost') then 'CP' || b.n end,
            t.requested + interval '1 hour'
       from seq_books b
       join book_copies c on c.book_id = b.id and c.barcode = 'BB' || lpad(((b.n - 1) * 2 + 1)::text, 7, '0')
       join seq_patrons p on p.n = b.n % $2
       cross join lateral (select case
           when b.n % 100 < 10 then 'requested' when b.n % 100 < 15 then 'approved'
           when b.n % 100 < 20 then 'shipped' when b.n % 100 < 40 then 'on_loan'
           when b.n % 100 < 45 then 'return_shipped' when b.n % 100 < 85 then 'returned'
           when b.n % 100 < 93 then 'denied' when b.n % 100 < 98 then 'cancelled' else 'lost' end as status) s
       cross join lateral (select
           case when s.status in ('requested', 'approved', 'shipped') then now() - ((b.n % 20) || ' days')::interval
                else now() - ((b.n % 700) || ' days')::interval - interval '1 day' end
             - (b.n || ' seconds')::interval as requested) r
       cross join lateral (select r.requested,
           case when s.status = 'on_loan' and b.n % 4 = 0 then now() - interval '30 days'
                when s.status = 'on_loan' then now() - ((b.n % 20) || ' days')::interval
                else r.requested + interval '4 days' end as delivered) t
      where b.n <= $1`,
    [loans, patrons],
  );
  // Copies follow their loans; counters follow the copies.
  await db.query(`update book_copies c set status = case l.status
        when 'requested' then 'reserved' when 'approved' then 'reserved' when 'shipped' then 'in_transit_out'
        when 'on_loan' then 'on_loan' when 'return_shipped' then 'in_transit_back' when 'lost' then 'lost' end
      from checkouts l
     where l.copy_id = c.id and l.status in ('requested', 'approved', 'shipped', 'on_loan', 'return_shipped', 'lost')`);
  await db.query('analyze books; analyze book_copies; analyze checkouts');
  await db.query(`update books b set
        copies_total = x.total, copies_available = x.available, checkout_count = coalesce(r.returned, 0)
      from (select book_id,
                   count(*) filter (where status not in ('withdrawn', 'lost')) as total,
                   count(*) filter (where status = 'available') as available
              from book_copies group by book_id) x
      left join (select book_id, count(*) as returned from checkouts where status = 'returned' group by book_id) r
        on r.book_id = x.book_id
     where x.book_id = b.id`);
  await db.query('set session_replication_role = origin');
  await db.query('drop table seq_books; drop table seq_patrons');
  await db.query('vacuum analyze');
}

/**
 * Readers with complete addresses and a session each, written into the database; their cookies
 * are signed as the server signs them (HMAC-SHA256 of the token with AUTH_SECRET, base64). The
 * librarian's real cookie checks the signing first: on a mismatch, null (then readers sign up).
 */
async function sessionsInDatabase(db, realCookie, count) {
  const pairs = realCookie
    .split('; ')
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]);
  const session = pairs.find(([name]) => name.endsWith('session_token'));
  if (!session) return null;
  const [name, value] = session;
  const sign = (token) =>
    encodeURIComponent(`${token}.${crypto.createHmac('sha256', authSecret).update(token).digest('base64')}`);
  const token = decodeURIComponent(value).split('.')[0];
  if (sign(token) !== value) {
    console.log("  (session signing does not match the server's: the readers sign up instead)");
    return null;
  }
  const users = await db.query(
    `insert into auth_users (name, email, email_verified)
     select 'Racer ' || n, 'racer' || n || '@bench.maktaba.test', true from generate_series(0, $1 - 1) n
     returning id, email`,
    [count],
  );
  await db.query(
    `insert into profiles (id, email, display_name, role, status, registration_completed,
                           address_line_1, city, state_province, postal_code, country)
     select id, email, name, 'patron', 'active', true, '12 Main Street', 'Dearborn', 'MI', '48126', 'United States'
       from auth_users where email like 'racer%@bench.maktaba.test'`,
  );
  const tokens = users.rows.map(() => crypto.randomBytes(24).toString('base64url'));
  await db.query(
    `insert into auth_sessions (token, user_id, expires_at)
     select t, u, now() + interval '1 day' from unnest($1::text[], $2::uuid[]) as x(t, u)`,
    [tokens, users.rows.map((row) => row.id)],
  );
  return tokens.map((one) => `${name}=${sign(one)}`);
}
