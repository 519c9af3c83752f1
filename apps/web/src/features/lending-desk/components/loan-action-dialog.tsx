import type { DeskLoanDetail } from '@maktaba/shared/schemas/loans';
import { LOAN_TEXT_LIMITS } from '@maktaba/shared/schemas/loans';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, inputClass } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { apiErrorKey } from '../../../lib/api-error-text';
import { formatDate, formatNumber } from '../../../lib/format';
import { type DeskAction, useDeskAction, useLendingSettings } from '../api/desk';
import { type DeskActionName, dueDateAfterRenewal, isoDay } from '../lib/loan-text';

type Props = {
  loan: DeskLoanDetail;
  action: DeskActionName | null;
  onClose: () => void;
};

/** The dialog of one desk action: a form where the action takes details, a confirmation where it does not. */
export function LoanActionDialog({ loan, action, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const mutation = useDeskAction(loan.id);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    mutation.reset();
    onClose();
  };
  const run = (input: DeskAction) => {
    setError(null);
    mutation.mutate(input, {
      onSuccess: (updated) => {
        // A renewal and a new due date say the date the loan is now due.
        const date = updated.due_date ? formatDate(updated.due_date, i18n.language) : '';
        toast.success(t(`desk.toasts.${input.action}`, { date }));
        close();
      },
      onError: (failure) => setError(t(apiErrorKey(failure, { fieldPrefix: 'validation.' }))),
    });
  };
  const onOpenChange = (open: boolean) => {
    if (!open) close();
  };

  if (action === 'deliver' || action === 'send_back') {
    const key = action === 'deliver' ? 'deliver' : 'sendBack';
    return (
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title={t(`desk.${key}.title`)}
        description={t(`desk.${key}.description`)}
        confirmLabel={t(`desk.${key}.confirm`)}
        cancelLabel={t('desk.actions.cancel')}
        isPending={mutation.isPending}
        error={error}
        onConfirm={() => run({ action })}
      />
    );
  }
  if (!action) return null;
  const titleKey = `desk.${textKey(action)}.title`;
  return (
    <Modal open onOpenChange={onOpenChange} title={t(titleKey)} closeLabel={t('desk.actions.close')}>
      <ActionForm
        loan={loan}
        action={action}
        pending={mutation.isPending}
        error={error}
        onCancel={close}
        onSubmit={run}
      />
    </Modal>
  );
}

/** Where an action's dialog texts are in the catalogue (`desk.<key>.title`, `.confirm`). */
const textKey = (action: DeskActionName) =>
  action === 'mark_lost' ? 'markLost' : action === 'change_due_date' ? 'dueDate' : action;

type FormProps = {
  loan: DeskLoanDetail;
  action: Exclude<DeskActionName, 'deliver' | 'send_back'>;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onSubmit: (input: DeskAction) => void;
};

function ActionForm({ loan, action, pending, error, onCancel, onSubmit }: FormProps) {
  const { t } = useTranslation();
  const [copyId, setCopyId] = useState(loan.copy?.id ?? loan.available_copies[0]?.id ?? '');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [condition, setCondition] = useState<'good' | 'damaged'>('good');
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const [override, setOverride] = useState(false);
  const [dueDate, setDueDate] = useState(loan.due_date ? isoDay(loan.due_date) : '');
  const [dueDateError, setDueDateError] = useState<string | undefined>();
  const optional = t('desk.actions.optional');
  const text = (value: string) => value.trim() || undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    switch (action) {
      case 'approve':
        return onSubmit({ action, body: copyId ? { copy_id: copyId } : {} });
      case 'deny':
        if (!reason.trim()) {
          setReasonError(t('validation.required'));
          document.getElementById('deny-reason')?.focus();
          return;
        }
        return onSubmit({ action, body: { reason: reason.trim() } });
      case 'ship':
        return onSubmit({ action, body: { carrier: text(carrier), tracking_number: text(tracking) } });
      case 'receive':
        return onSubmit({ action, body: { condition, note: text(note) } });
      case 'mark_lost':
        return onSubmit({ action, body: { note: text(note) } });
      case 'renew':
        // Past the library's rules only with a note saying why (the server asks the same).
        if (override && !note.trim()) {
          setNoteError(t('validation.required'));
          document.getElementById('renew-note')?.focus();
          return;
        }
        return onSubmit({ action, body: { note: text(note), override: override || undefined } });
      case 'change_due_date': {
        const missingDate = !/^\d{4}-\d{2}-\d{2}$/.test(dueDate);
        setDueDateError(missingDate ? t('validation.required') : undefined);
        setNoteError(note.trim() ? undefined : t('validation.required'));
        if (missingDate || !note.trim()) {
          document.getElementById(missingDate ? 'due-date-date' : 'due-date-note')?.focus();
          return;
        }
        return onSubmit({ action, body: { due_date: dueDate, note: note.trim() } });
      }
    }
  };

  // The held copy first, then every other copy free to take its place.
  const copies = [
    ...(loan.copy ? [loan.copy] : []),
    ...loan.available_copies.filter((copy) => copy.id !== loan.copy?.id),
  ];
  const confirmKey = `desk.${textKey(action)}.confirm`;

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      {action === 'approve' ? (
        <Field
          id="approve-copy"
          label={t('desk.approve.copy')}
          hint={copies.length <= 1 ? t('desk.approve.noCopies') : undefined}
        >
          {(control) => (
            <select
              {...control}
              value={copyId}
              onChange={(event) => setCopyId(event.target.value)}
              className={inputClass(false)}
            >
              {copies.map((copy) => (
                <option key={copy.id} value={copy.id}>
                  {copy.id === loan.copy?.id ? t('desk.approve.held', { barcode: copy.barcode }) : copy.barcode}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      {action === 'deny' ? (
        <Field id="deny-reason" label={t('desk.deny.reason')} error={reasonError}>
          {(control) => (
            <textarea
              {...control}
              value={reason}
              required
              maxLength={LOAN_TEXT_LIMITS.denialReasonMax}
              rows={4}
              dir="auto"
              onChange={(event) => {
                setReason(event.target.value);
                if (event.target.value.trim()) setReasonError(undefined);
              }}
              className={inputClass(Boolean(reasonError), 'py-2')}
            />
          )}
        </Field>
      ) : null}
      {action === 'ship' ? (
        <>
          <Field id="ship-carrier" label={t('desk.ship.carrier')} labelNote={optional}>
            {(control) => (
              <input
                {...control}
                value={carrier}
                maxLength={LOAN_TEXT_LIMITS.carrierMax}
                onChange={(event) => setCarrier(event.target.value)}
                className={inputClass(false)}
              />
            )}
          </Field>
          <Field id="ship-tracking" label={t('desk.ship.tracking')} labelNote={optional}>
            {(control) => (
              <input
                {...control}
                value={tracking}
                dir="ltr"
                maxLength={LOAN_TEXT_LIMITS.trackingMax}
                onChange={(event) => setTracking(event.target.value)}
                className={inputClass(false)}
              />
            )}
          </Field>
        </>
      ) : null}
      {action === 'receive' ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-semibold">{t('desk.receive.condition')}</legend>
          {(['good', 'damaged'] as const).map((value) => (
            <label key={value} className="flex min-h-10 items-center gap-2 text-sm">
              <input
                type="radio"
                name="receive-condition"
                value={value}
                checked={condition === value}
                onChange={() => setCondition(value)}
                className="size-5"
              />
              {t(`desk.receive.conditions.${value}`)}
            </label>
          ))}
        </fieldset>
      ) : null}
      {action === 'mark_lost' ? <p className="text-sm">{t('desk.markLost.description')}</p> : null}
      {action === 'renew' ? <RenewFacts loan={loan} override={override} onOverride={setOverride} /> : null}
      {action === 'change_due_date' ? (
        <>
          <p className="text-sm">{t('desk.dueDate.description')}</p>
          <Field id="due-date-date" label={t('desk.dueDate.date')} error={dueDateError}>
            {(control) => (
              <input
                {...control}
                type="date"
                required
                value={dueDate}
                onChange={(event) => {
                  setDueDate(event.target.value);
                  if (event.target.value) setDueDateError(undefined);
                }}
                className={inputClass(Boolean(dueDateError))}
              />
            )}
          </Field>
        </>
      ) : null}
      {action === 'renew' || action === 'change_due_date' ? (
        <Field
          id={action === 'renew' ? 'renew-note' : 'due-date-note'}
          label={t('desk.renew.note')}
          labelNote={action === 'renew' && !override ? optional : undefined}
          hint={action === 'renew' ? t('desk.renew.noteHint') : t('desk.dueDate.noteHint')}
          error={noteError}
        >
          {(control) => (
            <textarea
              {...control}
              value={note}
              rows={3}
              dir="auto"
              required={action === 'change_due_date' || override}
              maxLength={LOAN_TEXT_LIMITS.noteMax}
              onChange={(event) => {
                setNote(event.target.value);
                if (event.target.value.trim()) setNoteError(undefined);
              }}
              className={inputClass(Boolean(noteError), 'py-2')}
            />
          )}
        </Field>
      ) : null}
      {action === 'receive' || action === 'mark_lost' ? (
        <Field
          id={`${action}-note`}
          label={t(action === 'receive' ? 'desk.receive.note' : 'desk.markLost.note')}
          labelNote={optional}
        >
          {(control) => (
            <textarea
              {...control}
              value={note}
              rows={3}
              dir="auto"
              maxLength={LOAN_TEXT_LIMITS.noteMax}
              onChange={(event) => setNote(event.target.value)}
              className={inputClass(false, 'py-2')}
            />
          )}
        </Field>
      ) : null}
      <div role="alert" className="empty:hidden">
        {error ? <p className="rounded-app bg-danger-soft p-3 text-sm font-medium text-danger">{error}</p> : null}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('desk.actions.cancel')}
        </Button>
        <Button
          type="submit"
          variant={action === 'deny' || action === 'mark_lost' ? 'danger' : 'primary'}
          disabled={pending}
        >
          {t(confirmKey)}
        </Button>
      </div>
    </form>
  );
}

/**
 * What a renewal would do: the date the loan is due now and the one it will get (another loan
 * period from the due date, or from today when it is past), and, when the library's rules would
 * refuse it, why, with the override that renews it all the same.
 */
function RenewFacts({
  loan,
  override,
  onOverride,
}: {
  loan: DeskLoanDetail;
  override: boolean;
  onOverride: (on: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const settings = useLendingSettings();
  const date = (value: string | Date) => formatDate(value, i18n.language);
  const period = settings.data?.loan_period_days;
  const refusal = loan.renew_blocked_by;
  return (
    <>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{t('desk.renew.dueNow')}</dt>
        <dd className="font-medium">{loan.due_date ? date(loan.due_date) : t('desk.notSet')}</dd>
        <dt className="text-muted">{t('desk.renew.dueAfter')}</dt>
        <dd className="font-medium" data-testid="renew-new-due">
          {period ? date(dueDateAfterRenewal(loan.due_date, new Date(), period)) : '…'}
        </dd>
        <dt className="text-muted">{t('desk.detail.renewals')}</dt>
        <dd className="font-medium">
          {t('desk.detail.renewalsOf', {
            count: formatNumber(loan.renewal_count, i18n.language),
            max: formatNumber(loan.renewals_max, i18n.language),
          })}
        </dd>
      </dl>
      {refusal ? (
        <Alert title={t('desk.renew.refused')}>
          <p data-testid="renew-refusal">{t(`desk.renew.reasons.${refusal}`)}</p>
          <label className="mt-3 flex min-h-10 items-center gap-2 font-medium">
            <input
              type="checkbox"
              className="size-5 shrink-0"
              checked={override}
              onChange={(event) => onOverride(event.target.checked)}
            />
            {t('desk.renew.override')}
          </label>
        </Alert>
      ) : null}
    </>
  );
}
