import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, PasswordInput } from '../../../components/ui/form-field';

type PasswordFieldProps = {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  /** An i18n key from the shared schemas or the server's field errors. */
  errorKey?: string;
  autoComplete: 'current-password' | 'new-password';
};

/** One password of the reset and change forms: labelled, left-to-right, with show/hide. */
export function PasswordField({ id, label, registration, errorKey, autoComplete }: PasswordFieldProps) {
  const { t } = useTranslation();
  return (
    <Field id={id} label={label} error={errorKey ? t(errorKey) : undefined}>
      {(control) => (
        <PasswordInput
          {...control}
          {...registration}
          autoComplete={autoComplete}
          invalid={Boolean(errorKey)}
          showLabel={t('auth.passwordShow')}
          hideLabel={t('auth.passwordHide')}
        />
      )}
    </Field>
  );
}

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
        errorKey={errors.newPassword?.message}
        autoComplete="new-password"
      />
      <PasswordField
        id={`${idPrefix}-confirm-password`}
        label={t('password.confirmPassword')}
        registration={confirmPassword}
        errorKey={errors.confirmPassword?.message}
        autoComplete="new-password"
      />
    </>
  );
}
