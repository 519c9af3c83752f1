import { z } from 'zod';

/**
 * Registration monitoring and testing under /api/admin/registrations and
 * /api/admin/registration-tests (admins only): sign-ups per UTC day and how many completed the
 * address step, accounts stuck before it (with a reminder e-mail), a synthetic run of the whole
 * registration pipeline, and the setup check of a real account. Validation messages are i18n keys.
 */

export const REGISTRATION_LIMITS = {
  periodDaysDefault: 30,
  periodDaysMax: 366,
  stuckHoursDefault: 24,
  stuckHoursMax: 24 * 365,
  stuckPerPage: 20,
  /** A second reminder to the same account within this many hours is refused. */
  reminderIntervalHours: 24,
  /** Synthetic test runs per admin and hour. */
  testRunsPerHour: 10,
  /** How many of the latest setup-log problems each kind lists. */
  latestProblems: 5,
} as const;

/** The reserved domain of the synthetic accounts (RFC 2606 `.invalid`: no mail can reach it). */
export const REGISTRATION_TEST_DOMAIN = 'registration-test.invalid';

const isoDay = z.iso.date('validation.invalidInput');

export const RegistrationOverviewQuerySchema = z
  .object({ from: isoDay.optional(), to: isoDay.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'validation.invalidInput', path: ['from'] })
  .refine(
    (q) =>
      !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1 <= REGISTRATION_LIMITS.periodDaysMax,
    { message: 'validation.invalidInput', path: ['from'] },
  );
export type RegistrationOverviewQuery = z.infer<typeof RegistrationOverviewQuerySchema>;

export const RegistrationDaySchema = z.object({
  day: z.string(),
  signups: z.number().int(),
  completed: z.number().int(),
  disposable_refused: z.number().int(),
});

export const SetupProblemSchema = z.object({
  kind: z.string(),
  count: z.number().int(),
  latest: z.array(
    z.object({
      user_id: z.string().nullable(),
      email: z.string().nullable(),
      message: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});

export const RegistrationOverviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(RegistrationDaySchema),
  totals: z.object({
    signups: z.number().int(),
    completed: z.number().int(),
    /** completed / signups, 0..1; null without sign-ups. */
    completion_share: z.number().nullable(),
    /** From account to completed address, in ms; null when none completed. */
    median_ms: z.number().nullable(),
    p90_ms: z.number().nullable(),
    disposable_refused: z.number().int(),
  }),
  problems: z.array(SetupProblemSchema),
});
export type RegistrationOverview = z.infer<typeof RegistrationOverviewSchema>;

export const StuckQuerySchema = z.object({
  page: z.coerce.number('validation.invalidInput').int('validation.invalidInput').min(1).default(1),
  olderThanHours: z.coerce
    .number('validation.invalidInput')
    .int('validation.invalidInput')
    .min(0, 'validation.invalidInput')
    .max(REGISTRATION_LIMITS.stuckHoursMax, 'validation.invalidInput')
    .default(REGISTRATION_LIMITS.stuckHoursDefault),
});
export type StuckQuery = z.infer<typeof StuckQuerySchema>;

export const StuckAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  display_name: z.string().nullable(),
  created_at: z.string(),
  last_reminder_at: z.string().nullable(),
});
export type StuckAccount = z.infer<typeof StuckAccountSchema>;

export const StuckListSchema = z.object({
  accounts: z.array(StuckAccountSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type StuckList = z.infer<typeof StuckListSchema>;

export const ReminderResultSchema = z.object({ reminded_at: z.string() });
export type ReminderResult = z.infer<typeof ReminderResultSchema>;

export const REGISTRATION_TEST_STEPS = [
  'security_check',
  'account',
  'profile_setup',
  'completeness',
  'welcome_email',
  'sign_in',
  'cleanup',
] as const;
export type RegistrationTestStep = (typeof REGISTRATION_TEST_STEPS)[number];

export const RegistrationTestStepResultSchema = z.object({
  step: z.enum(REGISTRATION_TEST_STEPS),
  ok: z.boolean(),
  ms: z.number(),
  /** Why a step failed (an error code or message), or what it found. */
  detail: z.string().optional(),
});
export type RegistrationTestStepResult = z.infer<typeof RegistrationTestStepResultSchema>;

export const RegistrationTestResultSchema = z.object({
  ok: z.boolean(),
  ms: z.number(),
  steps: z.array(RegistrationTestStepResultSchema),
});
export type RegistrationTestResult = z.infer<typeof RegistrationTestResultSchema>;

export const RegistrationCheckQuerySchema = z.object({
  email: z.string().trim().min(1, 'validation.emailRequired').max(320, 'validation.invalidInput'),
});
