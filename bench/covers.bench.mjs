// Serving a book cover through /storage/v1/object/public/covers/… against the built server:
// a 300 px wide variant the first time it is asked for (decoded, resized, encoded and written to
// the disk cache), the same variant again (read from the cache), and the stored original as it is.
// Every cold request asks for a variant nobody asked for before (width 300, a quality of its own);
// the warm ones ask for width 300 at the default quality, cached by then.
// A librarian is created with the user command, then uploads a 1600 × 2400 JPEG cover.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { DEFAULT_COVER_SVG } from '../apps/server/dist/modules/storage/default-cover.js';
import { databaseLine, fmt, percentile, root, startBuiltServer, timed } from './lib.mjs';

const COLD = Number(process.env.BENCH_COLD ?? 40);
const WARM = Number(process.env.BENCH_WARM ?? 200);
if (COLD > 79) throw new Error('BENCH_COLD: at most 79 (one quality per cold request, 21 to 100 but 80)');
/** Cold requests each use a quality of their own; the warm ones use the default, 80. */
const coldQuality = (i) => (21 + i >= 80 ? 22 + i : 21 + i);

const email = 'librarian@bench.maktaba.test';
const password = 'Bench-librarian-2026';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'maktaba-bench-covers-'));
const databaseEnv = process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {};
const created = spawnSync(
  process.execPath,
  [path.join(root, 'apps/server/dist/bin/user-create.js'), '--email', email, '--role', 'librarian', '--password-stdin'],
  { input: `${password}\n`, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...databaseEnv } },
);
if (created.status !== 0) throw new Error(`user:create failed: ${created.stderr}`);

const server = await startBuiltServer({ DATA_DIR: dataDir });
try {
  const { base } = server;
  const headers = { 'X-Forwarded-For': '10.9.0.1' };
  const signIn = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const shelf = await (await fetch(`${base}/api/shelves/recent?p_limit=1`)).json();
  const bookId = shelf.books?.[0]?.id;
  if (!bookId) throw new Error('no book in the demo catalogue');

  // A scan-like cover: the default cover's artwork, drawn large, with a little grain.
  const grain = await sharp({
    create: { width: 1600, height: 2400, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 12 } },
  })
    .png()
    .toBuffer();
  const photo = await sharp(Buffer.from(DEFAULT_COVER_SVG), { density: 288 })
    .resize(1600, 2400)
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 85 })
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'cover.jpg');
  const uploadStarted = performance.now();
  const uploaded = await fetch(`${base}/api/books/${bookId}/cover`, {
    method: 'PUT',
    headers: { ...headers, cookie },
    body: form,
  });
  const uploadMs = performance.now() - uploadStarted;
  if (!uploaded.ok) throw new Error(`upload failed: ${uploaded.status} ${await uploaded.text()}`);
  const { url } = await uploaded.json();
  const get = (query) => timed(() => fetch(`${base}${url}${query}`));

  await get(''); // warm-up: the connection and the route
  const cold = [];
  for (let i = 0; i < COLD; i++) cold.push(await get(`?width=300&quality=${coldQuality(i)}`));
  const warm = [];
  for (let i = 0; i < WARM; i++) warm.push(await get('?width=300'));
  const original = [];
  for (let i = 0; i < WARM; i++) original.push(await get(''));

  const sizeOf = async (query) => (await (await fetch(`${base}${url}${query}`)).arrayBuffer()).byteLength;
  const line = (label, values) =>
    `${label} median ${fmt(percentile(values, 50))}  p95 ${fmt(percentile(values, 95))}  min ${fmt(Math.min(...values))}`;
  console.log(databaseLine());
  console.log(
    `upload: ${(photo.length / 1024).toFixed(0)} KiB JPEG 1600×2400 → stored ${((await sizeOf('')) / 1024).toFixed(0)} KiB WebP in ${fmt(uploadMs)}; width=300 variant ${((await sizeOf('?width=300')) / 1024).toFixed(1)} KiB`,
  );
  console.log(line(`cold width=300 (${COLD})  `, cold));
  console.log(line(`warm width=300 (${WARM}) `, warm));
  console.log(line(`original (${WARM})       `, original));
  console.log(
    `cold / warm = ${(percentile(cold, 50) / percentile(warm, 50)).toFixed(1)}x; warm / original = ${(percentile(warm, 50) / percentile(original, 50)).toFixed(2)}x (medians)`,
  );
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
