import type { ServerJob } from '@maktaba/shared/schemas/admin-overview';
import type { Database } from '../../db/client.js';
import { insertSystemEvent } from '../system/system.repository.js';

/**
 * Records that a background job ran (system_events `job.<name>`, with `ok` and, when it failed,
 * the error's message), for the admin home's health section. Never throws: a job that ran is not
 * made to fail by its record.
 */
export async function recordJobRun(db: Database, job: ServerJob, error?: unknown): Promise<void> {
  try {
    await insertSystemEvent(db, `job.${job}`, {
      ok: error === undefined,
      ...(error === undefined ? {} : { error: error instanceof Error ? error.message : String(error) }),
    });
  } catch {
    // The database is unreachable: the job's own failure is logged by the job.
  }
}
