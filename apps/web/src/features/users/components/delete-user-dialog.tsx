import type { Profile } from '@maktaba/shared/schemas/profile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { useDeleteUser } from '../api/delete-user';
import { deleteFailureText } from '../lib/error-text';

type DeleteUserDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; profile: Profile };

/** Deleting a user asks for their e-mail typed out; the server refuses oneself and the last admin. */
export function DeleteUserDialog({ open, onOpenChange, profile }: DeleteUserDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteUser();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const matches = typed.trim().toLowerCase() === profile.email.toLowerCase();

  const confirm = () => {
    setError(null);
    if (!profile.id) {
      setError(t('users.delete.idRequired'));
      return;
    }
    remove.mutate(profile.id, {
      onSuccess: () => {
        toast.success(t('users.delete.done', { email: profile.email }));
        onOpenChange(false);
        void navigate('/users');
      },
      onError: (failure) => setError(deleteFailureText(t, failure)),
    });
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setTyped('');
          setError(null);
        }
        onOpenChange(next);
      }}
      title={t('users.delete.title')}
      closeLabel={t('common.close')}
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (matches) confirm();
        }}
      >
        <p className="text-sm">{t('users.delete.description')}</p>
        <Field id="delete-confirm" label={t('users.delete.typeEmail', { email: profile.email })}>
          {(control) => (
            <input
              {...control}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              dir="ltr"
              autoComplete="off"
              className={inputClass(false)}
            />
          )}
        </Field>
        <div role="alert" className="empty:hidden">
          {error ? <p className="rounded-app bg-danger-soft p-3 text-sm font-medium text-danger">{error}</p> : null}
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('users.cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={!matches || remove.isPending}>
            {t('users.delete.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
