// Shared by the benchmarks: start the built server on a fresh embedded database, time requests,
// and summarise the figures.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/**
 * Starts apps/server/dist on a free port and a temporary data directory (or BENCH_DATABASE_URL),
 * each request's client address taken from X-Forwarded-For. Resolves once /api/health answers
 * (with the server's pid, for its memory).
 */
export async function startBuiltServer(env = {}) {
  const serverEntry = path.join(root, 'apps/server/dist/main.js');
  if (!fs.existsSync(serverEntry)) {
    console.error('Build first: npm run build');
    process.exit(1);
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'maktaba-bench-'));
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      TRUST_PROXY_HOPS: '1',
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
      ...env,
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
  try {
    for (let started = Date.now(); ; ) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {}
      if (Date.now() - started > 60_000) throw new Error('server did not start');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop, pid: child.pid };
}

/** A client address of its own for simulated reader number `n`. */
export const addressOf = (n) => `10.${20 + Math.floor(n / 62_500)}.${Math.floor(n / 250) % 250}.${n % 250}`;

export function poster(base) {
  return (pathname, body, reader) =>
    fetch(`${base}${pathname}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': addressOf(reader) },
      body: JSON.stringify(body),
    });
}

/** Registers `count` readers (each from its own address) with `password`; returns their e-mails. */
export async function registerReaders(post, count, password, prefix = 'reader') {
  const emails = Array.from({ length: count }, (_, i) => `${prefix}${i}@bench.maktaba.test`);
  for (const [i, email] of emails.entries()) {
    const response = await post(
      '/api/auth/sign-up',
      {
        email,
        password,
        name: `Reader ${i}`,
        phone_number: '+12025550143',
        address_line_1: '12 Main Street',
        city: 'Dearborn',
        state_province: 'MI',
        postal_code: '48126',
        country: 'United States',
      },
      i,
    );
    if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  }
  return emails;
}

/** Milliseconds until the whole response has arrived; throws on an unexpected status. */
export async function timed(fn, expectedStatus) {
  const started = performance.now();
  const response = await fn();
  await response.arrayBuffer();
  const ok = expectedStatus === undefined ? response.ok : response.status === expectedStatus;
  if (!ok) throw new Error(`unexpected ${response.status}`);
  return performance.now() - started;
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const fmt = (ms) => `${ms.toFixed(1)} ms`;

export function databaseLine() {
  return `database: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)'}; cores: ${os.cpus().length}`;
}
