import { REGISTRATION_TEST_STEPS } from '@maktaba/shared/schemas/registration-admin';
import { CheckCircle2, CircleDashed, Play, XCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { AdminPageHeader } from '../../../components/admin-page-header';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useCheckAccount, useRepairAccount, useRunRegistrationTest } from '../api/registration-admin';

const panelClass = 'flex min-w-0 flex-col gap-4 rounded-app border border-border bg-surface p-4 sm:p-6';

/** /admin/registration-testing: a synthetic run of the whole registration, and the setup check of a real account. */
export function RegistrationTestingPage() {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const run = useRunRegistrationTest();
  const check = useCheckAccount();
  const repair = useRepairAccount();
  const [email, setEmail] = useState('');
  const runHeading = useId();
  const checkHeading = useId();
  const ms = (value: number) => t('registrationAdmin.testing.ms', { value: formatNumber(value, language) });
  const result = run.data;
  const detail = repair.data ?? check.data;
  const failed = result ? result.steps.filter((step) => !step.ok).length : 0;

  const submitCheck = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return;
    repair.reset();
    check.mutate(email.trim());
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:py-10">
      <AdminPageHeader
        backLabel={t('registrationAdmin.backToTools')}
        title={t('pages.admin.registrationTesting')}
        description={t('registrationAdmin.testing.intro')}
      />

      <section aria-labelledby={runHeading} className={panelClass}>
        <h2 id={runHeading} className="font-display text-xl font-bold">
          {t('registrationAdmin.testing.run')}
        </h2>
        <div>
          <Button onClick={() => run.mutate()} disabled={run.isPending} data-testid="run-test">
            <Play aria-hidden className="size-4" />
            {run.isPending ? t('registrationAdmin.testing.running') : t('registrationAdmin.testing.run')}
          </Button>
        </div>
        {run.error ? (
          <p role="alert" className="rounded-app bg-danger-soft p-3 text-sm font-medium text-danger">
            {apiErrorText(t, run.error)}
          </p>
        ) : null}
        {result ? (
          <>
            <ol className="flex flex-col gap-2" data-testid="test-steps">
              {REGISTRATION_TEST_STEPS.map((name) => {
                const step = result.steps.find((entry) => entry.step === name);
                const Icon = !step ? CircleDashed : step.ok ? CheckCircle2 : XCircle;
                return (
                  <li
                    key={name}
                    data-testid="test-step"
                    data-step={name}
                    data-ok={step ? String(step.ok) : 'skipped'}
                    className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-app border border-border p-3"
                  >
                    <Icon
                      aria-hidden
                      className={`size-5 shrink-0 ${!step ? 'text-muted' : step.ok ? 'text-primary' : 'text-danger'}`}
                    />
                    <span className="font-semibold">{t(`registrationAdmin.testing.steps.${name}`)}</span>
                    <span className={`text-sm ${step && !step.ok ? 'text-danger' : 'text-muted'}`}>
                      {!step
                        ? t('registrationAdmin.testing.skipped')
                        : step.ok
                          ? t('registrationAdmin.testing.passed')
                          : t('registrationAdmin.testing.failed')}
                    </span>
                    {step ? <span className="text-sm tabular-nums text-muted">{ms(step.ms)}</span> : null}
                    {step?.detail ? (
                      <bdi dir="auto" className="basis-full break-words text-sm text-muted">
                        {step.detail}
                      </bdi>
                    ) : null}
                  </li>
                );
              })}
            </ol>
            <p role="status" className="font-semibold" data-testid="test-summary">
              {result.ok
                ? t('registrationAdmin.testing.summaryOk', { ms: ms(result.ms) })
                : t('registrationAdmin.testing.summaryFailed', { formatted: formatNumber(failed, language) })}
            </p>
          </>
        ) : null}
      </section>

      <section aria-labelledby={checkHeading} className={panelClass}>
        <h2 id={checkHeading} className="font-display text-xl font-bold">
          {t('registrationAdmin.testing.checkTitle')}
        </h2>
        <form onSubmit={submitCheck} className="flex flex-wrap items-end gap-3">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor="check-email" className="text-sm font-semibold">
              {t('registrationAdmin.testing.checkEmail')}
            </label>
            <input
              id="check-email"
              type="email"
              dir="ltr"
              required
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              className={inputClass(false, 'w-full')}
            />
          </div>
          <Button type="submit" disabled={check.isPending}>
            {t('registrationAdmin.testing.check')}
          </Button>
        </form>
        {check.error ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {check.error instanceof ApiError && check.error.code === 'NOT_FOUND'
              ? t('registrationAdmin.testing.notFound')
              : apiErrorText(t, check.error)}
          </p>
        ) : null}
        {detail ? (
          <div className="flex flex-col gap-2" data-testid="check-result">
            <p>
              <bdi dir="auto" className="font-semibold">
                {detail.profile.email}
              </bdi>
            </p>
            {detail.setup_problems.length === 0 ? (
              <p className="flex items-center gap-2 text-sm">
                <CheckCircle2 aria-hidden className="size-4 text-primary" />
                {t('registrationAdmin.testing.noProblems')}
              </p>
            ) : (
              <>
                <p className="flex items-center gap-2 text-sm font-semibold">
                  <XCircle aria-hidden className="size-4 text-danger" />
                  {t('registrationAdmin.testing.problemsFound')}
                </p>
                <ul className="list-disc ps-6 text-sm">
                  {detail.setup_problems.map((problem) => (
                    <li key={problem}>{t(`users.repair.items.${problem}`, { defaultValue: problem })}</li>
                  ))}
                </ul>
                <div>
                  <Button
                    variant="secondary"
                    disabled={repair.isPending}
                    onClick={() =>
                      repair.mutate(detail.profile.id, {
                        onSuccess: () => toast.success(t('registrationAdmin.testing.repaired')),
                        onError: (error) => toast.error(apiErrorText(t, error)),
                      })
                    }
                  >
                    {t('registrationAdmin.testing.repair')}
                  </Button>
                </div>
              </>
            )}
          </div>
        ) : null}
      </section>
    </div>
  );
}
