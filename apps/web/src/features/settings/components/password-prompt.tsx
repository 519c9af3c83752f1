import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field, PasswordInput } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';

type PasswordPromptProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  isPending: boolean;
  /** Already translated. */
  error: string | null;
  onConfirm: (password: string) => void;
};

/** Asks for the account's password before a change to how it signs in. */
export function PasswordPrompt(props: PasswordPromptProps) {
  const { open, onOpenChange, title, description, confirmLabel, isPending, error, onConfirm } = props;
  const { t } = useTranslation();
  const id = useId();
  const [password, setPassword] = useState('');
  const [empty, setEmpty] = useState(false);
  useEffect(() => {
    if (!open) {
      setPassword('');
      setEmpty(false);
    }
  }, [open]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setEmpty(true);
      return;
    }
    onConfirm(password);
  };
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} closeLabel={t('common.close')}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-sm text-muted">{description}</p>
        <div role="alert" className="empty:hidden">
          {error ? <p className="rounded-app bg-danger-soft p-3 text-sm font-medium text-danger">{error}</p> : null}
        </div>
        <Field
          id={`${id}-password`}
          label={t('settings.twoFactor.password')}
          error={empty ? t('validation.required') : undefined}
        >
          {(control) => (
            <PasswordInput
              {...control}
              autoFocus
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoComplete="current-password"
              invalid={empty}
              showLabel={t('auth.passwordShow')}
              hideLabel={t('auth.passwordHide')}
            />
          )}
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('settings.twoFactor.cancel')}
          </Button>
          <Button type="submit" disabled={isPending}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
