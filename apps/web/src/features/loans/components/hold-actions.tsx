import type { Hold } from '@maktaba/shared/schemas/loans';
import { CircleCheck, LogOut, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatNumber } from '../../../lib/format';
import { useConfirmOffer, useLeaveHold } from '../api/holds';
import { loanErrorText } from '../lib/loan-error';

/** "Yes, send it to me": confirms a copy offered from the waiting list (the loan it made). */
export function ConfirmOfferButton({ loanId, title }: { loanId: string; title: string }) {
  const { t, i18n } = useTranslation();
  const mutation = useConfirmOffer();
  // Told through the promise, not mutate's callbacks: those are dropped once this button is gone,
  // and the answer itself (a loan instead of an offer) replaces it.
  const confirm = () =>
    mutation.mutateAsync(loanId).then(
      () => toast.success(t('loans.toast.confirm')),
      (failure: unknown) => toast.error(loanErrorText(t, failure, i18n.language)),
    );
  return (
    <Button
      onClick={confirm}
      disabled={mutation.isPending}
      aria-busy={mutation.isPending || undefined}
      aria-label={t('loans.hold.confirmFor', { title })}
      data-testid="hold-confirm"
    >
      <CircleCheck aria-hidden className="size-4" />
      {t('loans.hold.confirm')}
    </Button>
  );
}

/**
 * Leaves a waiting list after a confirmation. For a hold whose copy is offered, the same call
 * declines the copy: "No, give it to the next reader".
 */
export function LeaveHoldButton({
  holdId,
  title,
  offered,
  short = false,
}: {
  holdId: string;
  title: string;
  offered: boolean;
  /** "Leave" rather than "Leave the waiting list", in a list where the section says which. */
  short?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const mutation = useLeaveHold();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const leave = () => {
    setError(null);
    // The promise rather than mutate's callbacks, which are dropped once the list no longer holds
    // this hold: the reader is told either way.
    mutation.mutateAsync(holdId).then(
      () => {
        setOpen(false);
        toast.success(t(offered ? 'loans.hold.declined' : 'loans.hold.left'));
      },
      (failure: unknown) => setError(loanErrorText(t, failure, i18n.language)),
    );
  };
  const toggle = (isOpen: boolean) => {
    setError(null);
    setOpen(isOpen);
  };
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => toggle(true)}
        aria-label={t(offered ? 'loans.hold.declineFor' : 'loans.hold.leaveFor', { title })}
        data-testid={offered ? 'hold-decline' : 'hold-leave'}
      >
        {offered ? <X aria-hidden className="size-4" /> : <LogOut aria-hidden className="flip-rtl size-4" />}
        {offered ? t('loans.hold.decline') : short ? t('loans.hold.leaveShort') : t('loans.hold.leave')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={toggle}
        title={t(offered ? 'loans.hold.declineTitle' : 'loans.hold.leaveTitle')}
        description={t(offered ? 'loans.hold.declineDescription' : 'loans.hold.leaveDescription', { title })}
        confirmLabel={t(offered ? 'loans.hold.declineConfirm' : 'loans.hold.leaveConfirm')}
        cancelLabel={t(offered ? 'loans.hold.declineKeep' : 'loans.hold.leaveKeep')}
        isPending={mutation.isPending}
        error={error}
        onConfirm={leave}
      />
    </>
  );
}

/** The wait a hold may have: "about D days", an estimate from the loans' due dates, or none known. */
export function HoldEstimate({ hold }: { hold: Pick<Hold, 'estimated_days'> }) {
  const { t, i18n } = useTranslation();
  const days = hold.estimated_days;
  return (
    <p className="text-sm text-muted" data-testid="hold-estimate">
      {days === null
        ? t('loans.hold.noEstimate')
        : t('loans.hold.estimate', { count: days, formatted: formatNumber(days, i18n.language) })}
    </p>
  );
}
