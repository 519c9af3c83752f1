import { zodResolver } from '@hookform/resolvers/zod';
import { ROLES } from '@maktaba/shared/permissions';
import { UserCreateSchema } from '@maktaba/shared/schemas/admin-users';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { fieldErrorText } from '../../../lib/api-error-text';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { useCreateUser } from '../api/create-user';
import { failureText } from '../lib/error-text';

type CreateInput = z.input<typeof UserCreateSchema>;
type CreateOutput = z.output<typeof UserCreateSchema>;

/** Admins add an account; the new user receives an e-mail to set a password. */
export function CreateUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateUser();
  const form = useForm<CreateInput, unknown, CreateOutput>({
    resolver: zodResolver(UserCreateSchema),
    defaultValues: { email: '', display_name: '', role: 'patron', locale: i18n.language === 'ar' ? 'ar' : 'en' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    create.mutateAsync(values).then(
      (detail) => {
        toast.success(t('users.create.done', { email: detail.profile.email }));
        form.reset();
        onOpenChange(false);
        void navigate(`/users/${detail.profile.id}`);
      },
      (error: unknown) => {
        if (!applyFieldErrors(error, form.setError, ['email', 'display_name', 'role'])) {
          toast.error(failureText(t, 'users.create.failed', error));
        }
      },
    ),
  );
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('users.create.title')} closeLabel={t('common.close')}>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-muted">{t('users.create.description')}</p>
        <Field id="create-email" label={t('users.fields.email')} error={fieldErrorText(t, errors.email?.message)}>
          {(control) => (
            <input
              {...control}
              {...form.register('email')}
              type="email"
              dir="ltr"
              className={inputClass(!!errors.email)}
            />
          )}
        </Field>
        <Field
          id="create-name"
          label={t('users.fields.displayName')}
          error={fieldErrorText(t, errors.display_name?.message)}
        >
          {(control) => (
            <input {...control} {...form.register('display_name')} className={inputClass(!!errors.display_name)} />
          )}
        </Field>
        <Field id="create-role" label={t('users.fields.role')}>
          {(control) => (
            <select {...control} {...form.register('role')} className={inputClass(false)}>
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`roles.${role}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('users.cancel')}
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {t('users.create.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
