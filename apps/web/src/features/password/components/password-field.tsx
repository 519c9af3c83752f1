import type { UseFormRegisterReturn } from 'react-hook-form';
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
