import { daysLeft } from '@maktaba/shared/lending';
import type { DeskLoan } from '@maktaba/shared/schemas/loans';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TableFrame } from '../../../components/ui/table-frame';
import { formatDate, formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import type { DeskFilter } from '../api/desk';
import { bookTitle, destinationOf, isAwaitingConfirmation } from '../lib/loan-text';
import { LoanStatusBadge } from './loan-status-badge';

type Sort = DeskFilter['sort'];
const SORTABLE: Sort[] = ['patron', 'book', 'requested_at', 'due_date', 'updated_at'];
type Column = 'patron' | 'book' | 'barcode' | 'status' | 'destination' | 'requested_at' | 'due_date' | 'updated_at';
const COLUMNS: Column[] = [
  'book',
  'patron',
  'barcode',
  'status',
  'destination',
  'requested_at',
  'due_date',
  'updated_at',
];

type DeskListProps = {
  loans: DeskLoan[];
  sort: Sort;
  order: 'asc' | 'desc';
  onSort: (sort: Sort, order: 'asc' | 'desc') => void;
  /** Present in the queues with a bulk action: the chosen loans and how to change them. */
  selection?: { ids: Set<string>; toggle: (id: string) => void; setAll: (on: boolean) => void };
};

/** A queue's loans: a table with sortable headers from the md width, cards with an order menu below it. */
export function DeskList({ loans, sort, order, onSort, selection }: DeskListProps) {
  const { t, i18n } = useTranslation();
  const language = usePageLanguage();
  const date = (value: string | null) => (value ? formatDate(value, i18n.language) : t('desk.notSet'));
  const titleOf = (loan: DeskLoan) => bookTitle(loan, language);
  const patronOf = (loan: DeskLoan) => loan.patron.name || loan.patron.email;

  const cell = (loan: DeskLoan, column: Column) => {
    switch (column) {
      case 'book': {
        const title = titleOf(loan);
        return (
          <Link
            to={`/library/loans/${loan.id}`}
            className="font-semibold text-primary underline-offset-2 hover:underline"
            data-testid="loan-link"
          >
            <span lang={title?.lang}>{title?.text ?? t('users.borrowings.unknownTitle')}</span>
          </Link>
        );
      }
      case 'patron':
        return (
          <span className="flex min-w-0 flex-col">
            <bdi className="font-medium">{loan.patron.name || t('desk.noName')}</bdi>
            <bdi dir="ltr" className="break-all text-xs text-muted">
              {loan.patron.email}
            </bdi>
          </span>
        );
      case 'barcode':
        return loan.copy ? (
          <bdi dir="ltr" className="font-mono">
            {loan.copy.barcode}
          </bdi>
        ) : (
          t('desk.notSet')
        );
      case 'status':
        return isAwaitingConfirmation(loan) ? (
          <span className="flex flex-col items-start gap-1">
            <LoanStatusBadge status={loan.status} overdue={loan.overdue} />
            <span
              className="rounded-app bg-warning-soft px-2 py-0.5 text-xs font-semibold whitespace-nowrap"
              data-testid="desk-awaiting"
            >
              {t('desk.holds.awaiting')}
            </span>
          </span>
        ) : (
          <LoanStatusBadge status={loan.status} overdue={loan.overdue} />
        );
      case 'destination':
        return <bdi>{destinationOf(loan.shipping_address)}</bdi>;
      case 'due_date':
        return loan.overdue && loan.due_date ? <OverdueDue loan={loan} due={loan.due_date} /> : date(loan.due_date);
      default:
        return date(loan[column]);
    }
  };

  const allSelected = selection ? loans.length > 0 && loans.every((loan) => selection.ids.has(loan.id)) : false;
  const checkbox = (loan: DeskLoan) =>
    selection ? (
      <input
        type="checkbox"
        className="size-5"
        checked={selection.ids.has(loan.id)}
        onChange={() => selection.toggle(loan.id)}
        aria-label={t('desk.selectLoan', {
          book: titleOf(loan)?.text ?? t('users.borrowings.unknownTitle'),
          patron: patronOf(loan),
        })}
        data-testid="loan-select"
      />
    ) : null;

  return (
    <>
      <TableFrame className="hidden md:block">
        <table className="w-full text-sm" data-testid="desk-table">
          <caption className="sr-only">{t('desk.listLabel')}</caption>
          <thead className="bg-surface-2">
            <tr>
              {selection ? (
                <th scope="col" className="w-10 px-3 py-2 text-start">
                  <input
                    type="checkbox"
                    className="size-5"
                    checked={allSelected}
                    onChange={(event) => selection.setAll(event.target.checked)}
                    aria-label={t('desk.selectAll')}
                  />
                </th>
              ) : null}
              {COLUMNS.map((column) => {
                const sortable = (SORTABLE as string[]).includes(column);
                const current = sort === column;
                const Icon = current ? (order === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
                return (
                  <th
                    key={column}
                    scope="col"
                    aria-sort={current ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
                    className="px-3 py-2 text-start font-semibold whitespace-nowrap"
                  >
                    {sortable ? (
                      <button
                        type="button"
                        onClick={() => onSort(column as Sort, current && order === 'asc' ? 'desc' : 'asc')}
                        className="inline-flex min-h-10 items-center gap-1 rounded-app px-1 hover:bg-surface"
                      >
                        {t(`desk.columns.${column}`)}
                        <Icon aria-hidden className="size-4" />
                      </button>
                    ) : (
                      t(`desk.columns.${column}`)
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {loans.map((loan) => (
              <tr key={loan.id} className="border-t border-border" data-testid="desk-row" data-loan-id={loan.id}>
                {selection ? <td className="px-3 py-2 align-middle">{checkbox(loan)}</td> : null}
                {COLUMNS.map((column) => (
                  <td key={column} className="px-3 py-2 align-middle">
                    {cell(loan, column)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      <div className="flex flex-col gap-3 md:hidden">
        <div className="flex flex-col gap-1">
          <label htmlFor="desk-order" className="text-sm font-semibold">
            {t('desk.sort.label')}
          </label>
          <select
            id="desk-order"
            value={`${sort}:${order}`}
            onChange={(event) => {
              const [column, direction] = event.target.value.split(':') as [Sort, 'asc' | 'desc'];
              onSort(column, direction);
            }}
            className="min-h-11 rounded-app border border-border bg-surface px-3"
          >
            {SORTABLE.flatMap((column) =>
              (['asc', 'desc'] as const).map((direction) => (
                <option key={`${column}:${direction}`} value={`${column}:${direction}`}>
                  {t('desk.sort.option', {
                    column: t(`desk.columns.${column}`),
                    direction: t(`desk.sort.${direction}`),
                  })}
                </option>
              )),
            )}
          </select>
        </div>
        {selection ? (
          <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className="size-5"
              checked={allSelected}
              onChange={(event) => selection.setAll(event.target.checked)}
            />
            {t('desk.selectAll')}
          </label>
        ) : null}
        <ul className="flex flex-col gap-3" aria-label={t('desk.listLabel')}>
          {loans.map((loan) => (
            <li
              key={loan.id}
              className="rounded-app border border-border bg-surface p-4"
              data-testid="desk-card"
              data-loan-id={loan.id}
            >
              <div className="flex items-start gap-3">
                {checkbox(loan)}
                <div className="min-w-0 flex-1 break-words">{cell(loan, 'book')}</div>
              </div>
              <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                {COLUMNS.slice(1).map((column) => (
                  <div key={column} className="contents">
                    <dt className="text-muted">{t(`desk.columns.${column}`)}</dt>
                    <dd className="min-w-0 break-words">{cell(loan, column)}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** An overdue loan's due date, how many days late it is, and the overdue notices sent so far. */
function OverdueDue({ loan, due }: { loan: DeskLoan; due: string }) {
  const { t, i18n } = useTranslation();
  const late = Math.max(1, -daysLeft(new Date(due), new Date(), localTimeZone()));
  return (
    <span className="flex flex-col">
      <span>{formatDate(due, i18n.language)}</span>
      <span className="font-semibold text-danger" data-testid="desk-overdue-days">
        {t('loans.due.overdueBy', { count: late, formatted: formatNumber(late, i18n.language) })}
      </span>
      <span className="text-xs text-muted" data-testid="desk-notices">
        {loan.overdue_notices > 0 && loan.last_notice_at
          ? t('desk.noticesSent', {
              count: loan.overdue_notices,
              formatted: formatNumber(loan.overdue_notices, i18n.language),
              date: formatDate(loan.last_notice_at, i18n.language),
            })
          : t('desk.noNotices')}
      </span>
    </span>
  );
}
