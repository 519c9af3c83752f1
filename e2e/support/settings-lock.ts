import fs from 'node:fs/promises';
import path from 'node:path';

const WAIT_MS = 100;
const GIVE_UP_MS = 180_000;

/**
 * The library's lending settings are one record for the whole server, and the English and Arabic
 * runs of a test go on at the same time in two workers. A test that changes them, or that needs
 * them as they are (a returned copy offered to the waiting list, not approved by itself), holds
 * this lock while it runs: a directory in the run's data folder, made by one worker at a time.
 */
export async function withLendingSettingsLock<T>(work: () => Promise<T>): Promise<T> {
  const dataDir = process.env.MAKTABA_E2E_DATA_DIR;
  if (!dataDir) throw new Error('MAKTABA_E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const lock = path.join(dataDir, 'lending-settings.lock');
  const started = Date.now();
  for (;;) {
    try {
      await fs.mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() - started > GIVE_UP_MS) throw new Error(`${lock} was held for more than ${GIVE_UP_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
    }
  }
  try {
    return await work();
  } finally {
    await fs.rm(lock, { recursive: true, force: true });
  }
}
