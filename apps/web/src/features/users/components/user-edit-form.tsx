import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS } from '@maktaba/shared/constants';
import { type UserAdminUpdate, UserAdminUpdateSchema, type UserDetail } from '@maktaba/shared/schemas/admin-users';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/form-field';
import { fieldErrorText } from '../../../lib/api-error-text';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { useUpdateUser } from '../api/update-user';
import { failureText } from '../lib/error-text';

/** The form's text values, turned into the admin update (empty biography or limit: none) and checked with it. */
const EditSchema = z
  .object({ display_name: z.string(), biography: z.string(), borrowing_limit: z.string() })
  .transform(
    (values): z.input<typeof UserAdminUpdateSchema> => ({
      display_name: values.display_name,
      biography: values.biography.trim() === '' ? null : values.biography,
      borrowing_limit: values.borrowing_limit.trim() === '' ? null : Number(values.borrowing_limit),
    }),
  )
  .pipe(UserAdminUpdateSchema);
type Values = z.input<typeof EditSchema>;

/** Display name, biography and borrowing limit, checked with the shared admin update schema. */
export function UserEditForm({ detail }: { detail: UserDetail }) {
  const { t } = useTranslation();
  const { profile } = detail;
  const update = useUpdateUser(profile.id);
  const form = useForm<Values, unknown, UserAdminUpdate>({
    resolver: zodResolver(EditSchema),
    values: {
      display_name: profile.display_name ?? '',
      biography: profile.biography ?? '',
      borrowing_limit: profile.borrowing_limit === null ? '' : String(profile.borrowing_limit),
    },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((changes) =>
    update.mutateAsync(changes).then(
      () => toast.success(t('users.edit.saved')),
      (error: unknown) => {
        if (!applyFieldErrors(error, form.setError, ['display_name', 'biography', 'borrowing_limit'])) {
          toast.error(failureText(t, 'users.errors.updateProfile', error));
        }
      },
    ),
  );
  return (
    <section aria-labelledby="user-edit-title" className="rounded-app border border-border bg-surface p-5">
      <h2 id="user-edit-title" className="font-display text-xl font-bold">
        {t('users.edit.title')}
      </h2>
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 flex flex-col gap-4">
        <Field
          id="edit-name"
          label={t('users.fields.displayName')}
          error={fieldErrorText(t, errors.display_name?.message)}
        >
          {(control) => (
            <input {...control} {...form.register('display_name')} className={inputClass(!!errors.display_name)} />
          )}
        </Field>
        <Field
          id="edit-biography"
          label={t('users.fields.biography')}
          labelNote={t('users.optional')}
          error={fieldErrorText(t, errors.biography?.message)}
        >
          {(control) => (
            <textarea
              {...control}
              {...form.register('biography')}
              rows={3}
              maxLength={LIMITS.biographyMax}
              className={inputClass(!!errors.biography, 'py-2')}
            />
          )}
        </Field>
        <Field
          id="edit-limit"
          label={t('users.fields.borrowingLimit')}
          hint={t('users.fields.borrowingLimitHint')}
          error={fieldErrorText(t, errors.borrowing_limit?.message)}
        >
          {(control) => (
            <input
              {...control}
              {...form.register('borrowing_limit')}
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              className={inputClass(!!errors.borrowing_limit, 'max-w-40')}
            />
          )}
        </Field>
        <div>
          <Button type="submit" disabled={update.isPending || !form.formState.isDirty}>
            {t('users.edit.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
