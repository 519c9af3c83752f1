// Shared by the parts of the reliability benchmark: the built server with the event-loop probe
// preloaded, a throw-away PostgreSQL cluster that can be restarted, signed-in readers, the reader
// loop, and the figures (every one printed beside the load average).
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { addressOf, percentile, root, startBuiltServer } from '../lib.mjs';
import { startPostgres } from '../search/postgres.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const load = () => `load ${os.loadavg()[0].toFixed(2)}`;
export const ms = (value) => (value === undefined || Number.isNaN(value) ? '—' : `${value.toFixed(1)} ms`);
export const PASSWORD = 'Bench-reader-2026';

/** Things to stop at the end, newest first, even when a part fails or the run is interrupted. */
const cleanups = [];
export function onCleanup(fn) {
  cleanups.push(fn);
  return () => {
    const index = cleanups.indexOf(fn);
    if (index >= 0) cleanups.splice(index, 1);
  };
}
export async function cleanupAll() {
  while (cleanups.length > 0) {
    const fn = cleanups.pop();
    try {
      await fn();
    } catch (error) {
      console.error(`cleanup: ${error.message}`);
    }
  }
}

/** PASS/FAIL lines, kept for the summary at the end. */
export const verdicts = [];
export function verdict(part, target, pass, detail) {
  verdicts.push({ part, target, pass, detail });
  console.log(`  ${pass ? 'PASS' : 'FAIL'}  ${target}: ${detail}  (${load()})`);
}

/**
 * A migrated PGlite data directory with the demo catalogue, made once per run (a first start can
 * take over a minute on a busy machine) and copied for every server on PGlite.
 */
let template = null;
async function pgliteTemplate() {
  if (template) return template;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'maktaba-bench-template-'));
  onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  const dataDir = path.join(dir, 'data');
  const port = 4700 + Math.floor(Math.random() * 100);
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
    },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stopChild = onCleanup(async () => {
    child.kill('SIGTERM');
    await exited;
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error('the server stopped while creating the PGlite template');
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (performance.now() - started > 300_000) throw new Error('the PGlite template took over 5 minutes');
      await sleep(200);
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
    stopChild();
  }
  console.log(
    `  (PGlite data directory with the demo catalogue created in ${((performance.now() - started) / 1000).toFixed(1)} s, ${load()})`,
  );
  template = dataDir;
  return template;
}

/** A copy of the PGlite template in `dataDir` (a new temporary directory when not given). */
export async function pgliteDataDir(dataDir) {
  const source = await pgliteTemplate();
  const target = dataDir ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'maktaba-bench-data-')), 'data');
  if (!dataDir) onCleanup(() => fs.rmSync(path.dirname(target), { recursive: true, force: true }));
  fs.cpSync(source, target, { recursive: true });
  fs.rmSync(path.join(target, 'maktaba.lock'), { force: true });
  return target;
}

/**
 * The built server (lib.mjs) with the event-loop probe preloaded, on a copy of the PGlite template
 * unless DATA_DIR or DATABASE_URL is given; stopped at the end.
 */
export async function startServer(env = {}) {
  const dataEnv = env.DATA_DIR || env.DATABASE_URL ? {} : { DATA_DIR: await pgliteDataDir() };
  const eldDir = fs.mkdtempSync(path.join(os.tmpdir(), 'maktaba-bench-eld-'));
  const eldFile = path.join(eldDir, 'eld.json');
  const preload = pathToFileURL(path.join(here, 'eld-preload.mjs')).href;
  let server;
  try {
    server = await startBuiltServer({
      NODE_ENV: 'production',
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${preload}`.trim(),
      BENCH_ELD_FILE: eldFile,
      ...dataEnv,
      ...env,
    });
  } catch (error) {
    fs.rmSync(eldDir, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    unregister();
    await server.stop();
    fs.rmSync(path.dirname(eldFile), { recursive: true, force: true });
  };
  const unregister = onCleanup(stop);
  /** The event loop's delay since the previous call (ms: p50, p99, max), or null. */
  const eventLoopDelay = async () => {
    const asked = Date.now();
    try {
      process.kill(server.pid, 'SIGUSR2');
    } catch {
      return null;
    }
    for (let waited = 0; waited < 10_000; waited += 50) {
      try {
        const figures = JSON.parse(fs.readFileSync(eldFile, 'utf8'));
        if (figures.at >= asked) return figures;
      } catch {}
      await sleep(50);
    }
    return null;
  };
  return { ...server, stop, eventLoopDelay, rss: () => rssMb(server.pid) };
}

export function rssMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return Number.NaN;
  }
}

/**
 * The throw-away cluster of the search benchmark (search/postgres.mjs), started once and shared by
 * the parts (a database each), with stop/start for the restart part: pg_ctl on its data directory.
 */
let cluster = null;
export async function postgresCluster() {
  if (cluster) return cluster;
  const pg = await startPostgres({ max_connections: 200 });
  if (!pg) return null;
  const cmdline = fs.readFileSync(`/proc/${pg.pid}/cmdline`, 'utf8').split('\0');
  const dataDir = cmdline[cmdline.indexOf('-D') + 1];
  const bin = path.dirname(fs.readlinkSync(`/proc/${pg.pid}/exe`));
  const asRoot = process.getuid?.() === 0;
  const pgCtl = (args) => {
    const file = path.join(bin, 'pg_ctl');
    const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
    // Asynchronous: the readers go on while it runs.
    return new Promise((resolve, reject) =>
      execFile(command, argv, { encoding: 'utf8', timeout: 120_000 }, (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      ),
    );
  };
  const logFile = path.join(path.dirname(dataDir), 'postgres.log');
  const pgModule = (await import('pg')).default;
  cluster = {
    version: pg.version,
    /** A new database on the cluster; resolves to its URL. */
    async database(name) {
      const admin = new pgModule.Client({ connectionString: pg.url });
      await admin.connect();
      try {
        await admin.query(`create database ${name}`);
      } finally {
        await admin.end();
      }
      return pg.url.replace(/\/postgres$/, `/${name}`);
    },
    stopCluster: () => pgCtl(['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']),
    // restart on a stopped cluster starts it with the options of its last start (postmaster.opts).
    startCluster: () => pgCtl(['-D', dataDir, '-l', logFile, '-w', '-t', '60', 'restart']),
  };
  onCleanup(async () => {
    await cluster.stopCluster().catch(() => {});
    await pg.stop();
    cluster = null;
  });
  return cluster;
}

const signUpBody = (email, i) => ({
  email,
  password: PASSWORD,
  name: `Reader ${i}`,
  phone_number: '+12025550143',
  address_line_1: '12 Main Street',
  city: 'Dearborn',
  state_province: 'MI',
  postal_code: '48126',
  country: 'United States',
});

const cookieOf = (response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .filter((pair) => !pair.endsWith('='))
    .join('; ');

/**
 * Signs up `count` readers (each from its own address, `concurrency` at a time: the password hash
 * runs on the server's thread pool); returns their session cookies, indexed like the readers.
 */
export async function signUpReaders(base, count, prefix, concurrency = 4) {
  const cookies = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < count; i = next++) {
        const email = `${prefix}${i}@bench.maktaba.test`;
        const response = await fetch(`${base}/api/auth/sign-up`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': addressOf(i) },
          body: JSON.stringify(signUpBody(email, i)),
          signal: AbortSignal.timeout(60_000),
        });
        if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
        cookies[i] = cookieOf(response);
        await response.arrayBuffer();
      }
    }),
  );
  return cookies;
}
export { signUpBody };

/** Book ids from the home shelves and search words from their titles (the demo catalogue). */
export async function catalogueSample(base) {
  const ids = new Set();
  const words = new Set();
  for (const type of ['recent', 'popular']) {
    const response = await fetch(`${base}/api/shelves/${type}?p_limit=50`);
    const shelf = await response.json();
    for (const book of shelf.books ?? []) {
      ids.add(book.id);
      for (const title of [book.title, book.title_ar]) {
        for (const word of (title ?? '').split(/[\s\p{P}]+/u)) if (word.length >= 4) words.add(word);
      }
    }
  }
  if (ids.size === 0) throw new Error('the demo catalogue is empty: no book on the home shelves');
  return { ids: [...ids], words: [...words].slice(0, 60) };
}

/**
 * One simulated reader until `deadline`: home shelves, search, a book page, and (signed in) a
 * bookmark toggle or (anonymous) a search suggestion. Every answer goes to `record`.
 */
export async function reader({ base, n, cookie, sample, deadline, record, timeoutMs = 30_000, stop }) {
  const headers = { 'X-Forwarded-For': addressOf(n), ...(cookie ? { Cookie: cookie } : {}) };
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const bookmarked = new Set();
  for (let step = n; Date.now() < deadline && !stop?.stopped; step++) {
    let method = 'GET';
    let url;
    let body;
    let kind;
    switch (step % 4) {
      case 0:
        kind = 'shelf';
        url = `/api/shelves/${pick(cookie ? ['recent', 'popular', 'bookmarked'] : ['recent', 'popular'])}`;
        break;
      case 1:
        kind = 'search';
        url = `/api/search?q=${encodeURIComponent(pick(sample.words))}`;
        break;
      case 2:
        kind = 'book';
        url = `/api/books/${pick(sample.ids)}`;
        break;
      default: {
        const id = pick(sample.ids);
        if (!cookie) {
          kind = 'suggest';
          url = `/api/search/suggest?q=${encodeURIComponent(pick(sample.words).slice(0, 3))}`;
        } else if (bookmarked.has(id)) {
          kind = 'bookmark';
          method = 'DELETE';
          url = `/api/bookmarks/by-book/${id}`;
        } else {
          kind = 'bookmark';
          method = 'POST';
          url = '/api/bookmarks';
          body = JSON.stringify({ book_id: id });
        }
        if (cookie) bookmarked.has(id) ? bookmarked.delete(id) : bookmarked.add(id);
      }
    }
    const started = Date.now();
    const t0 = performance.now();
    try {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: body ? { ...headers, 'Content-Type': 'application/json' } : headers,
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.arrayBuffer();
      record({ kind, started, ms: performance.now() - t0, status: response.status, ok: response.ok });
    } catch (error) {
      record({
        kind,
        started,
        ms: performance.now() - t0,
        status: 0,
        ok: false,
        error: error.cause?.code ?? error.name,
      });
    }
  }
}

/** Runs `count` readers for `seconds`; returns their records and the wall time. */
export async function runReaders({ base, count, seconds, cookies = [], sample, stop }) {
  const records = [];
  const started = performance.now();
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: count }, (_, n) =>
      reader({ base, n, cookie: cookies[n], sample, deadline, stop, record: (r) => records.push(r) }),
    ),
  );
  return { records, wallS: (performance.now() - started) / 1000 };
}

export function summarise(records, wallS) {
  const times = records.map((r) => r.ms);
  const errors = records.filter((r) => !r.ok);
  const kinds = {};
  for (const r of errors) {
    const key = r.status ? `${r.kind} ${r.status}` : `${r.kind} ${r.error}`;
    kinds[key] = (kinds[key] ?? 0) + 1;
  }
  return {
    count: records.length,
    rps: records.length / wallS,
    p50: times.length ? percentile(times, 50) : Number.NaN,
    p95: times.length ? percentile(times, 95) : Number.NaN,
    p99: times.length ? percentile(times, 99) : Number.NaN,
    errors: errors.length,
    errorKinds: kinds,
  };
}

export function printSummary(label, s) {
  const kinds = Object.entries(s.errorKinds)
    .map(([key, count]) => `${key} ×${count}`)
    .join(', ');
  console.log(
    `  ${label.padEnd(26)} ${String(s.count).padStart(6)} req  ${s.rps.toFixed(1).padStart(7)} req/s  p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  p99 ${ms(s.p99)}  errors ${s.errors}${kinds ? ` (${kinds})` : ''}  (${load()})`,
  );
}
