// Sign-in latency under 20 concurrent users, through HTTP against the built server on the embedded
// database: the full path (security check, password verification, session row, profile read).
// Baseline in the same run: one bare password verification (scrypt, the cost every sign-in pays)
// and /api/health under the same concurrency (HTTP + one database round trip).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'apps/server/dist/index.js');
if (!fs.existsSync(serverEntry)) {
  console.error('Build first: npm run build');
  process.exit(1);
}
const USERS = Number(process.env.BENCH_USERS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const PASSWORD = 'Bench-reader-2026';

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'maktaba-bench-'));
const child = spawn(process.execPath, [serverEntry], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // Each simulated user comes from its own address, as real readers do.
    TRUST_PROXY_HOPS: '1',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  },
  stdio: 'ignore',
});
const base = `http://127.0.0.1:${port}`;

try {
  for (let started = Date.now(); ; ) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (Date.now() - started > 60_000) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const post = (pathname, body, user) =>
    fetch(`${base}${pathname}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Forwarded-For': `10.20.${Math.floor(user / 250)}.${user % 250}`,
      },
      body: JSON.stringify(body),
    });

  const emails = Array.from({ length: USERS }, (_, i) => `reader${i}@bench.maktaba.test`);
  for (const [i, email] of emails.entries()) {
    const response = await post(
      '/api/auth/sign-up',
      {
        email,
        password: PASSWORD,
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

  const timed = async (fn) => {
    const started = performance.now();
    const response = await fn();
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`unexpected ${response.status}`);
    return performance.now() - started;
  };
  const percentile = (values, p) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  };

  // Warm-up: one sign-in per user.
  await Promise.all(emails.map((email, i) => post('/api/auth/sign-in', { email, password: PASSWORD }, i)));

  const health = [];
  for (let round = 0; round < ROUNDS; round++) {
    health.push(...(await Promise.all(emails.map(() => timed(() => fetch(`${base}/api/health`))))));
  }

  const signIn = [];
  const wallStarted = performance.now();
  for (let round = 0; round < ROUNDS; round++) {
    signIn.push(
      ...(await Promise.all(
        emails.map((email, i) => timed(() => post('/api/auth/sign-in', { email, password: PASSWORD }, i))),
      )),
    );
  }
  const wall = performance.now() - wallStarted;

  const { hashPassword, verifyPassword } = await import(
    path.join(root, 'node_modules/better-auth/dist/crypto/index.mjs')
  );
  const hash = await hashPassword(PASSWORD);
  const single = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    await verifyPassword({ hash, password: PASSWORD });
    single.push(performance.now() - started);
  }

  const fmt = (ms) => `${ms.toFixed(1)} ms`;
  const median = percentile(signIn, 50);
  console.log(
    `database: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)'}; cores: ${os.cpus().length}`,
  );
  console.log(
    'password hash: scrypt N=16384, r=16, p=1, 64-byte key (better-auth default, node:crypto on the libuv pool)',
  );
  console.log(`${USERS} concurrent users x ${ROUNDS} rounds = ${signIn.length} sign-ins`);
  console.log(`sign-in     median ${fmt(median)}  p95 ${fmt(percentile(signIn, 95))}  max ${fmt(Math.max(...signIn))}`);
  console.log(`throughput  ${((signIn.length / wall) * 1000).toFixed(1)} sign-ins/s`);
  console.log(
    `baseline    one scrypt verification alone: median ${fmt(percentile(single, 50))}; /api/health at the same concurrency: median ${fmt(percentile(health, 50))} p95 ${fmt(percentile(health, 95))}`,
  );
  console.log(`ratio       sign-in median / one verification = ${(median / percentile(single, 50)).toFixed(1)}x`);
} finally {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}
