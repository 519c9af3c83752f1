import { RETENTION_DAYS, TELEMETRY_LIMITS } from '@maktaba/shared/constants';
import {
  CLIENT_ERROR_TYPES,
  type ErrorBatch,
  type TelemetrySummary,
  WEB_VITAL_NAMES,
  type WebVitalsBatch,
} from '@maktaba/shared/schemas/telemetry';
import { UAParser } from 'ua-parser-js';
import { insertNamingAccounts } from '../../db/account-rows.js';
import type { Database } from '../../db/client.js';
import type { RateLimit } from '../../http/rate-limit.js';
import {
  countClientErrorsByType,
  findWebVitalPercentiles,
  insertClientErrors,
  insertWebVitals,
} from './telemetry.repository.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const limit = (name: string, perMinute: number): RateLimit => ({ name, limit: perMinute, windowMs: MINUTE });

/**
 * What one browser may send. A tab sends an error batch at most once a second and only while
 * errors happen; vitals go in one or two batches a page load, so a reader who opens a page every
 * second stays under 120 a minute. Several readers may share one address (a library's network, a
 * reading room), hence the higher figures by address than by account. A refused batch is lost,
 * and the browser logs the 429: the figures are meant never to refuse a real reader.
 */
export const TELEMETRY_RULES = {
  errors: { byIp: limit('telemetry-errors:ip', 30), byUser: limit('telemetry-errors:user', 20) },
  webVitals: { byIp: limit('telemetry-vitals:ip', 300), byUser: limit('telemetry-vitals:user', 120) },
  /** Request bodies: five errors with long stacks; ten small vitals events. */
  errorsBodyBytes: 64 * 1024,
  webVitalsBodyBytes: 16 * 1024,
  /** Errors and vitals are kept this long (the privacy policy says so); the sweep runs this often. */
  keepMs: RETENTION_DAYS.telemetry * DAY,
  securityEventsKeepMs: RETENTION_DAYS.securityEvents * DAY,
  /**
   * The analytics' search log: the policy keeps a reader's searches no longer than their account;
   * the log is kept as long as the other telemetry (the daily rollups keep the counts).
   */
  searchEventsKeepMs: RETENTION_DAYS.telemetry * DAY,
  rateLimitCountersKeepMs: DAY,
  pruneEveryMs: 60 * MINUTE,
} as const;

type Sender = { userId: string | null; userAgent: string | undefined };

const toDate = (timestamp: string | number) => new Date(timestamp);

export async function recordErrors(db: Database, sender: Sender, batch: ErrorBatch): Promise<void> {
  const headerAgent = sender.userAgent?.slice(0, TELEMETRY_LIMITS.userAgentMax) ?? null;
  const rows = batch.errors.map((report) => ({
    type: report.type,
    message: report.message,
    stack: report.stack ?? null,
    url: report.url ?? null,
    userAgent: report.userAgent ?? headerAgent,
    metadata: report.metadata ?? {},
    userId: sender.userId,
    occurredAt: toDate(report.timestamp),
  }));
  await insertNamingAccounts(db, rows, (kept) => insertClientErrors(db, kept));
}

/** Browser name and version from the User-Agent header (the event's own `browser` is not trusted). */
export function describeBrowser(userAgent: string | undefined): { name: string | null; version: string | null } {
  if (!userAgent) return { name: null, version: null };
  const { name, version } = new UAParser(userAgent).getBrowser();
  return { name: name?.slice(0, 64) ?? null, version: version?.slice(0, 64) ?? null };
}

export async function recordWebVitals(db: Database, sender: Sender, batch: WebVitalsBatch): Promise<void> {
  const browser = describeBrowser(sender.userAgent);
  const rows = batch.events.map((event) => ({
    name: event.name,
    value: event.value,
    rating: event.rating,
    delta: event.delta,
    metricId: event.id,
    navigationType: event.navigationType ?? null,
    path: event.path,
    sessionId: event.sessionId,
    userId: sender.userId,
    device: {
      type: event.device.type,
      viewport: event.device.viewport,
      connection: event.device.connection ?? null,
    },
    browser,
    occurredAt: toDate(event.timestamp),
  }));
  await insertNamingAccounts(db, rows, (kept) => insertWebVitals(db, kept));
}

async function countErrors(db: Database, since: Date): Promise<TelemetrySummary['errors']['last24h']> {
  const counts = await countClientErrorsByType(db, since);
  const byType = Object.fromEntries(CLIENT_ERROR_TYPES.map((type) => [type, counts.get(type) ?? 0])) as Record<
    (typeof CLIENT_ERROR_TYPES)[number],
    number
  >;
  return { ...byType, total: CLIENT_ERROR_TYPES.reduce((sum, type) => sum + byType[type], 0) };
}

/** For the admin analytics: errors by type over 24 hours and 7 days, and each vital's p75 over 7 days. */
export async function summarizeTelemetry(db: Database, now = new Date()): Promise<TelemetrySummary> {
  const weekAgo = new Date(now.getTime() - 7 * DAY);
  const [last24h, last7d, vitals] = await Promise.all([
    countErrors(db, new Date(now.getTime() - DAY)),
    countErrors(db, weekAgo),
    findWebVitalPercentiles(db, weekAgo),
  ]);
  return {
    errors: { last24h, last7d },
    webVitals: WEB_VITAL_NAMES.map((name) => {
      const found = vitals.get(name);
      return { name, p75: found ? found.p75 : null, count: found?.count ?? 0 };
    }),
    generatedAt: now.toISOString(),
  };
}
