import type { Loan } from '@maktaba/shared/schemas/loans';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { awaitsConfirmation } from '../lib/loan-view';
import { LoanActions } from './loan-actions';
import { LoanFacts } from './loan-facts';
import { LoanStatusBadge } from './loan-status-badge';

/** The reader's request or loan of the book on its page: where it stands, its dates and what they can do. */
export function LoanSummary({ loan, title }: { loan: Loan; title: string }) {
  const { t, i18n } = useTranslation();
  return (
    <section
      aria-labelledby="book-loan-state"
      className="flex w-full flex-col gap-3 rounded-app border border-border bg-surface p-4"
      data-testid="book-loan"
    >
      <div className="flex flex-wrap items-center gap-2">
        <LoanStatusBadge status={loan.status} overdue={loan.overdue} />
        <h2 id="book-loan-state" className="font-semibold" data-testid="book-loan-state">
          {awaitsConfirmation(loan)
            ? t('loans.hold.offered', { date: formatDate(loan.confirm_by, i18n.language) })
            : t(`loans.state.${loan.status}`)}
        </h2>
      </div>
      <LoanFacts loan={loan} />
      <LoanActions loan={loan} title={title} />
    </section>
  );
}
