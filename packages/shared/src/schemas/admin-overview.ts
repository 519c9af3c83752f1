import { z } from 'zod';

/**
 * The admin home (/admin/tools): a live figure per tool, read straight from the tables, and the
 * system's health. Days are UTC days ("today" starts at 00:00 UTC).
 */

/** Jobs the server runs in the background whose last run is recorded (system_events `job.<name>`). */
export const SERVER_JOBS = ['telemetry_prune', 'lending_notices', 'analytics_rollup'] as const;
export type ServerJob = (typeof SERVER_JOBS)[number];

export const AdminOverviewSchema = z.object({
  generatedAt: z.string(),
  figures: z.object({
    /** Registrations the security check refused today (risk, honeypot). */
    signUpsBlockedToday: z.number().int(),
    failedSignInsToday: z.number().int(),
    /** Accounts refused now after too many failed sign-ins (not unlocked since). */
    currentLockouts: z.number().int(),
    /** Accounts whose registration is still not complete (no address) more than 24 hours after creation. */
    stuckWithoutAddress: z.number().int(),
    /** Problems the latest finished source-validation run found; null when none has run. */
    sourceValidationProblems: z.number().int().nullable(),
    openFeedback: z.number().int(),
    pendingLoanRequests: z.number().int(),
    zeroResultSearchesToday: z.number().int(),
    auditEntriesToday: z.number().int(),
    activeReadersToday: z.number().int(),
    /** Accounts (the profiles editor's whole list). */
    accounts: z.number().int(),
  }),
  health: z.object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    uptimeSeconds: z.number().nonnegative(),
    database: z.object({
      driver: z.enum(['pglite', 'postgres']),
      reachable: z.boolean(),
      latencyMs: z.number().nonnegative().nullable(),
    }),
    migrations: z.object({
      applied: z.number().int(),
      /** Migrations this version ships. Fewer applied: the database is behind. */
      available: z.number().int(),
      latest: z.string().nullable(),
    }),
    mail: z.object({
      /** Messages waiting to be sent (pending or being sent). */
      pending: z.number().int(),
      failed: z.number().int(),
      lastError: z.object({ message: z.string(), at: z.string() }).nullable(),
    }),
    jobs: z.array(
      z.object({
        job: z.enum(SERVER_JOBS),
        lastRunAt: z.string().nullable(),
        status: z.enum(['ok', 'failed']).nullable(),
      }),
    ),
    disk: z.object({
      /** Bytes under DATA_DIR (measured at most once a minute). */
      dataBytes: z.number().nonnegative().nullable(),
      /** Free and total bytes of the file system that holds DATA_DIR. */
      freeBytes: z.number().nonnegative().nullable(),
      totalBytes: z.number().nonnegative().nullable(),
      measuredAt: z.string().nullable(),
    }),
  }),
});
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;
