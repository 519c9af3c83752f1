// The home page and its catalogue reads, on the built server with the demo catalogue:
// - cold (the first request after start) and warm (median and p95 of RUNS) response times of `/`,
//   the two home shelves, the scholar cards and the topic suggestions, and a 304 revalidation;
// - the JavaScript a browser downloads to show the home page (gzip, as Chromium received it).
// Baseline in the same run: /api/health (a trivial route through the same middleware).
import os from 'node:os';
import { chromium } from '@playwright/test';
import { databaseLine, fmt, percentile, startBuiltServer, timed } from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const PATHS = [
  '/api/health',
  '/',
  '/api/shelves/recent?p_limit=20&p_offset=0',
  '/api/shelves/popular?p_limit=12&p_offset=0',
  '/api/scholars',
  '/api/categories/suggestions?count=15',
];

const { base, stop } = await startBuiltServer();
try {
  const rows = [];
  for (const path of PATHS) {
    const cold = await timed(() => fetch(`${base}${path}`, { headers: { 'Accept-Encoding': 'gzip' } }));
    const warm = [];
    for (let i = 0; i < RUNS; i += 1) {
      warm.push(await timed(() => fetch(`${base}${path}`, { headers: { 'Accept-Encoding': 'gzip' } })));
    }
    rows.push({ path, cold, median: percentile(warm, 50), p95: percentile(warm, 95) });
  }
  const health = rows[0]?.median ?? 1;
  console.log(databaseLine());
  console.log(
    `${'path'.padEnd(46)} ${'cold'.padStart(10)} ${'warm p50'.padStart(10)} ${'warm p95'.padStart(10)}  ratio`,
  );
  for (const row of rows) {
    console.log(
      `${row.path.padEnd(46)} ${fmt(row.cold).padStart(10)} ${fmt(row.median).padStart(10)} ${fmt(row.p95).padStart(10)}  ${(row.median / health).toFixed(1)}× health`,
    );
  }

  const shelf = `${base}/api/shelves/recent?p_limit=20&p_offset=0`;
  const tag = (await fetch(shelf)).headers.get('etag');
  const revalidations = [];
  for (let i = 0; i < RUNS; i += 1) {
    revalidations.push(await timed(() => fetch(shelf, { headers: { 'If-None-Match': tag } }), 304));
  }
  console.log(`304 revalidation of the recent shelf: median ${fmt(percentile(revalidations, 50))}`);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  // What the home page downloads as a visitor, with the encodings the browser offers (it takes
  // Brotli from this server), and again offering only gzip, which the target is set in.
  const visit = async (acceptEncoding) => {
    const context = await browser.newContext(
      acceptEncoding ? { extraHTTPHeaders: { 'Accept-Encoding': acceptEncoding } } : {},
    );
    const page = await context.newPage();
    const client = await context.newCDPSession(page);
    await client.send('Network.enable');
    const types = new Map();
    const encodings = new Set();
    const bytes = { js: 0, css: 0, other: 0, jsFiles: 0 };
    client.on('Network.responseReceived', (event) => {
      // A prefetched script (a prefetch link, which Chromium types Other: reader-area §2.1) is a script too.
      const script = event.type === 'Script' || (event.type === 'Other' && /\.js(\?|$)/.test(event.response.url));
      types.set(event.requestId, script ? 'Script' : event.type);
      if (event.type === 'Script') {
        const headers = Object.fromEntries(
          Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), v]),
        );
        encodings.add(headers['content-encoding'] ?? 'identity');
      }
    });
    client.on('Network.loadingFinished', (event) => {
      const type = types.get(event.requestId);
      if (type === 'Script') {
        bytes.js += event.encodedDataLength;
        bytes.jsFiles += 1;
      } else if (type === 'Stylesheet') bytes.css += event.encodedDataLength;
      else bytes.other += event.encodedDataLength;
    });
    const started = performance.now();
    await page.goto(base);
    await page.locator('[data-testid="book-card"], article a[href^="/book/"]').first().waitFor({ timeout: 30_000 });
    const shown = performance.now() - started;
    const atFirstCard = { ...bytes, encodings: [...encodings].join('+') };
    // After 2 s the app prefetches the code of likely next pages (reader-area §2.1); counted apart.
    await page.waitForTimeout(3_000);
    await page.waitForLoadState('networkidle');
    await context.close();
    return { shown, atFirstCard, all: bytes };
  };
  try {
    const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
    const offered = await visit();
    const gzipOnly = await visit('gzip, deflate');
    for (const [label, { shown, atFirstCard, all }] of [
      ['as offered', offered],
      ['gzip only', gzipOnly],
    ]) {
      console.log(
        `home page in Chromium (${label}): first book card after ${fmt(shown)}; by then JavaScript ${kb(atFirstCard.js)} in ${atFirstCard.jsFiles} files (${atFirstCard.encodings}), CSS ${kb(atFirstCard.css)}, everything else ${kb(atFirstCard.other)}`,
      );
      console.log(
        `  with the prefetch of likely next pages: JavaScript ${kb(all.js)} in ${all.jsFiles} files, everything else ${kb(all.other)}`,
      );
    }
    // Target (the speed issue): the home page as a visitor loads at most 150 KB of JavaScript (gzip).
    const budget = 150 * 1024;
    const gzipped = gzipOnly.atFirstCard.js;
    console.log(
      `${gzipped <= budget ? 'PASS' : 'FAIL'}  home page JavaScript as a visitor ≤ ${kb(budget)} (gzip): ${kb(gzipped)}; with Brotli ${kb(offered.atFirstCard.js)} (load average ${os.loadavg()[0].toFixed(2)})`,
    );
  } finally {
    await browser.close();
  }
} finally {
  await stop();
}
