import { can } from '@maktaba/shared/permissions';
import { type LendingSettings, LendingSettingsSchema } from '@maktaba/shared/schemas/loans';
import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { apiErrorKey, fieldErrorText } from '../../../lib/api-error-text';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { useLendingSettings, useSaveLendingSettings } from '../api/desk';

/** /library/settings: the library's lending settings; admins change them, librarians read them. */
export function LendingSettingsPage() {
  const { t } = useTranslation();
  const settings = useLendingSettings();
  const role = useAuthStore((state) => state.role);
  const editable = can(role, 'admin.system_settings');

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5 px-4 py-8 sm:py-10">
      <Link to="/library" className="inline-flex items-center gap-1 self-start text-sm font-semibold text-primary">
        <ArrowLeft aria-hidden className="flip-rtl size-4" />
        {t('desk.detail.back')}
      </Link>
      <div>
        <h1 className="font-display text-3xl font-bold">{t('desk.settings.title')}</h1>
        <p className="mt-1 text-muted">{t('desk.settings.description')}</p>
      </div>
      {settings.isError ? (
        <Alert
          variant="destructive"
          title={t('desk.settings.loadError')}
          action={
            <Button variant="secondary" onClick={() => void settings.refetch()}>
              {t('desk.retry')}
            </Button>
          }
        >
          {t(apiErrorKey(settings.error))}
        </Alert>
      ) : settings.data ? (
        <SettingsForm initial={settings.data} editable={editable} />
      ) : (
        <Skeleton className="h-80 w-full" />
      )}
    </div>
  );
}

type Errors = Partial<Record<'loan_period_days' | 'default_borrowing_limit' | 'name' | 'lines', string>>;

function SettingsForm({ initial, editable }: { initial: LendingSettings; editable: boolean }) {
  const { t } = useTranslation();
  const save = useSaveLendingSettings();
  const [period, setPeriod] = useState(String(initial.loan_period_days));
  const [limit, setLimit] = useState(String(initial.default_borrowing_limit));
  const [name, setName] = useState(initial.return_address?.name ?? '');
  const [lines, setLines] = useState(initial.return_address?.lines.join('\n') ?? '');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = LendingSettingsSchema.safeParse({
      loan_period_days: period,
      default_borrowing_limit: limit,
      // No return address yet: both parts left empty.
      return_address:
        name.trim() || lines.trim()
          ? {
              name,
              lines: lines
                .split('\n')
                .map((line) => line.trim())
                .filter(Boolean),
            }
          : null,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = (issue.path.includes('lines') ? 'lines' : issue.path.at(-1)) as keyof Errors;
        next[key] ??= fieldErrorText(t, issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => toast.success(t('desk.settings.saved')),
      onError: (error) => toast.error(t(apiErrorKey(error, { fieldPrefix: 'validation.' }))),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 rounded-app border border-border bg-surface p-5">
      {editable ? null : <Alert title={t('desk.settings.readOnly')} />}
      <fieldset disabled={!editable} className="flex flex-col gap-4">
        <Field id="settings-period" label={t('desk.settings.loanPeriod')} error={errors.loan_period_days}>
          {(control) => (
            <input
              {...control}
              type="number"
              min={1}
              max={365}
              inputMode="numeric"
              value={period}
              onChange={(event) => setPeriod(event.target.value)}
              className={inputClass(Boolean(errors.loan_period_days))}
            />
          )}
        </Field>
        <Field id="settings-limit" label={t('desk.settings.borrowingLimit')} error={errors.default_borrowing_limit}>
          {(control) => (
            <input
              {...control}
              type="number"
              min={1}
              max={100}
              inputMode="numeric"
              value={limit}
              onChange={(event) => setLimit(event.target.value)}
              className={inputClass(Boolean(errors.default_borrowing_limit))}
            />
          )}
        </Field>
        <Field id="settings-return-name" label={t('desk.settings.returnName')} error={errors.name}>
          {(control) => (
            <input
              {...control}
              value={name}
              dir="auto"
              onChange={(event) => setName(event.target.value)}
              className={inputClass(Boolean(errors.name))}
            />
          )}
        </Field>
        <Field
          id="settings-return-lines"
          label={t('desk.settings.returnLines')}
          hint={t('desk.settings.returnLinesHint')}
          error={errors.lines}
        >
          {(control) => (
            <textarea
              {...control}
              value={lines}
              rows={5}
              dir="auto"
              onChange={(event) => setLines(event.target.value)}
              className={inputClass(Boolean(errors.lines), 'py-2')}
            />
          )}
        </Field>
      </fieldset>
      {editable ? (
        <Button type="submit" className="self-start" disabled={save.isPending}>
          {t('desk.settings.save')}
        </Button>
      ) : null}
    </form>
  );
}
