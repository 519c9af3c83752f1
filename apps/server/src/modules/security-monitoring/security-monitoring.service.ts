import {
  SECURITY_MONITORING_LIMITS,
  type SecurityLockouts,
  type SecurityOverview,
  type SecurityOverviewQuery,
  type SecuritySessions,
} from '@maktaba/shared/schemas/security-monitoring';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { RequestMetadata } from '../../request-metadata.js';
import { insertSecurityEvent } from '../auth/security.repository.js';
import { SECURITY_RULES } from '../auth/security.service.js';
import { describeDevice } from '../auth/sessions.service.js';
import { insertAudit } from '../users/users.repository.js';
import {
  countActiveSessionsByAgent,
  countRefusedRegistrations,
  countRegistrationRefusals,
  countRiskBands,
  countSignInsPerDay,
  findRecentFailuresAndUnlocks,
  findUserEmail,
  maxRiskScores,
  toIso,
  topFailingAccounts,
  topFailingAddresses,
  userIdsByEmail,
} from './security-monitoring.repository.js';

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** The period asked for, as days (both inclusive) and the instants that bound it. */
export function resolvePeriod(query: SecurityOverviewQuery, now = new Date()) {
  const to = query.to ?? isoDay(now);
  const from =
    query.from ?? isoDay(new Date(dayStart(to).getTime() - (SECURITY_MONITORING_LIMITS.daysDefault - 1) * DAY_MS));
  if ((dayStart(to).getTime() - dayStart(from).getTime()) / DAY_MS + 1 > SECURITY_MONITORING_LIMITS.daysMax) {
    throw new AppError('VALIDATION_FAILED', undefined, {
      details: { fieldErrors: { from: ['validation.invalidInput'] } },
    });
  }
  return { from, to, start: dayStart(from), end: new Date(dayStart(to).getTime() + DAY_MS) };
}

const RISK_BANDS = [
  [0, 19],
  [20, 39],
  [40, 59],
  [60, 79],
  [80, 100],
] as const;

export async function securityOverview(db: Database, query: SecurityOverviewQuery): Promise<SecurityOverview> {
  const { from, to, start, end } = resolvePeriod(query);
  const limit = SECURITY_MONITORING_LIMITS.topLimit;
  const [perDay, reasons, refused, addresses, accounts, bands] = await Promise.all([
    countSignInsPerDay(db, start, end),
    countRegistrationRefusals(db, start, end),
    countRefusedRegistrations(db, start, end),
    topFailingAddresses(db, start, end, limit),
    topFailingAccounts(db, start, end, limit),
    countRiskBands(db, start, end),
  ]);
  const [scores, userIds] = await Promise.all([
    maxRiskScores(
      db,
      addresses.map((row) => row.ipAddress),
      start,
      end,
    ),
    userIdsByEmail(
      db,
      accounts.map((row) => row.email),
    ),
  ]);

  const byDay = new Map(perDay.map((row) => [row.day, row]));
  const days: SecurityOverview['days'] = [];
  for (let at = start.getTime(); at < end.getTime(); at += DAY_MS) {
    const day = isoDay(new Date(at));
    const row = byDay.get(day);
    days.push({ day, failed: row?.failed ?? 0, blocked: row?.blocked ?? 0, succeeded: row?.succeeded ?? 0 });
  }
  const sum = (key: 'failed' | 'blocked' | 'succeeded') => days.reduce((total, day) => total + day[key], 0);
  const bandCounts = new Map(bands.map((row) => [row.band, row.count]));

  return {
    from,
    to,
    days,
    totals: {
      failed: sum('failed'),
      blocked: sum('blocked'),
      succeeded: sum('succeeded'),
      registrationsRefused: refused,
    },
    registrationsRefused: reasons,
    topAddresses: addresses.map((row) => ({
      ipAddress: row.ipAddress,
      failures: row.failures,
      lastSeen: toIso(row.lastSeen ?? start),
      maxRiskScore: scores.get(row.ipAddress) ?? null,
    })),
    topAccounts: accounts.map((row) => ({
      email: row.email,
      userId: userIds.get(row.email) ?? null,
      failures: row.failures,
      lastSeen: toIso(row.lastSeen ?? start),
    })),
    riskDistribution: RISK_BANDS.map(([min, max], band) => ({ min, max, count: bandCounts.get(band) ?? 0 })),
  };
}

type Lock = { failures: Date[] };

/**
 * What is locked now, decided as the sign-in check decides it (security.service.ts): an account
 * with `maxAccountFailures` failed sign-ins in the window since its last unlock, an address with
 * `maxIpFailures`. Each lock lasts until enough of its failures leave the window.
 */
async function currentLocks(db: Database, now = new Date()) {
  const windowMs = SECURITY_RULES.failureWindowMs;
  const events = await findRecentFailuresAndUnlocks(db, new Date(now.getTime() - windowMs));
  const accounts = new Map<string, Lock>();
  const addresses = new Map<string, Lock>();
  for (const event of events) {
    if (event.eventType === 'account_unlocked') {
      if (event.identifier) accounts.delete(event.identifier);
      continue;
    }
    if (event.identifier) {
      const lock = accounts.get(event.identifier) ?? { failures: [] };
      lock.failures.push(event.createdAt);
      accounts.set(event.identifier, lock);
    }
    const lock = addresses.get(event.ipAddress) ?? { failures: [] };
    lock.failures.push(event.createdAt);
    addresses.set(event.ipAddress, lock);
  }
  const locked = (map: Map<string, Lock>, limit: number) =>
    [...map]
      .filter(([, lock]) => lock.failures.length >= limit)
      .map(([key, { failures }]) => ({
        key,
        failures: failures.length,
        // Locked from the failure that reached the limit, until the oldest failure that keeps it
        // at the limit leaves the window.
        since: toIso(failures[limit - 1] as Date),
        until: new Date((failures[failures.length - limit] as Date).getTime() + windowMs).toISOString(),
      }))
      .sort((a, b) => b.since.localeCompare(a.since));
  return {
    accounts: locked(accounts, SECURITY_RULES.maxAccountFailures),
    addresses: locked(addresses, SECURITY_RULES.maxIpFailures),
  };
}

export async function securityLockouts(db: Database): Promise<SecurityLockouts> {
  const locks = await currentLocks(db);
  const userIds = await userIdsByEmail(
    db,
    locks.accounts.map((lock) => lock.key),
  );
  return {
    windowMinutes: SECURITY_RULES.failureWindowMs / 60_000,
    accounts: locks.accounts.map(({ key, ...lock }) => ({ email: key, userId: userIds.get(key) ?? null, ...lock })),
    addresses: locks.addresses.map(({ key, ...lock }) => ({ ipAddress: key, ...lock })),
  };
}

/**
 * Unlocks an account: an `account_unlocked` event, after which the sign-in check no longer counts
 * the account's earlier failures (countLoginFailures), and the audit entry, in one transaction.
 * NOT_FOUND for an unknown account, ACCOUNT_NOT_LOCKED when it is not locked.
 */
export async function unlockAccount(
  db: Database,
  actor: Actor,
  userId: string,
  { clientIp, userAgent }: RequestMetadata,
): Promise<void> {
  const email = await findUserEmail(db, userId);
  if (!email) throw new AppError('NOT_FOUND', 'No such user.');
  const lock = (await currentLocks(db)).accounts.find((entry) => entry.key === email);
  if (!lock) throw new AppError('ACCOUNT_NOT_LOCKED');
  await db.transaction(async (tx) => {
    await insertSecurityEvent(tx, {
      eventType: 'account_unlocked',
      action: 'unlock',
      identifier: email,
      ipAddress: clientIp,
      userAgent,
    });
    await insertAudit(tx, {
      actorId: actor.id,
      actionType: 'unlock_account',
      targetType: 'user',
      targetId: userId,
      changes: { failures: lock.failures, lockedSince: lock.since, lockedUntil: lock.until },
      ipAddress: clientIp,
    });
  });
}

/** Active sessions per browser and system (as the sessions page names them), most first. */
export async function activeSessionsSummary(db: Database): Promise<SecuritySessions> {
  const rows = await countActiveSessionsByAgent(db);
  const groups = new Map<string, { browser: string | null; os: string | null; count: number }>();
  let total = 0;
  for (const row of rows) {
    const { browser, os } = describeDevice(row.userAgent);
    const key = `${browser ?? ''}\u0000${os ?? ''}`;
    const group = groups.get(key) ?? { browser, os, count: 0 };
    group.count += row.count;
    groups.set(key, group);
    total += row.count;
  }
  return {
    total,
    groups: [...groups.values()].sort(
      (a, b) =>
        b.count - a.count || (a.browser ?? '').localeCompare(b.browser ?? '') || (a.os ?? '').localeCompare(b.os ?? ''),
    ),
  };
}
