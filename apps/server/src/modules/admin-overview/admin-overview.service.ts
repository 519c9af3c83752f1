import fs from 'node:fs';
import path from 'node:path';
import type { AdminOverview } from '@maktaba/shared/schemas/admin-overview';
import { MIGRATIONS_DIR } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { getHealth } from '../health/health.service.js';
import { findFigures, findJobRuns, findMailState } from './admin-overview.repository.js';
import { diskUsage } from './disk-usage.js';

let available: number | undefined;
/** How many migrations this version ships (the journal's entries). */
function availableMigrations(): number {
  available ??= (
    JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
  ).entries.length;
  return available;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export async function getAdminOverview(deps: AppDeps, now = new Date()): Promise<AdminOverview> {
  const db = deps.database.db;
  const [figures, health, mail, jobs, disk] = await Promise.all([
    findFigures(db, now),
    getHealth(deps),
    findMailState(db),
    findJobRuns(db),
    diskUsage(deps.config.dataDir),
  ]);
  const failedAt = mail.lastFailed ? new Date(Math.min(new Date(mail.lastFailed.at).getTime(), now.getTime())) : null;
  return {
    generatedAt: now.toISOString(),
    figures,
    health: {
      status: health.status,
      version: health.version,
      uptimeSeconds: health.uptimeSeconds,
      database: health.database,
      migrations: { ...health.migrations, available: availableMigrations() },
      mail: {
        pending: mail.pending,
        failed: mail.failed,
        lastError:
          mail.lastFailed?.error && failedAt ? { message: mail.lastFailed.error, at: failedAt.toISOString() } : null,
      },
      jobs: jobs.map(({ job, row }) => ({
        job,
        lastRunAt: row ? iso(row.createdAt) : null,
        status: row ? (row.details.ok === false ? 'failed' : 'ok') : null,
      })),
      disk,
    },
  };
}
