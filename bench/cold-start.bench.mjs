// Cold start of the built server (`npm start` without the build): process spawn to the first
// served page, and to a healthy /api/health. First start on an empty data directory (creates and
// migrates the embedded database) and an empty compile cache, and restarts on an existing one. Baseline in the same run: a
// bare node:http server, so the ratio says what our start-up adds on this machine.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'apps/server/dist/main.js');
if (!fs.existsSync(serverEntry) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, started, deadline = 30_000) {
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) {
        await response.arrayBuffer();
        return performance.now() - started;
      }
    } catch {
      // Not listening yet.
    }
    if (performance.now() - started > deadline) throw new Error(`timed out waiting for ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function measure(args, env, urls) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
    stdio: 'ignore',
  });
  const times = [];
  for (const url of urls) times.push(await waitFor(`http://127.0.0.1:${port}${url}`, started));
  const rss = await rssOf(child.pid);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return { times, rss };
}

async function rssOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const fmt = (ms) => `${ms.toFixed(0)} ms`;

const baselineScript =
  "require('node:http').createServer((q, s) => s.end('ok')).listen(process.env.PORT, process.env.HOST)";
const baseline = [];
for (let i = 0; i < RUNS; i++) baseline.push((await measure(['-e', baselineScript], {}, ['/'])).times[0]);

const first = [];
const restart = [];
const rss = [];
for (let i = 0; i < RUNS; i++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'maktaba-bench-'));
  // Node's compile cache (dist/main.js turns it on) starts empty for each first start, as on a new
  // machine, and the restart finds what that start left, as a real restart would.
  const compileCache = fs.mkdtempSync(path.join(os.tmpdir(), 'maktaba-bench-compile-'));
  const env = { DATA_DIR: dataDir, NODE_ENV: 'production', NODE_COMPILE_CACHE: compileCache };
  first.push(await measure([serverEntry], env, ['/', '/api/health']));
  const again = await measure([serverEntry], env, ['/', '/api/health']);
  restart.push(again);
  rss.push(again.rss);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(compileCache, { recursive: true, force: true });
}

const base = median(baseline);
const row = (label, ms) =>
  console.log(`${label.padEnd(44)} ${fmt(ms).padStart(8)}   ×${(ms / base).toFixed(1)} baseline`);
const loadAverage = () => os.loadavg()[0].toFixed(2);
console.log(
  `runs: ${RUNS}, node ${process.version}, ${os.cpus().length} cores (medians), load average ${loadAverage()}; entry ${path.relative(root, serverEntry)}`,
);
row('baseline: bare node:http, spawn → 200', base);
row('first start (new data dir) → page served', median(first.map((r) => r.times[0])));
row('first start (new data dir) → /api/health ok', median(first.map((r) => r.times[1])));
row('restart (existing data dir) → page served', median(restart.map((r) => r.times[0])));
row('restart (existing data dir) → /api/health ok', median(restart.map((r) => r.times[1])));
console.log(`resident memory after start: ${median(rss).toFixed(0)} MiB`);

// Targets (the speed issue): a first start on a new data directory ≤ 5 s to a served page,
// a restart ≤ 2 s.
const verdict = (label, ms, limit) =>
  console.log(`${ms <= limit ? 'PASS' : 'FAIL'}  ${label} ≤ ${fmt(limit)}: ${fmt(ms)} (load average ${loadAverage()})`);
verdict('first start → page served', median(first.map((r) => r.times[0])), 5000);
verdict('restart → page served', median(restart.map((r) => r.times[0])), 2000);
