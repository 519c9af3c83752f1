import fs from 'node:fs/promises';
import path from 'node:path';

export type DiskUsage = {
  dataBytes: number | null;
  freeBytes: number | null;
  totalBytes: number | null;
  measuredAt: string | null;
};

/** Measured at most this often: walking a large data directory is not free. */
export const DISK_USAGE_TTL_MS = 60_000;

async function treeBytes(dir: string): Promise<number> {
  let total = 0;
  let entries: import('node:fs').Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await treeBytes(full);
    else if (entry.isFile()) {
      try {
        total += (await fs.stat(full)).size;
      } catch {
        // Removed while walking.
      }
    }
  }
  return total;
}

const cache = new Map<string, { at: number; value: Promise<DiskUsage> }>();

/** The bytes under `dir` and the free space of its file system, cached for a minute per directory. */
export function diskUsage(dir: string, now = Date.now()): Promise<DiskUsage> {
  const cached = cache.get(dir);
  if (cached && now - cached.at < DISK_USAGE_TTL_MS) return cached.value;
  const value = (async (): Promise<DiskUsage> => {
    const [dataBytes, stats] = await Promise.all([treeBytes(dir), fs.statfs(dir).catch(() => null)]);
    return {
      dataBytes,
      freeBytes: stats ? stats.bavail * stats.bsize : null,
      totalBytes: stats ? stats.blocks * stats.bsize : null,
      measuredAt: new Date(now).toISOString(),
    };
  })();
  cache.set(dir, { at: now, value });
  return value;
}
