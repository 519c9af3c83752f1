// Sign-in latency under 20 concurrent users, through HTTP against the built server on the embedded
// database: the full path (security check, password verification, session row, profile read).
// Baseline in the same run: one bare password verification (scrypt, the cost every sign-in pays)
// and /api/health under the same concurrency (HTTP + one database round trip).
import path from 'node:path';
import { databaseLine, fmt, percentile, poster, registerReaders, root, startBuiltServer, timed } from './lib.mjs';

const USERS = Number(process.env.BENCH_USERS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const PASSWORD = 'Bench-reader-2026';

const server = await startBuiltServer();
try {
  const { base } = server;
  const post = poster(base);
  const emails = await registerReaders(post, USERS, PASSWORD);

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

  const median = percentile(signIn, 50);
  console.log(databaseLine());
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
  await server.stop();
}
