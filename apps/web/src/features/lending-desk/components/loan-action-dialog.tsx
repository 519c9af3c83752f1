import type { DeskLoanDetail } from '@maktaba/shared/schemas/loans';
import { LOAN_TEXT_LIMITS } from '@maktaba/shared/schemas/loans';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, inputClass } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { apiErrorKey } from '../../../lib/api-error-text';
import { type DeskAction, useDeskAction } from '../api/desk';
import type { DeskActionName } from '../lib/loan-text';

type Props = {
  loan: DeskLoanDetail;
  action: DeskActionName | null;
  onClose: () => void;
};

/** The dialog of one desk action: a form where the action takes details, a confirmation where it does not. */
export function LoanActionDialog({ loan, action, onClose }: Props) {
  const { t } = useTranslation();
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
      onSuccess: () => {
        toast.success(t(`desk.toasts.${input.action}`));
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
  const titleKey = action === 'mark_lost' ? 'desk.markLost.title' : `desk.${action}.title`;
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
    }
  };

  // The held copy first, then every other copy free to take its place.
  const copies = [
    ...(loan.copy ? [loan.copy] : []),
    ...loan.available_copies.filter((copy) => copy.id !== loan.copy?.id),
  ];
  const confirmKey = action === 'mark_lost' ? 'desk.markLost.confirm' : `desk.${action}.confirm`;

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
