import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { pgliteSharedBuffersMb, pgliteStartParams } from './pglite-buffers.js';

const MB = 1024 * 1024;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A database folder whose `base/` holds files of these sizes (sparse: nothing is written). */
function databaseOf(sizesMb: number[], elsewhereMb = 0): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'maktaba-buffers-'));
  dirs.push(dir);
  sizesMb.forEach((size, index) => {
    const folder = path.join(dir, 'base', String(index % 2 === 0 ? 1 : 5));
    fs.mkdirSync(folder, { recursive: true });
    const file = path.join(folder, `${16_384 + index}`);
    fs.writeFileSync(file, '');
    fs.truncateSync(file, size * MB);
  });
  if (elsewhereMb > 0) {
    fs.mkdirSync(path.join(dir, 'pg_wal'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'pg_wal', '000000010000000000000001'), '');
    fs.truncateSync(path.join(dir, 'pg_wal', '000000010000000000000001'), elsewhereMb * MB);
  }
  return dir;
}

describe('the embedded database buffer pool', () => {
  it('is 32 MB for a new or missing database', () => {
    expect(pgliteSharedBuffersMb(path.join(os.tmpdir(), 'maktaba-no-such-database'))).toBe(32);
    expect(pgliteSharedBuffersMb(databaseOf([]))).toBe(32);
    expect(pgliteSharedBuffersMb(databaseOf([8, 8, 4]))).toBe(32);
  });

  it('holds the tables and indexes and half as much again, in steps of 8 MB, counting only base/', () => {
    // 29 MB, as the demo catalogue's database: 43.5 MB wanted.
    expect(pgliteSharedBuffersMb(databaseOf([20, 9], 300))).toBe(48);
    // 60 MB in files of several folders: 90 MB wanted.
    expect(pgliteSharedBuffersMb(databaseOf([30, 20, 10]))).toBe(96);
  });

  it('is never more than PostgreSQL’s default of 128 MB', () => {
    expect(pgliteSharedBuffersMb(databaseOf([80]))).toBe(120);
    expect(pgliteSharedBuffersMb(databaseOf([90]))).toBe(128);
    expect(pgliteSharedBuffersMb(databaseOf([400, 400]))).toBe(128);
  });

  it('is passed to PGlite after its own start parameters', () => {
    const params = pgliteStartParams(databaseOf([20, 9]));
    expect(params.slice(0, PGlite.defaultStartParams.length)).toEqual(PGlite.defaultStartParams);
    expect(params.slice(-2)).toEqual(['-c', 'shared_buffers=48MB']);
  });
});
