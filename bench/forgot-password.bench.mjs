// forgot-password must take the same time whether or not the e-mail has an account (no account
// enumeration by timing). Sequential requests through HTTP against the built server on the
// embedded database, alternating an existing account (a token and an outbox row are written, the
// mail worker is woken) and an unknown address (nothing is written). Every request comes from
// its own client address, so the per-address limit never answers 429.
// Baseline in the same run: /api/health, sequentially (HTTP + one database round trip).
import { databaseLine, fmt, percentile, poster, registerReaders, startBuiltServer, timed } from './lib.mjs';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 40);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 120);
// At most 3 reset e-mails an hour per account: past that the existing-account path stops writing.
const PER_ACCOUNT = 3;
if (REQUESTS / 2 > ACCOUNTS * PER_ACCOUNT) throw new Error('BENCH_ACCOUNTS too low for BENCH_REQUESTS');

const server = await startBuiltServer();
try {
  const { base } = server;
  const post = poster(base);
  const emails = await registerReaders(post, ACCOUNTS, 'Bench-reader-2026', 'forgot');

  let address = 10_000;
  const ask = (email) => timed(() => post('/api/auth/forgot-password', { email }, address++), 202);

  // Warm-up, both paths.
  await ask(emails[0]);
  await ask('warm-up@unknown.maktaba.test');

  const existing = [];
  const unknown = [];
  for (let i = 0; i < REQUESTS / 2; i++) {
    existing.push(await ask(emails[(i + 1) % ACCOUNTS]));
    unknown.push(await ask(`nobody${i}@unknown.maktaba.test`));
  }
  const health = [];
  for (let i = 0; i < REQUESTS / 2; i++) health.push(await timed(() => fetch(`${base}/api/health`)));

  const line = (label, values) =>
    `${label} median ${fmt(percentile(values, 50))}  p95 ${fmt(percentile(values, 95))}  min ${fmt(Math.min(...values))}  max ${fmt(Math.max(...values))}`;
  const difference = percentile(existing, 50) - percentile(unknown, 50);
  console.log(databaseLine());
  console.log(`${REQUESTS} sequential requests, alternating; every answer is padded to at least 400 ms`);
  console.log(line('existing account  ', existing));
  console.log(line('unknown address   ', unknown));
  console.log(
    `difference        medians ${difference >= 0 ? '+' : ''}${fmt(difference)} (existing / unknown = ${(percentile(existing, 50) / percentile(unknown, 50)).toFixed(3)}x)`,
  );
  console.log(line('baseline /api/health', health));
} finally {
  await server.stop();
}
