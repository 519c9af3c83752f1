import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordSchema, UpdatePasswordFormSchema } from '@maktaba/shared/schemas/auth';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { PasswordField } from '../../../components/credential-fields';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { apiErrorKey } from '../../../lib/api-error-text';
import { applyCodeToField, applyFieldErrors } from '../../../lib/apply-field-errors';
import { useChangePassword } from '../api/change-password';
import { NewPasswordFields } from './new-password-fields';

/** The reset form's rules plus the current password, which the server verifies first (accounts-and-auth §5). */
const ChangePasswordFormSchema = UpdatePasswordFormSchema.safeExtend({
  currentPassword: ChangePasswordSchema.shape.currentPassword,
});
type ChangePasswordFormInput = z.infer<typeof ChangePasswordFormSchema>;

const EMPTY: ChangePasswordFormInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

type ChangePasswordFormProps = {
  /** Prefix of the field ids, so two forms on one page never share one. */
  idPrefix: string;
  /** Called once the server has changed the password (and ended the other sessions). */
  onChanged?: () => void;
};

/**
 * Change password while signed in: current, new, confirm. A wrong current password is shown
 * under its field and every typed value stays; success clears the fields and says that the
 * other devices were signed out.
 */
export function ChangePasswordForm({ idPrefix, onChanged }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [isChanged, setChanged] = useState(false);
  const [isRateLimited, setRateLimited] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordFormInput>({
    resolver: zodResolver(ChangePasswordFormSchema),
    mode: 'onBlur',
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setChanged(false);
    setRateLimited(false);
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      reset(EMPTY);
      setChanged(true);
      toast.success(t('password.toasts.updated'));
      onChanged?.();
    } catch (error) {
      if (applyCodeToField(error, setError, { CURRENT_PASSWORD_INCORRECT: 'currentPassword' })) return;
      if (error instanceof ApiError && error.code === 'RATE_LIMITED') {
        setRateLimited(true);
        return;
      }
      if (applyFieldErrors(error, setError, ['currentPassword', 'newPassword'])) return;
      toast.info(t('password.toasts.failed', { message: t(apiErrorKey(error)) }), { duration: 4_000 });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div role="status" className="empty:hidden">
        {isChanged ? (
          <p className="flex items-start gap-2 rounded-app bg-primary-soft p-3 text-sm font-medium">
            <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>{t('password.otherDevicesSignedOut')}</span>
          </p>
        ) : null}
      </div>
      <div role="alert" className="empty:hidden">
        {isRateLimited ? (
          <p className="rounded-app bg-danger-soft p-3 text-sm font-medium text-danger">
            {t('errors.codes.RATE_LIMITED')}
          </p>
        ) : null}
      </div>
      <PasswordField
        id={`${idPrefix}-current-password`}
        label={t('password.currentPassword')}
        registration={register('currentPassword')}
        error={errors.currentPassword?.message ? t(errors.currentPassword.message) : undefined}
        autoComplete="current-password"
      />
      <NewPasswordFields
        idPrefix={idPrefix}
        newPassword={register('newPassword')}
        confirmPassword={register('confirmPassword')}
        errors={errors}
      />
      <Button type="submit" className="w-full sm:w-auto sm:self-start" disabled={change.isPending}>
        {change.isPending ? t('password.submitting') : t('password.submit')}
      </Button>
    </form>
  );
}
