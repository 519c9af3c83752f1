// Library search at 10k, 100k and 1M books (1M on PostgreSQL only), on PGlite and on PostgreSQL, against a peer
// (MiniSearch in-process over the same corpus with the same normaliser). See bench/README.md.
//
// Options (arguments after `npm run bench -- search`, or environment variables):
//   --drivers=pglite,postgres   BENCH_SEARCH_DRIVERS   databases to measure (default both)
//   --pglite-sizes=10k,100k     BENCH_SEARCH_PGLITE_SIZES
//   --postgres-sizes=10k,100k,1m BENCH_SEARCH_POSTGRES_SIZES (1M loads in about 4 minutes)
//   --samples=300               BENCH_SEARCH_SAMPLES   timed requests per latency figure (at most)
//   --seconds=10                BENCH_SEARCH_SECONDS   length of each throughput run
//   --connections=32            BENCH_SEARCH_CONNECTIONS
//   --no-peer                   BENCH_SEARCH_PEER=0    skip MiniSearch
//   --explain                   BENCH_SEARCH_EXPLAIN=1 on PostgreSQL: the slowest statements of each
//                                                      size (pg_stat_statements) and their plans
//                                                      (auto_explain, over 50 ms) in a log
//   --peer-max=100k             BENCH_SEARCH_PEER_MAX  largest corpus the peer indexes (its
//                                                      autocomplete takes seconds a query at 100k)
// The corpus needs ../shared/data/catalogue.jsonl; without it the benchmark says so and ends.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import { addressOf, fmt, startBuiltServer } from './lib.mjs';
import { CATALOGUE, createCorpus, readCatalogue } from './search/corpus.mjs';
import {
  evaluate,
  hitRates,
  latencies,
  loadQueries,
  rssMb,
  spread,
  summary,
  TOP,
  throughput,
  typedPrefixes,
} from './search/measure.mjs';
import {
  addGenerated,
  categoryKeys,
  finishLoad,
  loadCatalogue,
  openDatabase,
  searchPath,
  serverModules,
  serviceTarget,
  suggestPath,
  tableSizes,
} from './search/ours.mjs';
import { buildPeer } from './search/peer.mjs';
import { startPostgres } from './search/postgres.mjs';

const { values: args } = parseArgs({
  options: {
    drivers: { type: 'string' },
    'pglite-sizes': { type: 'string' },
    'postgres-sizes': { type: 'string' },
    samples: { type: 'string' },
    seconds: { type: 'string' },
    connections: { type: 'string' },
    'no-peer': { type: 'boolean' },
    'peer-max': { type: 'string' },
    explain: { type: 'boolean' },
  },
});
const env = process.env;
const sizeOf = (text) => Math.round(Number.parseFloat(text) * (/m$/i.test(text) ? 1e6 : /k$/i.test(text) ? 1e3 : 1));
const sizes = (text) => text.split(',').filter(Boolean).map(sizeOf);
const options = {
  drivers: (args.drivers ?? env.BENCH_SEARCH_DRIVERS ?? 'pglite,postgres').split(','),
  pglite: sizes(args['pglite-sizes'] ?? env.BENCH_SEARCH_PGLITE_SIZES ?? '10k,100k'),
  postgres: sizes(args['postgres-sizes'] ?? env.BENCH_SEARCH_POSTGRES_SIZES ?? '10k,100k,1m'),
  samples: Number(args.samples ?? env.BENCH_SEARCH_SAMPLES ?? 300),
  seconds: Number(args.seconds ?? env.BENCH_SEARCH_SECONDS ?? 10),
  connections: Number(args.connections ?? env.BENCH_SEARCH_CONNECTIONS ?? 32),
  peer: !args['no-peer'] && env.BENCH_SEARCH_PEER !== '0',
  explain: args.explain || env.BENCH_SEARCH_EXPLAIN === '1',
  peerMax: sizeOf(args['peer-max'] ?? env.BENCH_SEARCH_PEER_MAX ?? '100k'),
};

const records = readCatalogue();
if (!records) {
  console.log(`The search benchmark needs the catalogue at ${CATALOGUE} (see ../shared/data/README.md); skipped.`);
  process.exit(0);
}
const corpus = createCorpus(records);
const queries = loadQueries(corpus);
const mods = await serverModules();
const ours = !mods.missing;
if (!ours) {
  console.log(
    `Server search not built (${mods.missing.join(', ')} missing in apps/server/dist): only the peer is measured.`,
  );
}

const pct = (x) => `${(x * 100).toFixed(1)} %`;
const ms = (x) => (x === undefined || x === null ? '—' : fmt(x));
const label = (n) => (n >= 1e6 ? `${n / 1e6}M` : n >= 1e3 ? `${n / 1e3}k` : String(n));
const titleOf = (id) => {
  if (!id) return '(nothing)';
  if (!/^(bench|openiti|thaqalayn):/.test(id)) return id;
  const match = /^bench:(\d+)$/.exec(id);
  const row = match ? corpus.row(Number(match[1])) : records.find((record) => record.id === id);
  return `${id} "${row?.title_en ?? row?.title ?? ''} / ${row?.title_ar ?? ''}"`;
};

const typed = queries.flatMap((query) => typedPrefixes(query.q));
const suggestSample = spread(typed, options.samples);
const searchSample = spread(queries, options.samples);
const load = () => `load average ${os.loadavg()[0].toFixed(1)}`;
console.log(
  `search benchmark: ${queries.length} queries (${typed.length} typed prefixes, ${suggestSample.length} timed), ` +
    `cores ${os.cpus().length}, ${load()}, ${new Date().toISOString().slice(0, 10)}`,
);

/** Latencies of the three request kinds through `call` (suggest(q), search(q, filters?)). */
async function latencyFigures(suggest, search) {
  return {
    suggest: summary(await latencies(suggestSample, (q) => suggest(q))),
    full: summary(await latencies(searchSample, (query) => search(query.q))),
    filtered: summary(await latencies(searchSample, (query) => search(query.q, query.filters))),
  };
}

function printRates(name, rates) {
  const tags = Object.entries(rates.tags)
    .map(([tag, rate]) => `${tag} ${pct(rate.full)}/${pct(rate.suggest)}`)
    .join(', ');
  console.log(
    `  ${name} top-${TOP} hit rate: full ${pct(rates.all.full)}, with filters ${pct(rates.all.filtered)}, autocomplete ${pct(rates.all.suggest)}`,
  );
  console.log(`    per tag (full/autocomplete): ${tags}`);
}
const printLatency = (name, figures) => {
  for (const [kind, s] of Object.entries(figures)) {
    console.log(`  ${name} ${kind.padEnd(9)} p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  p99 ${ms(s.p99)}  (n ${s.n})`);
  }
};

function gc() {
  v8.setFlagsFromString('--expose-gc');
  const collect = vm.runInNewContext('gc');
  collect();
  collect();
}

const results = [];

/** The peer at `size`: build time, heap, hit rates, latencies. */
function measurePeer(size) {
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const peer = buildPeer(corpus, size);
  gc();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
  return (async () => {
    const evaluation = await evaluate(queries, peer);
    const latency = await latencyFigures(
      (q) => peer.suggest(q),
      (q, filters) => peer.search(q, filters),
    );
    const entry = {
      who: 'peer',
      size,
      buildMs: peer.buildMs,
      heapMb,
      rates: hitRates(evaluation),
      evaluation,
      latency,
    };
    console.log(
      `\n-- peer (MiniSearch ${label(size)}): index built in ${(peer.buildMs / 1000).toFixed(1)} s, heap ${heapMb.toFixed(0)} MB`,
    );
    printRates('peer', entry.rates);
    printLatency('peer in-process', latency);
    return entry;
  })();
}

/**
 * With --explain on PostgreSQL: the statements that took the most time since the last call
 * (pg_stat_statements), printed, then the counters reset.
 */
async function statementReport(url, print) {
  const { default: pgModule } = await import('pg');
  const client = new pgModule.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('create extension if not exists pg_stat_statements');
    if (print) {
      const { rows } = await client.query(
        `select calls, mean_exec_time as mean, max_exec_time as max, total_exec_time as total, query
           from pg_stat_statements
          where dbid = (select oid from pg_database where datname = current_database()) and calls >= 5
            and query !~* 'pg_stat_statements|vacuum|analyze'
          order by total_exec_time desc limit 6`,
      );
      console.log('  statements taking the most time (pg_stat_statements):');
      for (const row of rows) {
        const query = row.query.replace(/\s+/g, ' ').slice(0, 400);
        console.log(
          `    ${row.calls} calls, mean ${fmt(row.mean)}, max ${fmt(row.max)}, total ${(row.total / 1000).toFixed(1)} s: ${query}`,
        );
      }
    }
    await client.query('select pg_stat_statements_reset()');
  } finally {
    await client.end();
  }
}

/** State of one database across sizes: how many rows it holds. */
const databases = new Map();
/** The built server being measured, if any (stopped on Ctrl-C too). */
let server = null;

async function measureOurs(driver, size, pg) {
  const state = databases.get(driver) ?? {
    loaded: 0,
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'maktaba-bench-search-')),
    url: pg?.url.replace(/\/postgres$/, '/maktaba_bench'),
  };
  databases.set(driver, state);
  if (driver === 'postgres' && state.loaded === 0) {
    const pgMod = (await import('pg')).default;
    const admin = new pgMod.Client({ connectionString: pg.url });
    await admin.connect();
    await admin.query('create database maktaba_bench');
    await admin.end();
  }
  console.log(`\n-- ours on ${driver}, ${label(size)} books (${load()})`);
  const handle = await openDatabase(mods, { driver, dataDir: state.dataDir, url: state.url });
  const loadStarted = performance.now();
  if (state.loaded === 0) {
    const imported = await loadCatalogue(mods, handle.db, corpus, CATALOGUE);
    console.log(
      `  catalogue imported: ${imported.inserted} books in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`,
    );
    state.loaded = records.length;
  }
  const generatedFrom = state.loaded;
  const generatedStarted = performance.now();
  let lastReport = generatedStarted;
  await addGenerated(mods, handle.db, corpus, state.loaded, size, {
    batch: driver === 'postgres' ? 5000 : 2000,
    onBatch: (done) => {
      if (performance.now() - lastReport > 30_000) {
        lastReport = performance.now();
        const rate = (done - generatedFrom) / ((lastReport - generatedStarted) / 1000);
        console.log(`  … ${done} rows (${rate.toFixed(0)} rows/s)`);
      }
    },
  });
  const insertS = (performance.now() - generatedStarted) / 1000;
  const finishStarted = performance.now();
  await finishLoad(mods, handle.db);
  const finishS = (performance.now() - finishStarted) / 1000;
  state.loaded = size;
  const table = await tableSizes(handle.db);
  console.log(
    `  generated ${size - generatedFrom} books in ${insertS.toFixed(1)} s (${((size - generatedFrom) / Math.max(insertS, 0.001)).toFixed(0)} rows/s); ` +
      `search words + vacuum analyze ${finishS.toFixed(1)} s; books ${table.books}, table + indexes ${table.totalMb.toFixed(0)} MB (indexes ${table.indexesMb.toFixed(0)} MB)`,
  );

  const explain = options.explain && driver === 'postgres';
  if (explain) await statementReport(state.url, false);
  const keys = await categoryKeys(handle.db);
  const target = serviceTarget(mods, handle.db, keys);
  const evaluation = await evaluate(queries, target);
  const rates = hitRates(evaluation);
  printRates('ours', rates);
  const inProcess = await latencyFigures(
    (q) => target.suggestRaw(q),
    (q, filters) => target.searchRaw(q, filters),
  );
  printLatency('ours in-process', inProcess);
  const benchRss = rssMb();
  await handle.close();

  server = await startBuiltServer({
    DEMO_CATALOGUE: 'false',
    ...(driver === 'postgres' ? { DATABASE_URL: state.url } : { DATA_DIR: state.dataDir }),
  });
  let n = 0;
  const get = async (pathname) => {
    const response = await fetch(`${server.base}${pathname}`, {
      headers: { 'X-Forwarded-For': addressOf(n++ % 50_000) },
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${pathname}: ${response.status}`);
  };
  let http;
  let rss;
  let rates32;
  try {
    const rssStarted = rssMb(server.pid);
    // One pass to warm the server up, not timed: its code (JIT), its memory of the catalogue, and its
    // database connections. A new PostgreSQL connection maps each shared buffer the first time it
    // reads it (120-300 ms for the first "kafi" at 1M books, 19 ms after); a running server's pooled
    // connections did that long ago. Each timed request is asked once here with another limit or
    // page size: the same rows are read, but the answer is cached under another key, so the timed
    // pass below is not answered from the cache.
    const warmTarget = { params: (q, filters) => ({ ...target.params(q, filters), per_page: 19 }) };
    for (const q of suggestSample) await get(`/api/search/suggest?${new URLSearchParams({ q, limit: '9' })}`);
    for (const query of searchSample) {
      await get(searchPath(warmTarget, query.q));
      await get(searchPath(warmTarget, query.q, query.filters));
    }
    const rssWarm = rssMb(server.pid);
    http = await latencyFigures(
      (q) => get(suggestPath(q)),
      (q, filters) => get(searchPath(target, q, filters)),
    );
    printLatency('ours HTTP', http);
    console.log(`  (${load()})`);
    const throughputOptions = { connections: options.connections, seconds: options.seconds };
    rates32 = {
      suggest: await throughput(typed, (q) => get(suggestPath(q)), throughputOptions),
      full: await throughput(queries, (query) => get(searchPath(target, query.q)), throughputOptions),
    };
    for (const [kind, t] of Object.entries(rates32)) {
      console.log(
        `  ours HTTP ${kind.padEnd(9)} ${options.connections} connections: ${t.rps.toFixed(0)} req/s, p50 ${ms(t.p50)}, p95 ${ms(t.p95)}, p99 ${ms(t.p99)}${t.failed ? `, ${t.failed} failed` : ''}`,
      );
    }
    rss = { started: rssStarted, warm: rssWarm, after: rssMb(server.pid), bench: benchRss };
    console.log(
      `  memory: server RSS ${rss.started?.toFixed(0)} MB after start, ${rss.warm?.toFixed(0)} MB after a first pass, ` +
        `${rss.after?.toFixed(0)} MB after the runs${driver === 'pglite' ? ` (benchmark process with PGlite loaded: ${benchRss?.toFixed(0)} MB)` : ''}`,
    );
  } finally {
    await server.stop();
    server = null;
  }
  if (explain) await statementReport(state.url, true);
  return {
    who: driver,
    size,
    rates,
    evaluation,
    inProcess,
    http,
    throughput: rates32,
    rss,
    table,
    loadS: insertS + finishS,
  };
}

function printMisses(entry) {
  for (const mode of ['full', 'suggest']) {
    const misses = entry.evaluation.filter((result) => result[mode].rank === null);
    if (misses.length === 0) continue;
    console.log(
      `  ${entry.who} ${label(entry.size)} missed (${mode === 'full' ? 'full search' : 'autocomplete'}, not in top ${TOP}):`,
    );
    for (const miss of misses) {
      console.log(`    [${miss.query.tag}] "${miss.query.q}" → first: ${titleOf(miss[mode].first)}`);
    }
  }
}

let pg = null;
const explainLog = path.join(os.tmpdir(), `maktaba-search-explain-${Date.now()}.log`);
const cleanUp = async () => {
  await server?.stop();
  await pg?.stop(options.explain ? { keepLogAs: explainLog } : {});
  if (pg && options.explain) console.log(`plans of the statements over 50 ms (auto_explain): ${explainLog}`);
  for (const state of databases.values()) fs.rmSync(state.dataDir, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => cleanUp().finally(() => process.exit(130)));
}
try {
  if (ours && options.drivers.includes('postgres') && options.postgres.length > 0) {
    const explain = {
      shared_preload_libraries: 'auto_explain,pg_stat_statements',
      'auto_explain.log_min_duration': '50ms',
      'auto_explain.log_analyze': 'on',
      'auto_explain.log_buffers': 'on',
    };
    pg = await startPostgres({
      shared_buffers: '512MB',
      maintenance_work_mem: '256MB',
      effective_cache_size: '2GB',
      ...(options.explain ? explain : {}),
    });
    if (!pg) console.log('PostgreSQL not found: the PostgreSQL figures are skipped.');
    else console.log(`PostgreSQL: ${pg.version} (shared_buffers 512MB, fsync off)`);
  }
  const allSizes = [...new Set([...options.pglite, ...options.postgres])].sort((a, b) => a - b);
  for (const size of allSizes) {
    if (options.peer && size <= options.peerMax) results.push(await measurePeer(size));
    if (!ours) continue;
    if (options.drivers.includes('pglite') && options.pglite.includes(size))
      results.push(await measureOurs('pglite', size));
    if (pg && options.postgres.includes(size)) results.push(await measureOurs('postgres', size, pg));
  }
} finally {
  await cleanUp();
}

const out = path.join(os.tmpdir(), `maktaba-search-bench-${Date.now()}.json`);
fs.writeFileSync(
  out,
  JSON.stringify(
    results.map(({ evaluation, ...rest }) => ({
      ...rest,
      evaluation: evaluation.map(({ query, ...modes }) => ({ q: query.q, tag: query.tag, ...modes })),
    })),
    null,
    1,
  ),
);
console.log(`\nfigures also written to ${out}`);

console.log('\n== summary ==');
const peers = new Map(results.filter((r) => r.who === 'peer').map((r) => [r.size, r]));
for (const entry of results.filter((r) => r.who !== 'peer')) {
  const peer = peers.get(entry.size);
  const rates = (r) => `full ${pct(r.full)}, with filters ${pct(r.filtered)}, autocomplete ${pct(r.suggest)}`;
  console.log(`${entry.who} ${label(entry.size)}: top-${TOP} hit rate ${rates(entry.rates.all)}`);
  if (!peer) continue;
  const diff = (mode) => `${((entry.rates.all[mode] - peer.rates.all[mode]) * 100).toFixed(1)}`;
  console.log(
    `  peer: ${rates(peer.rates.all)}; ours − peer: ${diff('full')} / ${diff('filtered')} / ${diff('suggest')} points`,
  );
  const ratio = (ours, kind, p) => (ours[kind][p] / peer.latency[kind][p]).toFixed(1);
  for (const kind of ['suggest', 'full', 'filtered']) {
    console.log(
      `  latency ours ÷ peer, ${kind.padEnd(8)}: in-process p50 ${ratio(entry.inProcess, kind, 'p50')}×, p95 ${ratio(entry.inProcess, kind, 'p95')}×; ` +
        `HTTP p50 ${ratio(entry.http, kind, 'p50')}×, p95 ${ratio(entry.http, kind, 'p95')}×`,
    );
  }
}
for (const entry of results) printMisses(entry);

const check = (ok, text) => console.log(`${ok ? 'PASS' : 'FAIL'} ${text}`);
const target = results.find((r) => r.who === 'postgres' && r.size === 100_000);
if (target) {
  const peer = peers.get(100_000);
  console.log('\ntargets (PostgreSQL, 100k books):');
  check(target.http.suggest.p95 <= 15, `autocomplete p95 through HTTP ≤ 15 ms: ${ms(target.http.suggest.p95)}`);
  check(
    target.throughput.suggest.rps >= 800,
    `autocomplete ≥ 800 req/s with ${options.connections} connections: ${target.throughput.suggest.rps.toFixed(0)} req/s`,
  );
  check(
    target.http.filtered.p95 <= 40,
    `full search with filters p95 through HTTP ≤ 40 ms: ${ms(target.http.filtered.p95)}`,
  );
  check(target.rates.all.full >= 0.95, `top-${TOP} hit rate (full search) ≥ 95 %: ${pct(target.rates.all.full)}`);
  if (peer) {
    check(
      target.rates.all.full >= peer.rates.all.full,
      `hit rate not below the peer's: ${pct(target.rates.all.full)} vs ${pct(peer.rates.all.full)}`,
    );
  }
}

// The targets at 1M books: the hit rate as at 100k, and wider latency budgets (bench/README.md).
const million = results.find((r) => r.who === 'postgres' && r.size === 1_000_000);
if (million) {
  console.log('\ntargets (PostgreSQL, 1M books):');
  check(million.rates.all.full >= 0.95, `top-${TOP} hit rate (full search) ≥ 95 %: ${pct(million.rates.all.full)}`);
  check(million.http.suggest.p95 <= 25, `autocomplete p95 through HTTP ≤ 25 ms: ${ms(million.http.suggest.p95)}`);
  check(million.http.full.p95 <= 50, `full search p95 through HTTP ≤ 50 ms: ${ms(million.http.full.p95)}`);
}
