import type { Logger } from 'pino';
import type { Database } from '../../db/client.js';
import { recordJobRun } from '../admin-overview/job-runs.js';
import { rollUpAnalytics } from './analytics.service.js';

/** How often the days that can still change (today and yesterday, UTC) are rolled up again. */
export const ROLLUP_EVERY_MS = 10 * 60_000;

export type AnalyticsRollupJob = { start(): void; stop(): Promise<void>; runNow(): Promise<void> };

/**
 * The analytics rollup job: at start it back-fills the days without rollups (bounded) and rolls
 * up yesterday and today, then again every 10 minutes. Off (start() does nothing) when `enabled`
 * is false — in tests, which call rollUpAnalytics() when they want figures.
 */
export function createAnalyticsRollupJob(
  db: Database,
  logger: Logger,
  { enabled, everyMs = ROLLUP_EVERY_MS }: { enabled: boolean; everyMs?: number },
): AnalyticsRollupJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const run = () => {
    if (stopped) return Promise.resolve();
    running ??= (async () => {
      const started = Date.now();
      try {
        const result = await rollUpAnalytics(db, new Date());
        logger.debug({ ...result, ms: Date.now() - started }, 'analytics rolled up');
        await recordJobRun(db, 'analytics_rollup');
      } catch (error) {
        logger.warn({ err: error }, 'analytics rollup failed');
        await recordJobRun(db, 'analytics_rollup', error);
      } finally {
        running = undefined;
      }
    })();
    return running;
  };

  return {
    start() {
      if (!enabled) return;
      void run();
      timer = setInterval(() => void run(), everyMs);
      timer.unref();
    },
    runNow: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
