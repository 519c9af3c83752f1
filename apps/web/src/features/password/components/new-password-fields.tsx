import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/credential-fields';

type NewPasswordFieldsProps = {
  idPrefix: string;
  newPassword: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: FieldErrors<{ newPassword: string; confirmPassword: string }>;
};

/** New password and its confirmation, the pair both forms end with. */
export function NewPasswordFields({ idPrefix, newPassword, confirmPassword, errors }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        id={`${idPrefix}-new-password`}
        label={t('password.newPassword')}
        registration={newPassword}
        error={errors.newPassword?.message ? t(errors.newPassword.message) : undefined}
        autoComplete="new-password"
      />
      <PasswordField
        id={`${idPrefix}-confirm-password`}
        label={t('password.confirmPassword')}
        registration={confirmPassword}
        error={errors.confirmPassword?.message ? t(errors.confirmPassword.message) : undefined}
        autoComplete="new-password"
      />
    </>
  );
}
