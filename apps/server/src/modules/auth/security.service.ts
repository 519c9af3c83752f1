import { sanitizeEmail } from '@maktaba/shared/sanitize';
import type { SecurityAction, SecurityCheckResponse, SecurityReason } from '@maktaba/shared/schemas/auth';
import type { Database } from '../../db/client.js';
import { isDisposableEmail } from './disposable-domains.js';
import { countEventsForIp, countLoginFailures, insertSecurityEvent } from './security.repository.js';

/**
 * The `auth-security` check (accounts-and-auth §7). Everything it counts lives in PostgreSQL, so
 * the limits hold across restarts and across several server instances.
 */
export const SECURITY_RULES = {
  failureWindowMs: 15 * 60_000,
  /** Failed sign-ins for one account, from any address, before that account is refused. */
  maxAccountFailures: 5,
  /** Failed sign-ins from one address, for any account, before the address is refused. */
  maxIpFailures: 20,
  registrationWindowMs: 60 * 60_000,
  maxRegistrationsPerIp: 5,
  blockAt: 50,
  /** The risk of an attempt at a locked account from an address that has not been failing: high, below the block. */
  lockedAccountCleanAddressScore: 40,
} as const;

export type SecurityCheckInput = {
  action: SecurityAction;
  identifier: string;
  ip: string;
  userAgent?: string | undefined;
  honeypot?: string | undefined;
};

export async function evaluateSecurity(db: Database, input: SecurityCheckInput): Promise<SecurityCheckResponse> {
  const identifier = sanitizeEmail(input.identifier);
  const reasons: SecurityReason[] = [];
  let score = 0;

  if (input.honeypot && input.honeypot.trim() !== '') {
    reasons.push('honeypot');
    score += 100;
  }

  if (input.action === 'login') {
    const since = new Date(Date.now() - SECURITY_RULES.failureWindowMs);
    const failures = await countLoginFailures(db, identifier, input.ip, since);
    const accountFailures = identifier ? failures.account : 0;
    const ipFailures = failures.ip;
    // The account limit stops guessing, but refusing everyone would let anybody lock the owner
    // out with five wrong passwords. An address that has not failed in the window (for any
    // account) gets its attempt: the right password signs in, a wrong one makes the address a
    // failing one, refused like the rest. A guesser spends a fresh address per guess, and the
    // address limit still applies (ADR 0013).
    const isAddressClean = ipFailures === 0;
    if (accountFailures >= SECURITY_RULES.maxAccountFailures && !isAddressClean) {
      reasons.push('too_many_failed_attempts_account');
      score += 60;
    } else if (accountFailures >= SECURITY_RULES.maxAccountFailures) {
      score += SECURITY_RULES.lockedAccountCleanAddressScore;
    } else {
      score += accountFailures * 8;
    }
    if (ipFailures >= SECURITY_RULES.maxIpFailures) {
      reasons.push('too_many_failed_attempts_ip');
      score += 60;
    } else {
      score += Math.floor(ipFailures * 1.5);
    }
  } else {
    const since = new Date(Date.now() - SECURITY_RULES.registrationWindowMs);
    const registrations = await countEventsForIp(db, 'registration_succeeded', input.ip, since);
    if (registrations >= SECURITY_RULES.maxRegistrationsPerIp) {
      reasons.push('too_many_registrations_ip');
      score += 60;
    } else {
      score += registrations * 8;
    }
    if (identifier.includes('@') && isDisposableEmail(identifier)) {
      reasons.push('disposable_email');
      score += 60;
    }
  }

  const riskScore = Math.min(100, score);
  const result: SecurityCheckResponse = {
    allowed: riskScore < SECURITY_RULES.blockAt,
    clientIP: input.ip,
    riskScore,
    reasons,
  };
  await insertSecurityEvent(db, {
    eventType: 'security_check',
    action: input.action,
    identifier: identifier || null,
    ipAddress: input.ip,
    userAgent: input.userAgent,
    allowed: result.allowed,
    riskScore,
    reasons,
  });
  return result;
}
