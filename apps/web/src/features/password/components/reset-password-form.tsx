import { zodResolver } from '@hookform/resolvers/zod';
import { TIMINGS } from '@maktaba/shared/constants';
import { type UpdatePasswordFormInput, UpdatePasswordFormSchema } from '@maktaba/shared/schemas/auth';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { apiErrorKey } from '../../../lib/api-error-text';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { useResetPassword } from '../api/reset-password';
import { NewPasswordFields } from './new-password-fields';
import { type PasswordStatus, StatusScreen } from './status-screen';

type ResetPasswordFormProps = {
  token: string;
  /** Called 2 s after the new password is saved (accounts-and-auth §2: on to /signin). */
  onDone: () => void;
};

/** The new password for a valid reset link: the §5 rules, then the registration rule the server applies. */
export function ResetPasswordForm({ token, onDone }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const [outcome, setOutcome] = useState<Extract<PasswordStatus, 'updated' | 'failed'> | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<UpdatePasswordFormInput>({
    resolver: zodResolver(UpdatePasswordFormSchema),
    mode: 'onBlur',
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  useEffect(() => {
    if (outcome !== 'updated') return;
    const timer = setTimeout(onDone, TIMINGS.passwordResetRedirect);
    return () => clearTimeout(timer);
  }, [outcome, onDone]);

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    try {
      await reset.mutateAsync({ token, newPassword });
      toast.success(t('password.toasts.updated'));
      setOutcome('updated');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_RESET_TOKEN') {
        setOutcome('failed');
        return;
      }
      if (applyFieldErrors(error, setError, ['newPassword'])) return;
      toast.info(t('password.toasts.failed', { message: t(apiErrorKey(error)) }), { duration: 4_000 });
    }
  });

  if (outcome) return <StatusScreen status={outcome} />;
  return (
    <div>
      <h1 className="font-display text-2xl font-bold sm:text-3xl">{t('password.title')}</h1>
      <p className="mt-2 mb-6 text-muted">{t('password.description')}</p>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <NewPasswordFields
          idPrefix="reset"
          newPassword={register('newPassword')}
          confirmPassword={register('confirmPassword')}
          errors={errors}
        />
        <Button type="submit" className="w-full" disabled={reset.isPending}>
          {reset.isPending ? t('password.submitting') : t('password.submit')}
        </Button>
      </form>
    </div>
  );
}
