import fs from 'node:fs';
import path from 'node:path';

/**
 * Holds a lock named `name` across the run's workers until the returned release is called: for
 * tests that read something every test shares in an order (say the feedback inbox, newest first)
 * and must not see another worker's writes land in between. The lock is a directory in the run's
 * data directory, made atomically.
 */
export async function lockAcrossWorkers(name: string, timeoutMs = 120_000): Promise<() => void> {
  const root = process.env.MAKTABA_E2E_DATA_DIR;
  if (!root) throw new Error('MAKTABA_E2E_DATA_DIR is not set: run the tests through playwright.config.ts');
  const lock = path.join(root, `lock-${name}`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      return () => fs.rmSync(lock, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > deadline) throw new Error(`the lock ${name} stayed taken for ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
