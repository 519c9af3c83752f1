import fs from 'node:fs';
import path from 'node:path';

/** Held by the test that changes the library's system settings (and closes registration for a while). */
export const SYSTEM_SETTINGS_LOCK = 'system-settings';

/**
 * The library's lending settings are one record for the whole server, and the English and Arabic
 * runs of a test go on at the same time in two workers. A test that changes them, or that needs
 * them as they are (a returned copy offered to the waiting list, not approved by itself), holds
 * this lock while it runs (the `lendingSettingsLock` fixture).
 */
export const LENDING_SETTINGS_LOCK = 'lending-settings';

/** The locks this worker holds. */
const heldHere = new Set<string>();

function lockPath(name: string): string {
  const root = process.env.MAKTABA_E2E_DATA_DIR;
  if (!root) throw new Error('MAKTABA_E2E_DATA_DIR is not set: run the tests through playwright.config.ts');
  return path.join(root, `lock-${name}`);
}

/**
 * Holds a lock named `name` across the run's workers until the returned release is called: for
 * tests that read something every test shares in an order (say the feedback inbox, newest first)
 * and must not see another worker's writes land in between. The lock is a directory in the run's
 * data directory, made atomically.
 */
export async function lockAcrossWorkers(name: string, timeoutMs = 120_000): Promise<() => void> {
  const lock = lockPath(name);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      heldHere.add(name);
      return () => {
        heldHere.delete(name);
        fs.rmSync(lock, { recursive: true, force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > deadline) throw new Error(`the lock ${name} stayed taken for ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * Waits while another worker holds the lock `name` (this worker's own does not count): for work
 * that must not overlap what the lock's holder does to shared state, such as registering while the
 * system settings test has registration closed. The holder changes that state seconds after taking
 * the lock, so work that finds it free starts well before.
 */
export async function waitWhileLockedElsewhere(name: string, timeoutMs = 120_000): Promise<void> {
  if (heldHere.has(name)) return;
  const lock = lockPath(name);
  const deadline = Date.now() + timeoutMs;
  while (fs.existsSync(lock)) {
    if (Date.now() > deadline) throw new Error(`the lock ${name} stayed taken for ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs `work` holding the lock `name` (lockAcrossWorkers), and releases it however `work` ends. */
export async function withLockAcrossWorkers<T>(name: string, work: () => Promise<T>, timeoutMs?: number): Promise<T> {
  const release = await lockAcrossWorkers(name, timeoutMs);
  try {
    return await work();
  } finally {
    release();
  }
}
