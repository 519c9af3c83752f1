import fs from 'node:fs';
import path from 'node:path';
import type { Health } from '@maktaba/shared/schemas/health';
import { MIGRATIONS_DIR } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { findMigrationState } from './health.repository.js';

type JournalEntry = { tag: string; when: number };

let journal: JournalEntry[] | undefined;
function readJournal(): JournalEntry[] {
  journal ??= (
    JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: JournalEntry[];
    }
  ).entries;
  return journal;
}

export async function getHealth(deps: AppDeps): Promise<Health> {
  const { database } = deps;
  let latencyMs: number | null = null;
  let migrations: Health['migrations'] = { applied: 0, latest: null };
  try {
    latencyMs = await database.ping();
    const state = await findMigrationState(database.db);
    const latest = readJournal().find((entry) => entry.when === state.latestCreatedAt);
    migrations = { applied: state.applied, latest: latest?.tag ?? null };
  } catch (error) {
    deps.logger.warn({ err: error }, 'health check: database unreachable');
  }
  const reachable = latencyMs !== null;
  return {
    status: reachable ? 'ok' : 'degraded',
    version: deps.version,
    database: { driver: database.driver, reachable, latencyMs },
    migrations,
    uptimeSeconds: Math.round((Date.now() - deps.startedAt) / 1000),
  };
}
