import type { Loan } from '@maktaba/shared/schemas/loans';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../../lib/format';
import { awaitsConfirmation, closedAt, dueText, showsDueDate } from '../lib/loan-view';

/**
 * What a reader wants to know about a loan, as a list of terms: when they asked, when it was
 * posted and how to follow the parcel, by when to confirm a copy offered from the waiting list, how many renewals it had, when it is due and how many days
 * are left, why a request
 * was denied, when a loan ended.
 */
export function LoanFacts({ loan, now = new Date() }: { loan: Loan; now?: Date }) {
  const { t, i18n } = useTranslation();
  const date = (value: string) => formatDate(value, i18n.language);
  const rows: { term: string; value: string; testId: string; ltr?: boolean }[] = [];
  rows.push({ term: t('loans.facts.requested'), value: date(loan.requested_at), testId: 'loan-requested' });
  if (awaitsConfirmation(loan))
    rows.push({ term: t('loans.facts.confirmBy'), value: date(loan.confirm_by), testId: 'loan-confirm-by' });
  if (loan.confirmed_at)
    rows.push({ term: t('loans.facts.confirmed'), value: date(loan.confirmed_at), testId: 'loan-confirmed' });
  if (loan.shipped_at)
    rows.push({ term: t('loans.facts.shipped'), value: date(loan.shipped_at), testId: 'loan-shipped' });
  if (loan.shipped_at && loan.carrier)
    rows.push({ term: t('loans.facts.carrier'), value: loan.carrier, testId: 'loan-carrier' });
  if (loan.shipped_at && loan.tracking_number)
    rows.push({ term: t('loans.facts.tracking'), value: loan.tracking_number, testId: 'loan-tracking', ltr: true });
  if (loan.delivered_at)
    rows.push({ term: t('loans.facts.delivered'), value: date(loan.delivered_at), testId: 'loan-delivered' });
  if (loan.return_shipped_at) {
    rows.push({ term: t('loans.facts.sentBack'), value: date(loan.return_shipped_at), testId: 'loan-sent-back' });
    if (loan.return_tracking_number)
      rows.push({
        term: t('loans.facts.returnTracking'),
        value: [loan.return_carrier, loan.return_tracking_number].filter(Boolean).join(' · '),
        testId: 'loan-return-tracking',
        ltr: true,
      });
  }
  if (loan.delivered_at)
    rows.push({
      term: t('loans.facts.renewals'),
      value: t('loans.facts.renewalsOf', {
        count: formatNumber(loan.renewal_count, i18n.language),
        max: formatNumber(loan.renewals_max, i18n.language),
      }),
      testId: 'loan-renewals',
    });
  const ended = closedAt(loan);
  if (ended) rows.push({ term: t(`loans.facts.closed.${loan.status}`), value: date(ended), testId: 'loan-closed' });
  const due = showsDueDate(loan) ? loan.due_date : null;
  const left = due ? dueText(due, now) : null;
  return (
    <div className="flex flex-col gap-2">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {rows.map((row) => (
          <div key={row.testId} className="contents" data-testid={row.testId}>
            <dt className="text-muted">{row.term}</dt>
            <dd className="min-w-0 break-words">
              {row.ltr ? <bdi dir="ltr">{row.value}</bdi> : <span dir="auto">{row.value}</span>}
            </dd>
          </div>
        ))}
        {due && left ? (
          <div className="contents" data-testid="loan-due">
            <dt className="text-muted">{t('loans.facts.due')}</dt>
            <dd className="min-w-0">
              {date(due)}{' '}
              <span
                className={left.key === 'loans.due.overdueBy' ? 'font-semibold text-danger' : 'font-semibold'}
                data-testid="loan-days-left"
              >
                ({t(left.key, { count: left.count, formatted: formatNumber(left.count, i18n.language) })})
              </span>
            </dd>
          </div>
        ) : null}
      </dl>
      {loan.status === 'denied' && loan.denial_reason ? (
        <p className="rounded-app bg-surface-2 p-3 text-sm" data-testid="loan-denial-reason">
          <span className="font-semibold">{t('loans.facts.denialReason')}</span>{' '}
          <span dir="auto">{loan.denial_reason}</span>
        </p>
      ) : null}
    </div>
  );
}
