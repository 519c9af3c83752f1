import { zodResolver } from '@hookform/resolvers/zod';
import { ChangeEmailSchema, type EmailStatus } from '@maktaba/shared/schemas/email-verification';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { EmailField, PasswordField } from '../../../components/credential-fields';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { apiErrorKey } from '../../../lib/api-error-text';
import { applyCodeToField, applyFieldErrors } from '../../../lib/apply-field-errors';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { emailKeys, getEmailStatus, useResendVerification } from '../../../lib/email-verification';
import { dateTimeFormat } from '../../../lib/format';

const FormSchema = z.object({
  email: ChangeEmailSchema.shape.email,
  currentPassword: z.string().max(128, 'validation.passwordMax'),
});
type FormInput = z.infer<typeof FormSchema>;
const EMPTY: FormInput = { email: '', currentPassword: '' };

/**
 * Settings → E-mail: the account's address and whether it is verified, a change waiting for its
 * link (with cancel), and the form for a new address. The current address stays the account's
 * until the link sent to the new one is opened; the current one is told about the request.
 */
export function EmailSection() {
  const { t } = useTranslation();
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const status = useQuery({ queryKey: emailKeys.status(userId), queryFn: ({ signal }) => getEmailStatus(signal) });
  return (
    <section
      aria-labelledby="settings-email"
      className="flex flex-col gap-6 rounded-app border border-border bg-surface p-4 sm:p-6"
    >
      <h2 id="settings-email" className="font-display text-xl font-bold">
        {t('settings.sections.email')}
      </h2>
      {status.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : status.isError ? (
        <Alert
          variant="destructive"
          title={t('settings.email.errors.loadFailed')}
          action={
            <Button variant="secondary" onClick={() => void status.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        <>
          <CurrentAddress status={status.data} />
          {status.data.pending ? <PendingChange status={status.data} /> : null}
          <ChangeEmailForm status={status.data} />
        </>
      )}
    </section>
  );
}

function CurrentAddress({ status }: { status: EmailStatus }) {
  const { t } = useTranslation();
  const resend = useResendVerification();
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-semibold">{t('settings.email.current')}</p>
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 break-all" data-testid="settings-email-current" dir="ltr">
          {status.email}
        </span>
        {status.verified ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold text-primary">
            <CircleCheck aria-hidden className="size-3.5" />
            {t('settings.email.verified')}
          </span>
        ) : (
          <span className="inline-flex items-center gap-1 rounded-full bg-danger-soft px-2 py-0.5 text-xs font-semibold text-danger">
            <CircleAlert aria-hidden className="size-3.5" />
            {t('settings.email.unverified')}
          </span>
        )}
      </div>
      {status.verified ? null : (
        <div>
          <Button variant="secondary" onClick={() => resend.mutate()} disabled={resend.isPending}>
            {resend.isPending ? t('verifyEmail.banner.resending') : t('settings.email.resend')}
          </Button>
        </div>
      )}
    </div>
  );
}

function PendingChange({ status }: { status: EmailStatus }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const cancel = useMutation({
    mutationFn: () => apiFetch<EmailStatus>('/auth/email/change', { method: 'DELETE' }),
    onSuccess: (next) => {
      queryClient.setQueryData(emailKeys.status(userId), next);
      toast.success(t('settings.email.cancelled'));
    },
    onError: (error) => toast.error(t(apiErrorKey(error))),
  });
  if (!status.pending) return null;
  const date = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(status.pending.expires_at),
  );
  return (
    <div
      className="flex flex-col gap-3 rounded-app border border-border bg-surface-2 p-4 text-sm"
      data-testid="settings-email-pending"
    >
      <p className="flex items-center gap-2 font-semibold">
        <MailCheck aria-hidden className="size-4 shrink-0 text-primary" />
        {t('settings.email.pendingTitle')}
      </p>
      <p className="break-words">{t('settings.email.pendingText', { email: status.pending.email, date })}</p>
      <div>
        <Button variant="secondary" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
          {t('settings.email.cancel')}
        </Button>
      </div>
    </div>
  );
}

function ChangeEmailForm({ status }: { status: EmailStatus }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<FormInput>({ resolver: zodResolver(FormSchema), mode: 'onBlur', defaultValues: EMPTY });
  const change = useMutation({
    mutationFn: (input: FormInput) =>
      apiFetch<EmailStatus>('/auth/email/change', {
        method: 'POST',
        body: {
          email: input.email,
          ...(status.has_password ? { currentPassword: input.currentPassword } : {}),
          locale: i18n.language === 'ar' ? 'ar' : 'en',
        },
      }),
  });
  const needsSignIn = change.error instanceof ApiError && change.error.code === 'RECENT_SIGN_IN_REQUIRED';

  const onSubmit = handleSubmit(async (input) => {
    if (status.has_password && input.currentPassword === '') {
      setError('currentPassword', { type: 'required', message: 'validation.currentPasswordRequired' });
      return;
    }
    try {
      const next = await change.mutateAsync(input);
      queryClient.setQueryData(emailKeys.status(userId), next);
      reset(EMPTY);
      toast.success(t('settings.email.sent', { email: next.pending?.email ?? input.email }));
    } catch (error) {
      if (applyCodeToField(error, setError, { CURRENT_PASSWORD_INCORRECT: 'currentPassword', EMAIL_TAKEN: 'email' })) {
        return;
      }
      if (applyFieldErrors(error, setError, ['email', 'currentPassword'])) return;
      if (error instanceof ApiError && error.code === 'RECENT_SIGN_IN_REQUIRED') return;
      toast.error(t(apiErrorKey(error)));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-labelledby="settings-email-change">
      <div className="flex flex-col gap-1">
        <h3 id="settings-email-change" className="text-lg font-bold">
          {t('settings.email.changeTitle')}
        </h3>
        <p className="text-sm text-muted">{t('settings.email.changeHelp')}</p>
      </div>
      {needsSignIn ? (
        <Alert
          variant="destructive"
          title={t('errors.codes.RECENT_SIGN_IN_REQUIRED')}
          action={
            <Link
              to={`/signin?returnUrl=${encodeURIComponent('/settings/email')}`}
              className={buttonClass('secondary')}
            >
              {t('settings.email.signInAgain')}
            </Link>
          }
        />
      ) : null}
      <EmailField
        id="settings-new-email"
        label={t('settings.email.newEmail')}
        registration={register('email')}
        error={errors.email?.message ? t(errors.email.message) : undefined}
      />
      {status.has_password ? (
        <PasswordField
          id="settings-email-password"
          label={t('settings.email.password')}
          registration={register('currentPassword')}
          error={errors.currentPassword?.message ? t(errors.currentPassword.message) : undefined}
          autoComplete="current-password"
        />
      ) : (
        <p className="text-sm text-muted">{t('settings.email.googleRecent')}</p>
      )}
      <Button type="submit" className="w-full sm:w-auto sm:self-start" disabled={change.isPending}>
        {change.isPending ? t('settings.email.submitting') : t('settings.email.submit')}
      </Button>
    </form>
  );
}
