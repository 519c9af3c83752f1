import type { BorrowContext } from '@maktaba/shared/schemas/loans';
import { ListPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { formatDate, formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useJoinHold } from '../api/holds';
import { loanErrorText } from '../lib/loan-error';
import { ConfirmOfferButton, HoldEstimate, LeaveHoldButton } from './hold-actions';

/**
 * The book page when every copy is out (ADR 0016): how many readers wait and "Join the waiting
 * list"; once in line, the reader's place, the estimated wait and "Leave the waiting list"; a copy
 * offered to them, the date to confirm by. When joining would be refused, the reason instead.
 */
export function WaitingList({ bookId, title, context }: { bookId: string; title: string; context: BorrowContext }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const join = useJoinHold();
  const { hold } = context;
  const number = (value: number) => formatNumber(value, language);

  if (hold?.status === 'offered' && hold.loan_id) {
    return (
      <section
        className="flex w-full flex-col gap-3 rounded-app border border-border bg-surface p-4"
        data-testid="book-hold"
      >
        <p className="font-semibold" data-testid="hold-offered">
          {t('loans.hold.offered', { date: hold.confirm_by ? formatDate(hold.confirm_by, language) : '' })}
        </p>
        <div className="flex flex-wrap gap-2">
          <ConfirmOfferButton loanId={hold.loan_id} title={title} />
          <LeaveHoldButton holdId={hold.id} title={title} offered />
        </div>
      </section>
    );
  }
  if (hold) {
    return (
      <section
        className="flex w-full flex-col gap-2 rounded-app border border-border bg-surface p-4"
        data-testid="book-hold"
      >
        <p className="font-semibold" data-testid="hold-position">
          {t('loans.hold.position', { position: number(hold.position ?? 1) })}
        </p>
        <HoldEstimate hold={hold} />
        <div className="flex flex-wrap gap-2">
          <LeaveHoldButton holdId={hold.id} title={title} offered={false} />
        </div>
      </section>
    );
  }

  const waiting = (
    <div className="flex flex-col gap-0.5 text-sm">
      <p className="font-semibold text-muted">{t('loans.borrow.noCopies')}</p>
      <p className="text-muted" data-testid="hold-waiting">
        {t('loans.hold.waiting', { count: context.waiting, formatted: number(context.waiting) })}
      </p>
    </div>
  );
  if (context.hold_blocked_by) {
    return (
      <div className="flex w-full flex-col gap-1" data-testid="borrow-unavailable">
        {waiting}
        <p className="text-sm font-semibold" data-testid="hold-blocked">
          {t(`errors.codes.${context.hold_blocked_by}`, { limit: number(context.holds_per_reader) })}
        </p>
      </div>
    );
  }
  // Told through the promise, not mutate's callbacks: those are dropped once the Join button is
  // gone, and the answer (the reader's place, or why not) replaces it.
  const onJoin = () =>
    join.mutateAsync({ bookId, locale: language }).then(
      (joined) => toast.success(t('loans.hold.joined', { position: number(joined.position ?? joined.queue_length) })),
      (failure: unknown) => toast.error(loanErrorText(t, failure, language, context.holds_per_reader)),
    );
  return (
    <div className="flex w-full flex-col items-start gap-2">
      {waiting}
      <Button
        onClick={onJoin}
        disabled={join.isPending}
        aria-busy={join.isPending || undefined}
        aria-label={t('loans.hold.joinFor', { title })}
        data-testid="hold-join"
      >
        <ListPlus aria-hidden className="size-4" />
        {t('loans.hold.join')}
      </Button>
    </div>
  );
}
