import crypto from 'node:crypto';
import { LANGUAGES, type Language } from '@maktaba/shared/constants';
import { sanitizeEmail } from '@maktaba/shared/sanitize';
import type { UserDetail } from '@maktaba/shared/schemas/admin-users';
import {
  REGISTRATION_LIMITS,
  REGISTRATION_TEST_DOMAIN,
  type RegistrationOverview,
  type RegistrationOverviewQuery,
  type RegistrationTestResult,
  type RegistrationTestStep,
  type RegistrationTestStepResult,
  type ReminderResult,
  type StuckList,
  type StuckQuery,
} from '@maktaba/shared/schemas/registration-admin';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/raw.js';
import { AppError } from '../../errors.js';
import type { RequestMetadata } from '../../request-metadata.js';
import { type Auth, CLIENT_IP_HEADER } from '../auth/auth.js';
import { signIn, signUp } from '../auth/auth.service.js';
import { findUserByEmail } from '../auth/password.repository.js';
import { evaluateSecurity } from '../auth/security.service.js';
import type { MailWorker } from '../mail/mail-worker.js';
import { enqueueEmail } from '../mail/outbox.js';
import { checkCompleteness, completeOwnProfile } from '../profiles/profiles.service.js';
import { insertAudit } from '../users/users.repository.js';
import { createUsersService } from '../users/users.service.js';
import {
  deleteSyntheticAccount,
  findCompletionTimes,
  findDays,
  findProblems,
  findStuck,
  holdSyntheticMail,
  lockReminderTarget,
} from './registration-admin.repository.js';

const DAY_MS = 86_400_000;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const today = () => new Date().toISOString().slice(0, 10);
const daysBefore = (day: string, days: number) => new Date(Date.parse(day) - days * DAY_MS).toISOString().slice(0, 10);

/** Where the synthetic run says it comes from (TEST-NET-1, RFC 5737): its security events are removed with it. */
const SYNTHETIC_IP = '192.0.2.1';
const SYNTHETIC_ADDRESS = {
  phone_number: '+12025550123',
  address_line_1: '1 Test Street',
  city: 'Springfield',
  state_province: 'IL',
  postal_code: '62701',
  country: 'United States',
} as const;

export type RegistrationAdminDeps = {
  db: Database;
  auth: Auth;
  mailer: Pick<MailWorker, 'wake'>;
  publicUrl: string;
  /** Tests only: runs before each step of the synthetic run (throwing fails that step). */
  beforeStep?: (step: RegistrationTestStep) => void | Promise<void>;
};

export function createRegistrationAdminService({ db, auth, mailer, publicUrl, beforeStep }: RegistrationAdminDeps) {
  async function overview(query: RegistrationOverviewQuery): Promise<RegistrationOverview> {
    const to = query.to ?? today();
    const from = query.from ?? daysBefore(to, REGISTRATION_LIMITS.periodDaysDefault - 1);
    const [days, times, problemRows] = await Promise.all([
      findDays(db, from, to),
      findCompletionTimes(db, from, to),
      findProblems(db, from, to),
    ]);
    const signups = days.reduce((sum, day) => sum + day.signups, 0);
    const completed = days.reduce((sum, day) => sum + day.completed, 0);
    const problems: RegistrationOverview['problems'] = [];
    for (const row of problemRows) {
      let kind = problems.find((entry) => entry.kind === row.kind);
      if (!kind) {
        kind = { kind: row.kind, count: Number(row.count), latest: [] };
        problems.push(kind);
      }
      kind.latest.push({
        user_id: row.user_id,
        email: row.email,
        message: row.message,
        created_at: new Date(row.created_at).toISOString(),
      });
    }
    return {
      from,
      to,
      days,
      totals: {
        signups,
        completed,
        completion_share: signups === 0 ? null : completed / signups,
        ...times,
        disposable_refused: days.reduce((sum, day) => sum + day.disposable_refused, 0),
      },
      problems,
    };
  }

  async function stuck(query: StuckQuery): Promise<StuckList> {
    const perPage = REGISTRATION_LIMITS.stuckPerPage;
    const { rows, total } = await findStuck(db, { olderThanHours: query.olderThanHours, page: query.page, perPage });
    return {
      accounts: rows.map((row) => ({
        id: row.id,
        email: row.email,
        display_name: row.display_name,
        created_at: new Date(row.created_at).toISOString(),
        last_reminder_at: iso(row.last_reminder_at),
      })),
      total,
      page: query.page,
      per_page: perPage,
    };
  }

  /**
   * The "finish your registration" e-mail, in the reader's language (their saved one, else
   * English), with the link to the address step. One per account and 24 hours; audited.
   */
  async function remind(actor: Actor, userId: string, request: RequestMetadata): Promise<ReminderResult> {
    const remindedAt = await db.transaction(async (tx) => {
      const target = await lockReminderTarget(tx, userId);
      if (!target) throw new AppError('NOT_FOUND', 'No such account.');
      if (target.registration_completed) throw new AppError('CONFLICT', 'This account has completed registration.');
      const last = target.last_reminder_at ? new Date(target.last_reminder_at).getTime() : null;
      if (last !== null && Date.now() - last < REGISTRATION_LIMITS.reminderIntervalHours * 3_600_000) {
        throw new AppError('REMINDER_TOO_SOON');
      }
      const locale: Language = (LANGUAGES as readonly string[]).includes(target.preferred_language ?? '')
        ? (target.preferred_language as Language)
        : 'en';
      await enqueueEmail(tx, {
        to: target.email,
        locale,
        template: 'registration_reminder',
        data: { link: `${publicUrl}/signin` },
      });
      await insertAudit(tx, {
        actorId: actor.id,
        actionType: 'send_setup_reminder',
        targetUser: userId,
        ipAddress: request.clientIp ?? null,
        metadata: { locale },
      });
      // The audit entry's time (the transaction's now()): the one the list shows.
      const [row] = await rowsOf<{ now: Date | string }>(tx, sql`select now() as now`);
      return new Date(row?.now ?? Date.now());
    });
    void mailer.wake();
    return { reminded_at: remindedAt.toISOString() };
  }

  /**
   * The whole registration pipeline as a synthetic reader under the reserved test domain: the
   * security check, sign-up through the sign-up service, the address step, the completeness check,
   * the verification e-mail in the outbox (held there, never delivered), a password sign-in; then,
   * always, the account and every trace of it are removed, so it counts nowhere.
   */
  async function runTest(actor: Actor, request: RequestMetadata, headers: Headers): Promise<RegistrationTestResult> {
    const started = performance.now();
    const email = `run-${crypto.randomBytes(6).toString('hex')}@${REGISTRATION_TEST_DOMAIN}`;
    const password = `T3st-${crypto.randomBytes(12).toString('base64url')}`;
    const synthetic: RequestMetadata = {
      clientIp: SYNTHETIC_IP,
      userAgent: 'Maktaba registration test',
      acceptLanguage: request.acceptLanguage,
    };
    const callHeaders = new Headers();
    for (const name of ['origin', 'referer']) {
      const value = headers.get(name);
      if (value) callHeaders.set(name, value);
    }
    callHeaders.set('user-agent', synthetic.userAgent ?? '');
    callHeaders.set(CLIENT_IP_HEADER, SYNTHETIC_IP);
    const quietMail = { mailer: { wake: async () => {} }, publicUrl };
    const steps: RegistrationTestStepResult[] = [];
    let userId: string | null = null;

    async function step(name: RegistrationTestStep, work: () => Promise<string | undefined>): Promise<boolean> {
      const begin = performance.now();
      try {
        await beforeStep?.(name);
        const detail = await work();
        steps.push({ step: name, ok: true, ms: Math.round(performance.now() - begin), ...(detail ? { detail } : {}) });
        return true;
      } catch (error) {
        const detail =
          error instanceof AppError ? error.code : error instanceof Error ? error.message : 'Unknown failure';
        steps.push({ step: name, ok: false, ms: Math.round(performance.now() - begin), detail });
        return false;
      }
    }
    const patron = (): Actor => ({ id: userId ?? '', email, role: 'patron', sessionId: '' });

    try {
      (await step('security_check', async () => {
        const check = await evaluateSecurity(db, {
          action: 'registration',
          identifier: email,
          ip: SYNTHETIC_IP,
          userAgent: synthetic.userAgent,
        });
        if (!check.allowed) throw new Error(`Refused: ${check.reasons.join(', ')}`);
        return undefined;
      })) &&
        (await step('account', async () => {
          await signUp(
            db,
            { auth, headers: callHeaders },
            { email, password, name: 'Registration test', ...SYNTHETIC_ADDRESS, locale: 'en' },
            synthetic,
            quietMail,
          );
          await holdSyntheticMail(db, email);
          const user = await findUserByEmail(db, email);
          if (!user) throw new Error('The account was not created.');
          userId = user.id;
          return undefined;
        })) &&
        (await step('profile_setup', async () => {
          await completeOwnProfile(db, patron(), 'me', SYNTHETIC_ADDRESS);
          return undefined;
        })) &&
        (await step('completeness', async () => {
          if (!(await checkCompleteness(db, patron(), 'me'))) throw new Error('The profile is not complete.');
          return undefined;
        })) &&
        (await step('welcome_email', async () => {
          const templates = await holdSyntheticMail(db, email);
          if (!templates.includes('email_verify')) throw new Error('No verification e-mail in the outbox.');
          return undefined;
        })) &&
        (await step('sign_in', async () => {
          const outcome = await signIn(db, { auth, headers: callHeaders }, { email, password }, synthetic);
          const cookie = outcome.cookies.map((entry) => entry.split(';')[0]).join('; ');
          const session = await auth.api.getSession({ headers: new Headers({ cookie }) });
          if (!session || session.user.email !== email) throw new Error('No session after sign-in.');
          return undefined;
        }));
    } finally {
      await step('cleanup', async () => {
        await deleteSyntheticAccount(db, email);
        return undefined;
      });
    }
    const ok = steps.every((entry) => entry.ok);
    const result: RegistrationTestResult = { ok, ms: Math.round(performance.now() - started), steps };
    await insertAudit(db, {
      actorId: actor.id,
      actionType: 'run_registration_test',
      targetType: 'settings',
      targetUser: null,
      ipAddress: request.clientIp ?? null,
      metadata: { ok, ms: result.ms, failed: steps.filter((entry) => !entry.ok).map((entry) => entry.step) },
    });
    return result;
  }

  /** The users module's setup check of a real account, found by e-mail. */
  async function check(rawEmail: string): Promise<UserDetail> {
    const user = await findUserByEmail(db, sanitizeEmail(rawEmail));
    if (!user) throw new AppError('NOT_FOUND', 'No account with this e-mail.');
    return createUsersService({ db, mailer, publicUrl }).getUserDetail(user.id);
  }

  return { overview, stuck, remind, runTest, check };
}
