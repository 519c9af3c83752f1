import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is a single-process database: one server owns the data directory at a time.
 * The lock file names the owner's pid; a lock left by a process that is gone is taken over.
 */
export function acquireDataDirLock(dataDir: string, owner = 'server'): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'maktaba.lock');
  const content = JSON.stringify({ pid: process.pid, owner, startedAt: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, content, { flag: 'wx', mode: 0o600 });
      return () => {
        try {
          const current = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid?: number };
          if (current.pid === process.pid) fs.unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder: { pid?: number; owner?: string } = {};
      try {
        holder = JSON.parse(fs.readFileSync(file, 'utf8'));
      } catch {
        // Unreadable lock: treat as stale.
      }
      if (typeof holder.pid === 'number' && holder.pid !== process.pid && isAlive(holder.pid)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by a running Maktaba ${holder.owner ?? 'process'} (pid ${holder.pid}). ` +
            'Stop it first, or run this command through the running server.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}.`);
}
