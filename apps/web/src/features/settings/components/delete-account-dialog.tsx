import { type BookWithReader, confirmationMatches } from '@maktaba/shared/schemas/account-data';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, inputClass, PasswordInput } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-client';
import { apiErrorKey } from '../../../lib/api-error-text';

type DeleteAccountDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
  /** False for an account without a password (Google): a recent sign-in confirms instead. */
  hasPassword: boolean;
  onDelete: (input: { confirmation: string; password?: string }) => Promise<void>;
};

function booksOf(error: unknown): BookWithReader[] {
  if (!(error instanceof ApiError) || error.code !== 'BOOKS_WITH_READER') return [];
  const details = error.details as { books?: BookWithReader[] } | undefined;
  return details?.books ?? [];
}

/**
 * "Delete my account": what goes and what stays, the e-mail address typed as confirmation, and the
 * password. The button waits for the address to be typed exactly; a refusal is shown here, with
 * the books still out, and what was typed stays.
 */
export function DeleteAccountDialog({ open, onOpenChange, email, hasPassword, onDelete }: DeleteAccountDialogProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [confirmation, setConfirmation] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const matches = confirmationMatches(confirmation, email);
  const ready = matches && (!hasPassword || password.length > 0) && !pending;
  const books = booksOf(error);
  const code = error instanceof ApiError ? error.code : null;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setPending(true);
    setError(null);
    try {
      await onDelete(hasPassword ? { confirmation, password } : { confirmation });
    } catch (caught) {
      setError(caught);
      setPending(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('settings.data.delete.title')}
      closeLabel={t('common.close')}
    >
      <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate>
        <div className="flex flex-col gap-2 text-sm">
          <p className="font-semibold">{t('settings.data.delete.removedTitle')}</p>
          <ul className="list-disc space-y-1 ps-5">
            <li>{t('settings.data.delete.removed.account')}</li>
            <li>{t('settings.data.delete.removed.lists')}</li>
            <li>{t('settings.data.delete.removed.requests')}</li>
          </ul>
          <p className="font-semibold">{t('settings.data.delete.keptTitle')}</p>
          <ul className="list-disc space-y-1 ps-5">
            <li>{t('settings.data.delete.kept.loans')}</li>
            <li>{t('settings.data.delete.kept.feedback')}</li>
          </ul>
          <p className="text-muted">{t('settings.data.delete.exportFirst')}</p>
        </div>
        {error ? (
          <Alert variant="destructive" title={t(apiErrorKey(error))}>
            {books.length > 0 ? (
              <>
                <p>{t('settings.data.delete.booksIntro')}</p>
                <ul className="list-disc ps-5" data-testid="books-with-reader">
                  {books.map((book) => (
                    <li key={book.loan_id} dir="auto">
                      {(i18n.language === 'ar' ? book.title_ar : null) || book.title}
                    </li>
                  ))}
                </ul>
                <Link to="/myimam" className="font-semibold underline">
                  {t('settings.data.delete.booksLink')}
                </Link>
              </>
            ) : null}
            {code === 'RECENT_SIGN_IN_REQUIRED' ? <p>{t('settings.data.delete.signInAgain')}</p> : null}
          </Alert>
        ) : null}
        <Field
          id={`${id}-confirm`}
          label={t('settings.data.delete.confirmLabel')}
          hint={t('settings.data.delete.confirmHint', { email })}
        >
          {(control) => (
            <input
              {...control}
              dir="ltr"
              type="email"
              autoComplete="off"
              className={inputClass(false)}
              value={confirmation}
              onChange={(event) => setConfirmation(event.target.value)}
            />
          )}
        </Field>
        {hasPassword ? (
          <Field id={`${id}-password`} label={t('settings.data.delete.passwordLabel')}>
            {(control) => (
              <PasswordInput
                {...control}
                invalid={code === 'CURRENT_PASSWORD_INCORRECT'}
                autoComplete="current-password"
                showLabel={t('auth.passwordShow')}
                hideLabel={t('auth.passwordHide')}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            )}
          </Field>
        ) : (
          <p className="text-sm text-muted">{t('settings.data.delete.noPassword')}</p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            {t('settings.data.delete.cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={!ready} aria-busy={pending || undefined}>
            {pending ? t('settings.data.delete.deleting') : t('settings.data.delete.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
