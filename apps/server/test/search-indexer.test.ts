/**
 * The search indexer's upkeep of the vocabulary: rebuilt an hour after the last build, not at the
 * first sweep after a start (prepareSearchIndex has just made it current, and at a million books a
 * rebuild is a 12 s statement over the whole catalogue).
 */
import fs from 'node:fs';
import type { Logger } from 'pino';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { type DatabaseHandle, openPglite } from '../src/db/client.js';
import { createSearchCache } from '../src/modules/search/search-cache.js';
import { createSearchIndexer, prepareSearchIndex, type SearchIndexer } from '../src/modules/search/search-indexer.js';
import { copyPgliteTemplate, makeTempDir } from './helpers.js';

const SWEEP_MS = 15_000;
const HOUR_MS = 60 * 60 * 1000;

let dir: string;
let handle: DatabaseHandle;
let indexer: SearchIndexer | undefined;
const debug = vi.fn();
const logger = { debug, info: vi.fn(), warn: vi.fn(), error: vi.fn() } as unknown as Logger;
const rebuilds = () => debug.mock.calls.filter(([, message]) => message === 'search vocabulary rebuilt').length;

/** Lets the sweep's database work (real I/O) finish: a few turns of the real event loop. */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
  await indexer?.refresh();
  await new Promise((resolve) => setImmediate(resolve));
}

beforeAll(async () => {
  dir = makeTempDir('maktaba-search-indexer-');
  copyPgliteTemplate('demo', dir);
  handle = await openPglite(dir);
  await prepareSearchIndex(handle.db, logger);
});

afterEach(async () => {
  await indexer?.stop();
  indexer = undefined;
  vi.useRealTimers();
});

afterAll(async () => {
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('rebuilds the vocabulary an hour after the start, not at the first sweeps', async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  const listen = async () => async () => {};
  indexer = createSearchIndexer({ db: handle.db, listen }, logger, createSearchCache(0, 0), { poolTtlMs: 30_000 });
  await indexer.start();
  for (let sweep = 0; sweep < 3; sweep++) {
    await vi.advanceTimersByTimeAsync(SWEEP_MS);
    await settle();
  }
  expect(rebuilds()).toBe(0);
  // An hour on, the next sweep rebuilds it, once.
  vi.setSystemTime(Date.now() + HOUR_MS);
  await vi.advanceTimersByTimeAsync(SWEEP_MS);
  await vi.waitFor(() => expect(rebuilds()).toBe(1), { timeout: 10_000, interval: 20 });
  await vi.advanceTimersByTimeAsync(SWEEP_MS);
  await settle();
  expect(rebuilds()).toBe(1);
});
