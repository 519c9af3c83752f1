import { zodResolver } from '@hookform/resolvers/zod';
import { UserEmailChangeSchema } from '@maktaba/shared/schemas/admin-users';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { fieldErrorText } from '../../../lib/api-error-text';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { useChangeUserEmail } from '../api/change-user-email';
import { failureText } from '../lib/error-text';

type ChangeEmailDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: string;
  email: string;
};

/** An admin changes a user's e-mail address. */
export function ChangeEmailDialog({ open, onOpenChange, userId, email }: ChangeEmailDialogProps) {
  const { t } = useTranslation();
  const change = useChangeUserEmail(userId);
  const form = useForm<z.infer<typeof UserEmailChangeSchema>>({
    resolver: zodResolver(UserEmailChangeSchema),
    values: { email },
  });
  const error = form.formState.errors.email?.message;
  const submit = form.handleSubmit((values) =>
    change.mutateAsync(values.email).then(
      () => {
        toast.success(t('users.email.done'));
        onOpenChange(false);
      },
      (failure: unknown) => {
        if (!applyFieldErrors(failure, form.setError, ['email'])) {
          toast.error(failureText(t, 'users.errors.updateProfile', failure));
        }
      },
    ),
  );
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('users.email.title')} closeLabel={t('common.close')}>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        <Field id="change-email" label={t('users.fields.email')} error={fieldErrorText(t, error)}>
          {(control) => (
            <input {...control} {...form.register('email')} type="email" dir="ltr" className={inputClass(!!error)} />
          )}
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('users.cancel')}
          </Button>
          <Button type="submit" disabled={change.isPending}>
            {t('users.email.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
