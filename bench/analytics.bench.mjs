// The admin analytics on PostgreSQL, through the built server and in-process. See bench/README.md.
//
// Seeds `--rows` rows (1M by default) in each raw table the charts summarise — search_events,
// book_views, security_events, web_vitals, client_errors — spread over 400 days (INSERT … SELECT
// FROM generate_series), times the rollup's back-fill, then for each chart over 7, 30 and 90 days
// (ending yesterday, so every day is a closed, rolled-up one) measures p50/p95 over `--samples`
// runs of the service function in-process and of the HTTP route, against a baseline measured in
// the same run (`select 1` through the same pool; GET /api/health), with the load average and a
// PASS/FAIL line against p95 ≤ 100 ms. Then the same figures computed straight from the raw tables
// (the rollup's own statements over the whole period), to show what the rollups save.
//
// Options (arguments after `npm run bench -- analytics`, or environment variables):
//   --rows=1000000   BENCH_ANALYTICS_ROWS     rows per raw table
//   --samples=50     BENCH_ANALYTICS_SAMPLES  timed runs per figure (rollups)
//   --raw-samples=5  BENCH_ANALYTICS_RAW_SAMPLES timed runs per figure (raw tables: slow)

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { fmt, percentile, root } from './lib.mjs';
import { signUpReaders } from './reliability/common.mjs';
import { startPostgres } from './search/postgres.mjs';

const { values: args } = parseArgs({
  options: { rows: { type: 'string' }, samples: { type: 'string' }, 'raw-samples': { type: 'string' } },
});
const env = process.env;
const options = {
  rows: Number(args.rows ?? env.BENCH_ANALYTICS_ROWS ?? 1_000_000),
  samples: Number(args.samples ?? env.BENCH_ANALYTICS_SAMPLES ?? 50),
  rawSamples: Number(args['raw-samples'] ?? env.BENCH_ANALYTICS_RAW_SAMPLES ?? 5),
};
const TARGET_P95_MS = 100;
const PERIODS = [7, 30, 90];
const DAYS = 400;
const load = () =>
  `load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`;
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const dist = (file) => import(path.join(root, 'apps/server/dist', file));

/**
 * The built server on PostgreSQL (as lib.mjs's startBuiltServer, with a longer wait for its first
 * start: on a busy machine the migrations alone can take more than a minute).
 */
async function startServer(databaseUrl) {
  const port = await new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'maktaba-bench-'));
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      TRUST_PROXY_HOPS: '1',
      DATABASE_URL: databaseUrl,
      DEMO_CATALOGUE: 'false',
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  for (let started = Date.now(); ; ) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop };
    } catch {}
    if (Date.now() - started > 300_000) {
      await stop();
      throw new Error('server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const postgres = await startPostgres({ shared_buffers: '256MB' });
if (!postgres) {
  console.log('The analytics benchmark needs PostgreSQL (initdb, pg_ctl, postgres); not found, skipped.');
  process.exit(0);
}
console.log(
  `analytics benchmark: ${postgres.version}, cores ${os.cpus().length}, ${load()}, ${new Date().toISOString().slice(0, 16)}`,
);
const databaseUrl = postgres.url.replace(/\/postgres$/, '/maktaba_bench_analytics');
let server = null;
let client = null;
let handle = null;
const stopAll = async () => {
  await handle?.close().catch(() => {});
  await client?.end().catch(() => {});
  await server?.stop().catch(() => {});
  await postgres.stop();
};
process.once('SIGINT', () => stopAll().finally(() => process.exit(130)));

const summary = [];
try {
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('create database maktaba_bench_analytics');
  await admin.end();
  server = await startServer(databaseUrl);
  client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();

  // --- Seed ------------------------------------------------------------------------------------
  const n = options.rows;
  // Triggers off while seeding, as a restore does: a book view's trigger would bump the book's
  // counter a million times (and lock books rows the server's search indexer updates).
  await client.query('set session_replication_role = replica');
  const seedStarted = performance.now();
  const when = `now() - (random() * ${DAYS} * interval '1 day')`;
  await client.query(
    `insert into books (title_en, title_ar, status) select 'Bench book ' || i, 'كتاب ' || i, 'approved' from generate_series(1, 5000) i`,
  );
  const step = async (label, statement) => {
    const started = performance.now();
    await client.query(statement);
    console.log(`  ${label.padEnd(16)} ${seconds(started)}`);
  };
  console.log(`seeding ${n.toLocaleString('en')} rows per table over ${DAYS} days:`);
  // 3,000 distinct queries, skewed (a few very common); one in seven never finds anything.
  await step(
    'search_events',
    `insert into search_events (normalized, query, result_count, locale, occurred_at)
     select 'query ' || q, 'Query ' || q, case when q % 7 = 0 then 0 else q % 50 + 1 end, 'en', ${when}
       from (select floor(3000 * power(random(), 3))::int as q from generate_series(1, ${n})) s`,
  );
  // Viewers are distinct, so every row is a view of its own (the table's key is book, viewer, day).
  await step(
    'book_views',
    `insert into book_views (book_id, viewer, day)
     select b.ids[1 + floor(5000 * power(random(), 2))::int], 'v' || i, (${when})::date
       from generate_series(1, ${n}) i, (select array_agg(id) as ids from books) b`,
  );
  await step(
    'security_events',
    `insert into security_events (event_type, ip_address, created_at)
     select (array['login_succeeded', 'login_succeeded', 'login_failed', 'security_check'])[1 + i % 4],
            '10.0.' || (i % 250) || '.' || (i % 199), ${when}
       from generate_series(1, ${n}) i`,
  );
  await step(
    'web_vitals',
    `insert into web_vitals (name, value, rating, delta, metric_id, path, session_id, device, occurred_at, received_at)
     select (array['LCP', 'INP', 'CLS', 'FCP', 'TTFB'])[1 + i % 5], random() * 5000, 'good', 0, 'm' || i,
            (array['/', '/search', '/book/' || gen_random_uuid(), '/categories', '/myimam', '/bookmarks'])[1 + i % 6],
            's' || (i % 5000), jsonb_build_object('type', (array['mobile', 'desktop', 'tablet'])[1 + i % 3]), t, t
       from (select i, ${when} as t from generate_series(1, ${n}) i) s`,
  );
  await step(
    'client_errors',
    `insert into client_errors (type, message, occurred_at, received_at)
     select (array['javascript', 'javascript', 'chunk-load', 'auth'])[1 + i % 4], 'Error ' || (i % 100), t, t
       from (select i, ${when} as t from generate_series(1, ${n}) i) s`,
  );
  await step('vacuum analyze', 'vacuum analyze');
  const views = await client.query('select count(*)::int as n from book_views');
  console.log(`seeded in ${seconds(seedStarted)} (book_views: ${views.rows[0].n.toLocaleString('en')} rows)`);

  // --- The back-fill ---------------------------------------------------------------------------
  const { openPostgres } = await dist('db/client.js');
  const { createLogger } = await dist('logger.js');
  const service = await dist('modules/analytics/analytics.service.js');
  const { METRICS } = await dist('modules/analytics/analytics.metrics.js');
  const { addDays, utcDay } = await dist('modules/analytics/analytics-days.js');
  const { sql } = await import('drizzle-orm');
  handle = await openPostgres(databaseUrl, 4, createLogger({ logLevel: 'silent', logPretty: false }));
  const db = handle.db;
  const backfillStarted = performance.now();
  const result = await service.rollUpAnalytics(db, new Date());
  const rollupRows = await client.query('select count(*)::int as n from analytics_daily');
  console.log(
    `\nrollup back-fill: ${result.backfilled} days in ${seconds(backfillStarted)} → analytics_daily ${rollupRows.rows[0].n.toLocaleString('en')} rows (${load()})`,
  );
  const recentStarted = performance.now();
  await service.rollUpAnalytics(db, new Date());
  console.log(`the job's periodic run (yesterday and today): ${seconds(recentStarted)}`);

  // --- Baselines -------------------------------------------------------------------------------
  const timeMany = async (fn, count) => {
    const times = [];
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      await fn();
      times.push(performance.now() - started);
    }
    return { p50: percentile(times, 50), p95: percentile(times, 95) };
  };
  const [cookie] = await signUpReaders(server.base, 1, 'analyst', 1);
  await client.query(`update profiles set role = 'admin' where email = 'analyst0@bench.maktaba.test'`);
  const headers = { Cookie: cookie, 'X-Forwarded-For': '10.9.9.9' };
  const get = async (pathname) => {
    const response = await fetch(`${server.base}${pathname}`, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${pathname}: ${response.status}`);
  };
  const select1 = await timeMany(() => db.execute(sql`select 1`), options.samples * 2);
  const health = await timeMany(() => get('/api/health'), options.samples * 2);
  console.log(
    `\nbaselines: select 1 (in-process) p50 ${fmt(select1.p50)} p95 ${fmt(select1.p95)}; GET /api/health p50 ${fmt(health.p50)} p95 ${fmt(health.p95)} (${load()})`,
  );

  // --- The charts over the rollups -------------------------------------------------------------
  const yesterday = addDays(utcDay(new Date()), -1);
  const charts = {
    daily: (q) => service.daily(db, { ...q, format: 'json' }, new Date()),
    'top-queries': (q) => service.topQueries(db, { ...q, kind: 'all', limit: 20, format: 'json' }, new Date()),
    'top-queries?kind=zero': (q) =>
      service.topQueries(db, { ...q, kind: 'zero', limit: 20, format: 'json' }, new Date()),
    'most-viewed': (q) => service.mostViewed(db, { ...q, limit: 10, format: 'json' }, new Date()),
    loans: (q) => service.loans(db, { ...q, format: 'json' }, new Date()),
    'web-vitals': (q) => service.webVitals(db, { ...q, metric: 'LCP', format: 'json' }, new Date()),
    errors: (q) => service.errors(db, { ...q, format: 'json' }, new Date()),
  };
  console.log(
    `\ncharts over the rollups, ${options.samples} runs each (p50 / p95 ms; ×: p95 over the baseline's p95):`,
  );
  console.log(`  ${'chart'.padEnd(22)} ${'days'.padEnd(5)} ${'in-process'.padEnd(30)} HTTP`);
  for (const [name, run] of Object.entries(charts)) {
    for (const days of PERIODS) {
      const q = { from: addDays(yesterday, -(days - 1)), to: yesterday };
      await run(q); // warm: plans cached
      const inProcess = await timeMany(() => run(q), options.samples);
      const [chart, extra] = name.split('?');
      const url = `/api/admin/analytics/${chart}?from=${q.from}&to=${q.to}${extra ? `&${extra}` : ''}`;
      await get(url);
      const http = await timeMany(() => get(url), options.samples);
      summary.push({ name, days, inProcess, http });
      console.log(
        `  ${name.padEnd(22)} ${String(days).padEnd(5)} ${`${inProcess.p50.toFixed(1)} / ${inProcess.p95.toFixed(1)} (×${(inProcess.p95 / select1.p95).toFixed(1)})`.padEnd(30)} ${http.p50.toFixed(1)} / ${http.p95.toFixed(1)} (×${(http.p95 / health.p95).toFixed(1)})`,
      );
    }
  }
  console.log(`  (${load()})`);

  // --- The same figures straight from the raw tables -------------------------------------------
  const rawOf =
    (metrics, extra = sql``) =>
    (q) => {
      const until = addDays(q.to, 1);
      const parts = metrics.map((m) => sql`select ${m}::text as metric, r.* from (${METRICS[m](q.from, until)}) r`);
      return db.execute(sql`select * from (${sql.join(parts, sql` union all `)}) x ${extra}`);
    };
  const raw = {
    daily: rawOf([
      'active_readers',
      'registrations',
      'sign_ins',
      'failed_sign_ins',
      'searches',
      'zero_result_searches',
      'book_views',
      'bookmarks',
      'loan_requests',
      'client_errors',
    ]),
    'top-queries': (q) =>
      db.execute(
        sql`select dimension, sum(value) as searches from (${METRICS.query_searches(q.from, addDays(q.to, 1))}) r group by 1 order by 2 desc, 1 limit 20`,
      ),
    'most-viewed': (q) =>
      db.execute(
        sql`select dimension, sum(value) as views from (${METRICS.book_views_by_book(q.from, addDays(q.to, 1))}) r group by 1 order by 2 desc, 1 limit 10`,
      ),
    'web-vitals': rawOf(['vital:LCP']),
    errors: rawOf(['client_errors']),
  };
  console.log(`\nthe same straight from the raw tables, ${options.rawSamples} runs each (p50 / p95 ms, in-process):`);
  for (const [name, run] of Object.entries(raw)) {
    const cells = [];
    for (const days of PERIODS) {
      const q = { from: addDays(yesterday, -(days - 1)), to: yesterday };
      await run(q);
      const figure = await timeMany(() => run(q), options.rawSamples);
      const rolled = summary.find((row) => row.name === name && row.days === days);
      cells.push(
        `${days} d: ${figure.p50.toFixed(1)} / ${figure.p95.toFixed(1)}${rolled ? ` (×${(figure.p50 / rolled.inProcess.p50).toFixed(0)} the rollup's p50)` : ''}`,
      );
    }
    console.log(`  ${name.padEnd(14)} ${cells.join('   ')}`);
  }
  console.log(`  (${load()})`);

  const worstInProcess = summary.reduce((a, b) => (b.inProcess.p95 > a.inProcess.p95 ? b : a));
  const worstHttp = summary.reduce((a, b) => (b.http.p95 > a.http.p95 ? b : a));
  const pass = worstHttp.http.p95 <= TARGET_P95_MS && worstInProcess.inProcess.p95 <= TARGET_P95_MS;
  console.log(
    `\n${pass ? 'PASS' : 'FAIL'} charts p95 ≤ ${TARGET_P95_MS} ms: worst in-process ${fmt(worstInProcess.inProcess.p95)} (${worstInProcess.name}, ${worstInProcess.days} d), worst HTTP ${fmt(worstHttp.http.p95)} (${worstHttp.name}, ${worstHttp.days} d); ${load()}`,
  );
} finally {
  await stopAll();
}
