import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const MB = 1024 * 1024;
/** PostgreSQL's and PGlite's default: a library this size or larger keeps it. */
const MAX_SHARED_BUFFERS_MB = 128;
const MIN_SHARED_BUFFERS_MB = 32;
const STEP_MB = 8;

/** Bytes of the files under `dir`, through every subfolder; 0 when it does not exist. */
function sizeOf(dir: string): number {
  let total = 0;
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += sizeOf(full);
    else if (entry.isFile()) total += fs.statSync(full, { throwIfNoEntry: false })?.size ?? 0;
  }
  return total;
}

/**
 * The buffer pool for the embedded database in `dbDir`, in megabytes: its tables and indexes
 * (`base/`) and half as much again for growth, in steps of 8 MB, between 32 and 128 MB.
 *
 * PGlite sets the pool up in WebAssembly memory each time it opens, and that takes time in
 * proportion to its size: on a 2-core machine 128 MB took about 1.0–1.2 s of every start, 32 MB
 * 0.6–0.7 s, 16 MB 0.6 s. A small library's database (the demo catalogue: 29 MB with PostgreSQL's
 * own catalogues) fits in a smaller pool, and queries run as fast when everything fits. Below what
 * the data needs they do not: at 10,000 books a 16 MB pool made autocomplete's p95 11.0 → 14.7 ms.
 * The size is read at each start, so a library that grew gets its larger pool at the next one.
 */
export function pgliteSharedBuffersMb(dbDir: string): number {
  const wanted = (sizeOf(path.join(dbDir, 'base')) * 1.5) / MB;
  const stepped = Math.ceil(wanted / STEP_MB) * STEP_MB;
  return Math.min(MAX_SHARED_BUFFERS_MB, Math.max(MIN_SHARED_BUFFERS_MB, stepped));
}

/** PGlite's own start parameters, with the buffer pool sized for the database in `dbDir`. */
export function pgliteStartParams(dbDir: string): string[] {
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${pgliteSharedBuffersMb(dbDir)}MB`];
}
