import { z } from 'zod';

/**
 * The administrators' security monitoring under /api/admin/security: sign-in failures, refusals
 * and successes per UTC day, the addresses and accounts that fail most, the risk scores the
 * security check gave, who is locked out right now (and unlocking an account), and the active
 * sessions by browser and system. Validation messages are i18n keys.
 */

export const SECURITY_MONITORING_LIMITS = {
  /** The default period: the last 7 UTC days, today included. */
  daysDefault: 7,
  /** The longest period: as long as security events are kept (RETENTION_DAYS.securityEvents). */
  daysMax: 90,
  /** How many addresses and accounts the top lists show. */
  topLimit: 10,
} as const;

/** The period choices the page offers, in days. */
export const SECURITY_PERIOD_CHOICES = [7, 30, 90] as const;

const isoDay = z.iso.date('validation.invalidInput');
const DAY_MS = 86_400_000;

export const SecurityOverviewQuerySchema = z
  .object({
    /** First day of the period (inclusive, UTC); by default six days before `to`. */
    from: isoDay.optional(),
    /** Last day of the period (inclusive, UTC); by default today. */
    to: isoDay.optional(),
  })
  .refine((value) => value.from === undefined || value.to === undefined || value.from <= value.to, {
    path: ['to'],
    message: 'validation.reports.periodOrder',
  })
  .refine(
    (value) =>
      value.from === undefined ||
      value.to === undefined ||
      (Date.parse(value.to) - Date.parse(value.from)) / DAY_MS + 1 <= SECURITY_MONITORING_LIMITS.daysMax,
    { path: ['from'], message: 'validation.invalidInput' },
  );
export type SecurityOverviewQuery = z.infer<typeof SecurityOverviewQuerySchema>;

export const SecurityDaySchema = z.object({
  day: z.iso.date(),
  /** Sign-ins refused for a wrong e-mail or password. */
  failed: z.number().int(),
  /** Sign-ins the security check refused (a locked account or address, a high risk). */
  blocked: z.number().int(),
  /** Sign-ins that started a session. */
  succeeded: z.number().int(),
});
export type SecurityDay = z.infer<typeof SecurityDaySchema>;

/** Why a registration was refused, as the server records it. */
export const REGISTRATION_REFUSAL_REASONS = [
  'email_taken',
  'disposable_email',
  'too_many_registrations_ip',
  'honeypot',
] as const;

export const SecurityOverviewSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  days: z.array(SecurityDaySchema),
  totals: z.object({
    failed: z.number().int(),
    blocked: z.number().int(),
    succeeded: z.number().int(),
    registrationsRefused: z.number().int(),
  }),
  /** Refused registrations per reason (a refusal with two reasons counts in both), most first. */
  registrationsRefused: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  topAddresses: z.array(
    z.object({
      ipAddress: z.string(),
      failures: z.number().int(),
      lastSeen: z.iso.datetime(),
      /** The highest risk score the security check gave this address in the period. */
      maxRiskScore: z.number().int().nullable(),
    }),
  ),
  topAccounts: z.array(
    z.object({
      email: z.string(),
      /** The account with this e-mail, or null when none has it (guessed addresses). */
      userId: z.uuid().nullable(),
      failures: z.number().int(),
      lastSeen: z.iso.datetime(),
    }),
  ),
  /** Security checks per risk score band: 0–19, 20–39, 40–59, 60–79, 80–100. */
  riskDistribution: z.array(z.object({ min: z.number().int(), max: z.number().int(), count: z.number().int() })),
});
export type SecurityOverview = z.infer<typeof SecurityOverviewSchema>;

export const SecurityLockoutsSchema = z.object({
  /** The failed-attempt window the limits count in, in minutes. */
  windowMinutes: z.number().int(),
  accounts: z.array(
    z.object({
      email: z.string(),
      userId: z.uuid().nullable(),
      /** Failed sign-ins in the window (since the last unlock). */
      failures: z.number().int(),
      since: z.iso.datetime(),
      until: z.iso.datetime(),
    }),
  ),
  addresses: z.array(
    z.object({
      ipAddress: z.string(),
      failures: z.number().int(),
      since: z.iso.datetime(),
      until: z.iso.datetime(),
    }),
  ),
});
export type SecurityLockouts = z.infer<typeof SecurityLockoutsSchema>;

export const UnlockParamsSchema = z.object({ userId: z.uuid('validation.invalidInput') });

export const SecuritySessionsSchema = z.object({
  total: z.number().int(),
  groups: z.array(z.object({ browser: z.string().nullable(), os: z.string().nullable(), count: z.number().int() })),
});
export type SecuritySessions = z.infer<typeof SecuritySessionsSchema>;
