import { and, count, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { securityEvents } from '../../db/schema/index.js';

export type SecurityEventType =
  | 'security_check'
  | 'login_failed'
  | 'login_succeeded'
  | 'registration_succeeded'
  | 'registration_failed'
  | 'honeypot';

export type SecurityEventInput = {
  eventType: SecurityEventType;
  action?: string;
  identifier?: string | null;
  ipAddress: string;
  userAgent?: string | null;
  allowed?: boolean;
  riskScore?: number;
  reasons?: string[];
};

export async function insertSecurityEvent(db: Database, event: SecurityEventInput): Promise<void> {
  await db.insert(securityEvents).values({
    eventType: event.eventType,
    action: event.action,
    identifier: event.identifier ?? null,
    ipAddress: event.ipAddress,
    userAgent: event.userAgent?.slice(0, 500) ?? null,
    allowed: event.allowed,
    riskScore: event.riskScore,
    reasons: event.reasons ?? [],
  });
}

export async function countEventsForIdentifier(
  db: Database,
  eventType: SecurityEventType,
  identifier: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.eventType, eventType),
        eq(securityEvents.identifier, identifier),
        gt(securityEvents.createdAt, since),
      ),
    );
  return row?.value ?? 0;
}

export async function countEventsForIp(
  db: Database,
  eventType: SecurityEventType,
  ip: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.eventType, eventType),
        eq(securityEvents.ipAddress, ip),
        gt(securityEvents.createdAt, since),
      ),
    );
  return row?.value ?? 0;
}
