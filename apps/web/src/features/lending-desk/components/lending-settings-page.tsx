import { can } from '@maktaba/shared/permissions';
import { type LendingSettings, LendingSettingsSchema } from '@maktaba/shared/schemas/loans';
import { ArrowLeft } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { apiErrorKey, fieldErrorText } from '../../../lib/api-error-text';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { formatNumber } from '../../../lib/format';
import { useLendingSettings, useRunNotices, useSaveLendingSettings } from '../api/desk';

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
        <>
          <SettingsForm initial={settings.data} editable={editable} />
          {editable ? <RunNotices /> : null}
        </>
      ) : (
        <Skeleton className="h-80 w-full" />
      )}
    </div>
  );
}

/** The settings counted in whole numbers, in the order of the form, with their bounds (the schema's). */
const NUMBERS = [
  { key: 'loan_period_days', label: 'loanPeriod', min: 1, max: 365 },
  { key: 'default_borrowing_limit', label: 'borrowingLimit', min: 1, max: 100 },
  { key: 'renewals_max', label: 'renewalsMax', min: 0, max: 20, hint: 'renewalsMaxHint' },
  { key: 'renewal_grace_days', label: 'graceDays', min: 0, max: 60, hint: 'graceDaysHint' },
  { key: 'reminder_days_before', label: 'reminderDays', min: 0, max: 30, hint: 'reminderDaysHint' },
  { key: 'overdue_interval_days', label: 'noticeInterval', min: 1, max: 60 },
  { key: 'overdue_notices_max', label: 'noticesMax', min: 1, max: 10, hint: 'noticesMaxHint' },
  { key: 'holds_per_reader', label: 'holdsPerReader', min: 1, max: 50 },
  { key: 'pickup_window_days', label: 'pickupWindow', min: 1, max: 30, hint: 'pickupWindowHint' },
] as const;
type NumberKey = (typeof NUMBERS)[number]['key'];

/** The form's groups: which number fields each fieldset holds. */
const GROUPS: { legend: string; keys: NumberKey[] }[] = [
  { legend: 'loans', keys: ['loan_period_days', 'default_borrowing_limit'] },
  { legend: 'renewals', keys: ['renewals_max', 'renewal_grace_days'] },
  { legend: 'notices', keys: ['reminder_days_before', 'overdue_interval_days', 'overdue_notices_max'] },
  { legend: 'holds', keys: ['holds_per_reader', 'pickup_window_days'] },
];

type Errors = Partial<Record<NumberKey | 'name' | 'lines', string>>;

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="font-display text-lg font-bold">{legend}</legend>
      <div className="mt-3 flex flex-col gap-4">{children}</div>
    </fieldset>
  );
}

function SettingsForm({ initial, editable }: { initial: LendingSettings; editable: boolean }) {
  const { t } = useTranslation();
  const save = useSaveLendingSettings();
  const [numbers, setNumbers] = useState<Record<NumberKey, string>>(
    () => Object.fromEntries(NUMBERS.map(({ key }) => [key, String(initial[key])])) as Record<NumberKey, string>,
  );
  const [blocks, setBlocks] = useState(initial.overdue_blocks_borrowing);
  const [autoApprove, setAutoApprove] = useState(initial.holds_auto_approve ?? false);
  const [name, setName] = useState(initial.return_address?.name ?? '');
  const [lines, setLines] = useState(initial.return_address?.lines.join('\n') ?? '');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = LendingSettingsSchema.safeParse({
      // Settings this form does not show are sent back as they were (PUT takes the whole object).
      ...initial,
      ...numbers,
      overdue_blocks_borrowing: blocks,
      holds_auto_approve: autoApprove,
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
      // The first field in error takes the focus, so a keyboard user lands on what to fix.
      const first = [...NUMBERS.map(({ key }) => key), 'name', 'lines'].find((key) => next[key as keyof Errors]);
      if (first) document.getElementById(`settings-${first}`)?.focus();
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => toast.success(t('desk.settings.saved')),
      onError: (error) => toast.error(t(apiErrorKey(error, { fieldPrefix: 'validation.' }))),
    });
  };

  const numberField = (key: NumberKey) => {
    const spec = NUMBERS.find((item) => item.key === key) as (typeof NUMBERS)[number];
    return (
      <Field
        key={key}
        id={`settings-${key}`}
        label={t(`desk.settings.${spec.label}`)}
        hint={'hint' in spec ? t(`desk.settings.${spec.hint}`) : undefined}
        error={errors[key]}
      >
        {(control) => (
          <input
            {...control}
            type="number"
            min={spec.min}
            max={spec.max}
            inputMode="numeric"
            value={numbers[key]}
            onChange={(event) => setNumbers((current) => ({ ...current, [key]: event.target.value }))}
            className={inputClass(Boolean(errors[key]))}
          />
        )}
      </Field>
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 rounded-app border border-border bg-surface p-5">
      {editable ? null : <Alert title={t('desk.settings.readOnly')} />}
      <fieldset disabled={!editable} className="flex min-w-0 flex-col gap-6">
        {GROUPS.map((group) => (
          <Group key={group.legend} legend={t(`desk.settings.groups.${group.legend}`)}>
            {group.keys.map(numberField)}
            {group.legend === 'notices' ? (
              <label className="flex min-h-11 items-start gap-2 text-sm font-medium">
                <input
                  type="checkbox"
                  className="mt-0.5 size-5 shrink-0"
                  checked={blocks}
                  onChange={(event) => setBlocks(event.target.checked)}
                  data-testid="settings-overdue-blocks"
                />
                {t('desk.settings.overdueBlocks')}
              </label>
            ) : null}
            {group.legend === 'holds' ? (
              <label className="flex min-h-11 items-start gap-2 text-sm font-medium">
                <input
                  type="checkbox"
                  className="mt-0.5 size-5 shrink-0"
                  checked={autoApprove}
                  onChange={(event) => setAutoApprove(event.target.checked)}
                  data-testid="settings-holds-auto-approve"
                />
                {t('desk.settings.holdsAutoApprove')}
              </label>
            ) : null}
          </Group>
        ))}
        <Group legend={t('desk.settings.groups.returnAddress')}>
          <Field id="settings-name" label={t('desk.settings.returnName')} error={errors.name}>
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
            id="settings-lines"
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
        </Group>
      </fieldset>
      {editable ? (
        <Button type="submit" className="self-start" disabled={save.isPending}>
          {t('desk.settings.save')}
        </Button>
      ) : null}
    </form>
  );
}

/** For admins: send the due reminders and overdue notices now instead of at the job's next run. */
function RunNotices() {
  const { t, i18n } = useTranslation();
  const run = useRunNotices();
  const count = (key: string, value: number) =>
    t(`desk.settings.runNotices.${key}`, { count: value, formatted: formatNumber(value, i18n.language) });
  return (
    <section
      aria-labelledby="run-notices-title"
      className="flex flex-col items-start gap-3 rounded-app border border-border bg-surface p-5"
    >
      <h2 id="run-notices-title" className="font-display text-lg font-bold">
        {t('desk.settings.runNotices.title')}
      </h2>
      <p className="text-sm text-muted">{t('desk.settings.runNotices.description')}</p>
      <Button
        variant="secondary"
        disabled={run.isPending}
        aria-busy={run.isPending || undefined}
        onClick={() =>
          run.mutate(undefined, {
            onSuccess: (sent) =>
              toast.success(
                t('desk.settings.runNotices.done', {
                  reminders: count('reminders', sent.reminders),
                  notices: count('notices', sent.overdue_notices),
                }),
              ),
            onError: (error) => toast.error(t(apiErrorKey(error))),
          })
        }
      >
        {t('desk.settings.runNotices.button')}
      </Button>
    </section>
  );
}
