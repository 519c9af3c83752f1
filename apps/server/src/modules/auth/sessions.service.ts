import type { UserSession } from '@maktaba/shared/schemas/auth';
import { UAParser } from 'ua-parser-js';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { type AuthCall, signOut } from './auth.service.js';
import { findActiveSessions, revokeSessions } from './sessions.repository.js';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Browser, system and kind of device from a User-Agent header, as far as it tells. */
export function describeDevice(userAgent: string | null): Pick<UserSession, 'browser' | 'os' | 'device'> {
  if (!userAgent) return { browser: null, os: null, device: 'unknown' };
  const { browser, os, device } = new UAParser(userAgent).getResult();
  const kind: UserSession['device'] =
    device.type === 'mobile' || device.type === 'tablet'
      ? device.type
      : device.type === undefined && os.name
        ? 'desktop'
        : 'unknown';
  return { browser: browser.name ?? null, os: os.name ?? null, device: kind };
}

/** The caller's own sessions: the current one first, then by latest activity. */
export async function listSessions(db: Database, actor: Actor): Promise<UserSession[]> {
  const rows = await findActiveSessions(db, actor.id);
  const sessions = rows.map((row) => ({
    id: row.id,
    current: row.id === actor.sessionId,
    ...describeDevice(row.userAgent),
    ipAddress: row.ipAddress,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.lastActiveAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  }));
  // The query already orders by activity; a stable sort keeps that order behind the current one.
  return sessions.sort((a, b) => Number(b.current) - Number(a.current));
}

/**
 * Ends one of the caller's sessions. The current one is a sign-out (its cookie is cleared);
 * another is revoked, so that browser learns why. Someone else's session is "not found".
 */
export async function endSession(db: Database, call: AuthCall, actor: Actor, sessionId: string): Promise<string[]> {
  if (sessionId === actor.sessionId) return signOut(db, call);
  const ended = UUID_PATTERN.test(sessionId)
    ? await revokeSessions(db, {
        userId: actor.id,
        sessionIds: [sessionId],
        reason: 'ended_from_another_session',
      })
    : 0;
  if (ended === 0) throw new AppError('NOT_FOUND', 'No such session.');
  return [];
}

/** Ends every session of the caller except this one. */
export async function endOtherSessions(db: Database, actor: Actor): Promise<void> {
  await revokeSessions(db, {
    userId: actor.id,
    exceptSessionId: actor.sessionId,
    reason: 'ended_from_another_session',
  });
}
