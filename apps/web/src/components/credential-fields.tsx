import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, inputClass, PasswordInput } from './ui/form-field';

type CredentialFieldProps = {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  /** Already translated. */
  error?: string;
  hint?: ReactNode;
};

/** An e-mail address: left-to-right in both languages, the e-mail keyboard, autofilled. */
export function EmailField({ id, label, registration, error, hint }: CredentialFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(control) => (
        <input
          {...control}
          {...registration}
          type="email"
          dir="ltr"
          autoComplete="email"
          inputMode="email"
          className={inputClass(Boolean(error))}
        />
      )}
    </Field>
  );
}

/** A password with its show/hide toggle; `autoComplete` tells password managers which one it is. */
export function PasswordField({
  autoComplete,
  ...props
}: CredentialFieldProps & { autoComplete: 'current-password' | 'new-password' }) {
  const { t } = useTranslation();
  return (
    <Field id={props.id} label={props.label} error={props.error} hint={props.hint}>
      {(control) => (
        <PasswordInput
          {...control}
          {...props.registration}
          autoComplete={autoComplete}
          invalid={Boolean(props.error)}
          showLabel={t('auth.passwordShow')}
          hideLabel={t('auth.passwordHide')}
        />
      )}
    </Field>
  );
}
