import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Held by the test that changes the library's system settings (and closes registration for a
 * while). Whatever registers a new account holds it shared (holdShared): the settings test waits
 * for those to end before it starts, and they wait while it runs.
 */
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

/** The folder in which the shared holders of the lock `name` each have a folder of their own. */
const sharedPath = (name: string) => `${lockPath(name)}.shared`;

/**
 * Holds a lock named `name` across the run's workers until the returned release is called: for
 * tests that read something every test shares in an order (say the feedback inbox, newest first)
 * and must not see another worker's writes land in between. The lock is a directory in the run's
 * data directory, made atomically. Once it has the lock it also waits until no shared holder
 * (holdShared) is left.
 */
export async function lockAcrossWorkers(name: string, timeoutMs = 120_000): Promise<() => void> {
  const lock = lockPath(name);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > deadline) throw new Error(`the lock ${name} stayed taken for ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  heldHere.add(name);
  const release = () => {
    heldHere.delete(name);
    fs.rmSync(lock, { recursive: true, force: true });
  };
  try {
    // A shared holder that came in before the lock was made is let finish; none comes in after.
    while (fs.existsSync(sharedPath(name)) && fs.readdirSync(sharedPath(name)).length > 0) {
      if (Date.now() > deadline) throw new Error(`the lock ${name} stayed shared for ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    release();
    throw error;
  }
  return release;
}

/**
 * Holds the lock `name` shared until the returned release is called: any number of holders at
 * once, across workers, but never while a worker holds it whole (lockAcrossWorkers). For work that
 * the whole lock's holder must not change the ground under, such as a registration while the
 * system settings test could close registration. This worker's own whole hold does not count.
 */
export async function holdShared(name: string, timeoutMs = 120_000): Promise<() => void> {
  if (heldHere.has(name)) return () => {};
  const mine = path.join(sharedPath(name), randomUUID());
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await waitWhileLockedElsewhere(name, Math.max(0, deadline - Date.now()));
    fs.mkdirSync(mine, { recursive: true });
    // Made before the whole lock: its holder sees this folder and waits. Made after: step back.
    if (!fs.existsSync(lockPath(name))) return () => fs.rmSync(mine, { recursive: true, force: true });
    fs.rmSync(mine, { recursive: true, force: true });
    if (Date.now() > deadline) throw new Error(`the lock ${name} stayed taken for ${timeoutMs} ms`);
  }
}

/**
 * Waits while another worker holds the lock `name` (this worker's own does not count): for work
 * that must not overlap what the lock's holder does to shared state, such as registering while the
 * system settings test has registration closed. The holder changes that state seconds after taking
 * the lock, so work that finds it free starts well before.
 */
async function waitWhileLockedElsewhere(name: string, timeoutMs = 120_000): Promise<void> {
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
