import type { Logger } from 'pino';
import type { Database } from '../../db/client.js';
import { pruneRateLimitCounters } from '../../http/rate-limit.js';
import { recordJobRun } from '../admin-overview/job-runs.js';
import { deleteSearchEventsBefore } from '../analytics/analytics.repository.js';
import { deleteSecurityEventsBefore } from '../auth/security.repository.js';
import { deleteTelemetryBefore } from './telemetry.repository.js';
import { TELEMETRY_RULES } from './telemetry.service.js';

export type TelemetryPruner = { start(): void; stop(): Promise<void> };

/**
 * Keeps what the server records about visits from growing without end, for as long as the privacy
 * policy says: browsers' errors and vitals and the search log (30 days), sign-in security events (90 days), and
 * rate-limit counters whose window ended more than a day ago. Runs at start and hourly.
 */
export function createTelemetryPruner(db: Database, logger: Logger): TelemetryPruner {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const prune = () => {
    if (stopped || running) return;
    running = (async () => {
      try {
        await deleteTelemetryBefore(db, new Date(Date.now() - TELEMETRY_RULES.keepMs));
        await deleteSearchEventsBefore(db, new Date(Date.now() - TELEMETRY_RULES.searchEventsKeepMs));
        await deleteSecurityEventsBefore(db, new Date(Date.now() - TELEMETRY_RULES.securityEventsKeepMs));
        await pruneRateLimitCounters(db, TELEMETRY_RULES.rateLimitCountersKeepMs);
        await recordJobRun(db, 'telemetry_prune');
      } catch (error) {
        logger.warn({ err: error }, 'telemetry prune failed');
        await recordJobRun(db, 'telemetry_prune', error);
      } finally {
        running = undefined;
      }
    })();
  };

  return {
    start() {
      prune();
      timer = setInterval(prune, TELEMETRY_RULES.pruneEveryMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
