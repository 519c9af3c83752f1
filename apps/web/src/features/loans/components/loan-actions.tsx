import type { Loan } from '@maktaba/shared/schemas/loans';
import { LOAN_TEXT_LIMITS } from '@maktaba/shared/schemas/loans';
import { PackageCheck, RefreshCw, Send, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, inputClass } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { formatDate } from '../../../lib/format';
import { type ReaderAction, useLoanAction } from '../api/loan-actions';
import { loanErrorText } from '../lib/loan-error';
import { awaitsConfirmation, readerActions, renewRefusal } from '../lib/loan-view';
import { ConfirmOfferButton } from './hold-actions';

/**
 * The reader's buttons for one loan, as the server's `actions` allow: "I received it" while it is
 * on its way, "I've sent it back" (carrier and tracking, both optional) while on loan, and
 * "Cancel request" (after a confirmation) while the library has not answered yet. "Renew" asks for
 * another loan period; when the library's rules would refuse it, a line says why instead. A copy
 * offered from the waiting list is confirmed here too ("Yes, send it to me").
 */
export function LoanActions({ loan, title }: { loan: Loan; title: string }) {
  const { t, i18n } = useTranslation();
  const mutation = useLoanAction();
  const [open, setOpen] = useState<'cancel' | 'send_back' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const actions = readerActions(loan);
  const refusal = renewRefusal(loan);
  const offered = awaitsConfirmation(loan);
  if (actions.length === 0 && !refusal && !offered) return null;

  // Told through the promise, not mutate's callbacks: those are dropped once these buttons are gone,
  // and the answer may take them away (a cancelled request leaves the book page's loan summary).
  const run = (action: ReaderAction, body?: { carrier?: string; tracking_number?: string }) => {
    setError(null);
    mutation.mutateAsync({ id: loan.id, action, body }).then(
      (updated) => {
        setOpen(null);
        if (action === 'renew' && updated.due_date)
          toast.success(t('loans.toast.renew', { date: formatDate(updated.due_date, i18n.language) }));
        else toast.success(t(`loans.toast.${action}`));
      },
      (failure: unknown) => {
        const text = loanErrorText(t, failure, i18n.language);
        if (action === 'deliver' || action === 'renew') toast.error(text);
        else setError(text);
      },
    );
  };
  const openDialog = (which: 'cancel' | 'send_back' | null) => {
    setError(null);
    setOpen(which);
  };

  return (
    <div className="flex flex-wrap gap-2">
      {refusal ? (
        <p className="w-full text-sm text-muted" data-testid="loan-renew-blocked">
          {t(`errors.codes.${refusal}`)}
        </p>
      ) : null}
      {offered ? <ConfirmOfferButton loanId={loan.id} title={title} /> : null}
      {actions.includes('deliver') ? (
        <Button
          onClick={() => run('deliver')}
          disabled={mutation.isPending}
          aria-busy={mutation.isPending || undefined}
          aria-label={t('loans.actions.deliverFor', { title })}
          data-testid="loan-deliver"
        >
          <PackageCheck aria-hidden className="size-4" />
          {t('loans.actions.deliver')}
        </Button>
      ) : null}
      {actions.includes('renew') ? (
        <Button
          onClick={() => run('renew')}
          disabled={mutation.isPending}
          aria-busy={mutation.isPending || undefined}
          aria-label={t('loans.actions.renewFor', { title })}
          data-testid="loan-renew"
        >
          <RefreshCw aria-hidden className="size-4" />
          {t('loans.actions.renew')}
        </Button>
      ) : null}
      {actions.includes('send_back') ? (
        <Button
          variant="secondary"
          onClick={() => openDialog('send_back')}
          aria-label={t('loans.actions.sendBackFor', { title })}
          data-testid="loan-send-back"
        >
          <Send aria-hidden className="flip-rtl size-4" />
          {t('loans.actions.sendBack')}
        </Button>
      ) : null}
      {actions.includes('cancel') ? (
        <Button
          variant="secondary"
          onClick={() => openDialog('cancel')}
          aria-label={t('loans.actions.cancelFor', { title })}
          data-testid="loan-cancel"
        >
          <X aria-hidden className="size-4" />
          {t('loans.actions.cancel')}
        </Button>
      ) : null}
      <ConfirmDialog
        open={open === 'cancel'}
        onOpenChange={(isOpen) => openDialog(isOpen ? 'cancel' : null)}
        title={t('loans.cancel.title')}
        description={t('loans.cancel.description', { title })}
        confirmLabel={t('loans.cancel.confirm')}
        cancelLabel={t('loans.cancel.keep')}
        isPending={mutation.isPending}
        error={error}
        onConfirm={() => run('cancel')}
      />
      <SendBackDialog
        open={open === 'send_back'}
        onOpenChange={(isOpen) => openDialog(isOpen ? 'send_back' : null)}
        isPending={mutation.isPending}
        error={error}
        onSubmit={(body) => run('send_back', body)}
      />
    </div>
  );
}

function SendBackDialog({
  open,
  onOpenChange,
  isPending,
  error,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isPending: boolean;
  error: string | null;
  onSubmit: (body: { carrier?: string; tracking_number?: string }) => void;
}) {
  const { t } = useTranslation();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onSubmit({
      carrier: String(data.get('carrier') ?? ''),
      tracking_number: String(data.get('tracking_number') ?? ''),
    });
  };
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('loans.sendBack.title')} closeLabel={t('common.close')}>
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <p className="text-sm">{t('loans.sendBack.description')}</p>
        <Field id="send-back-carrier" label={t('loans.sendBack.carrier')} labelNote={t('loans.sendBack.optional')}>
          {(control) => (
            <input
              {...control}
              name="carrier"
              autoComplete="off"
              maxLength={LOAN_TEXT_LIMITS.carrierMax}
              className={inputClass(false)}
            />
          )}
        </Field>
        <Field id="send-back-tracking" label={t('loans.sendBack.tracking')} labelNote={t('loans.sendBack.optional')}>
          {(control) => (
            <input
              {...control}
              name="tracking_number"
              dir="ltr"
              autoComplete="off"
              maxLength={LOAN_TEXT_LIMITS.trackingMax}
              className={inputClass(false)}
            />
          )}
        </Field>
        <div role="alert" className="empty:hidden">
          {error ? <p className="rounded-app bg-danger-soft p-3 text-sm font-medium text-danger">{error}</p> : null}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('loans.sendBack.cancel')}
          </Button>
          <Button type="submit" disabled={isPending} aria-busy={isPending || undefined}>
            {t('loans.sendBack.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
