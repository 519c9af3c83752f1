import { REPORT_LIMITS } from '@maktaba/shared/schemas/lending-reports';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { inputClass } from '../../../components/ui/form-field';
import { TableFrame } from '../../../components/ui/table-frame';
import { formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { pickLocalized } from '../../../lib/localized-text';
import {
  reportCsvUrl,
  useLoansByCategory,
  useLoansByMonth,
  useMostRequested,
  useOverdueReaders,
  useWaitingLists,
} from '../api/reports';
import { defaultPeriod, formatDay, formatMonth } from '../lib/report-format';
import { numClass, numThClass, ReportControl, ReportSection, tdClass, thClass } from './report-section';

const MONTH_CHOICES = [3, 6, 12, 24, 36];
const LIMIT_CHOICES = [10, 20, 50, 100];

/** A period chosen with two date fields. */
function PeriodControls({
  idPrefix,
  period,
  onChange,
}: {
  idPrefix: string;
  period: { from: string; to: string };
  onChange: (period: { from: string; to: string }) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ReportControl id={`${idPrefix}-from`} label={t('lendingReports.from')}>
        <input
          id={`${idPrefix}-from`}
          type="date"
          value={period.from}
          max={period.to}
          required
          onChange={(event) => event.target.value && onChange({ ...period, from: event.target.value })}
          className={inputClass(false, 'w-44')}
        />
      </ReportControl>
      <ReportControl id={`${idPrefix}-to`} label={t('lendingReports.to')}>
        <input
          id={`${idPrefix}-to`}
          type="date"
          value={period.to}
          min={period.from}
          required
          onChange={(event) => event.target.value && onChange({ ...period, to: event.target.value })}
          className={inputClass(false, 'w-44')}
        />
      </ReportControl>
    </>
  );
}

/** /library/reports: the librarians' lending reports, each with its table and CSV file. */
export function LendingReportsPage() {
  const { t, i18n } = useTranslation();
  const language = usePageLanguage();
  const number = (value: number) => formatNumber(value, i18n.language);
  const Back = i18n.dir() === 'rtl' ? ArrowRight : ArrowLeft;

  const [months, setMonths] = useState<number>(REPORT_LIMITS.monthsDefault);
  const [categoryPeriod, setCategoryPeriod] = useState(defaultPeriod);
  const [requestedPeriod, setRequestedPeriod] = useState(defaultPeriod);
  const [limit, setLimit] = useState<number>(REPORT_LIMITS.limitDefault);

  const byMonth = useLoansByMonth({ months });
  const byCategory = useLoansByCategory(categoryPeriod);
  const mostRequested = useMostRequested({ ...requestedPeriod, limit });
  const overdue = useOverdueReaders();
  const [waitingLimit, setWaitingLimit] = useState<number>(REPORT_LIMITS.limitDefault);
  const waiting = useWaitingLists({ limit: waitingLimit });

  const localized = (en: string | null | undefined, ar: string | null | undefined) => {
    const text = pickLocalized(en, ar, language);
    return text ? (
      <bdi lang={text.lang} dir="auto">
        {text.text}
      </bdi>
    ) : (
      t('lendingReports.unknownTitle')
    );
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:py-10">
      <div>
        <Link
          to="/library"
          className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-primary underline-offset-2 hover:underline"
        >
          <Back aria-hidden className="size-4" />
          {t('lendingReports.backToDesk')}
        </Link>
        <h1 className="mt-2 font-display text-3xl font-bold">{t('lendingReports.title')}</h1>
        <p className="mt-1 text-muted">{t('lendingReports.description')}</p>
      </div>

      <ReportSection
        name="loans-by-month"
        title={t('lendingReports.byMonth.title')}
        description={t('lendingReports.byMonth.description')}
        csvUrl={reportCsvUrl('loans-by-month', { months })}
        query={byMonth}
        isEmpty={(data) => data.items.every((row) => row.requests + row.shipped + row.returned === 0)}
        emptyText={t('lendingReports.byMonth.empty')}
        controls={
          <ReportControl id="report-months" label={t('lendingReports.months')}>
            <select
              id="report-months"
              value={months}
              onChange={(event) => setMonths(Number(event.target.value))}
              className={inputClass(false, 'w-32')}
            >
              {MONTH_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {number(choice)}
                </option>
              ))}
            </select>
          </ReportControl>
        }
      >
        {(data) => (
          <TableFrame>
            <table className="w-full text-sm">
              <caption className="sr-only">{t('lendingReports.byMonth.caption')}</caption>
              <thead className="bg-surface-2">
                <tr>
                  <th scope="col" className={thClass}>
                    {t('lendingReports.byMonth.month')}
                  </th>
                  <th scope="col" className={numThClass}>
                    {t('lendingReports.byMonth.requests')}
                  </th>
                  <th scope="col" className={numThClass}>
                    {t('lendingReports.byMonth.shipped')}
                  </th>
                  <th scope="col" className={numThClass}>
                    {t('lendingReports.byMonth.returned')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((row) => (
                  <tr key={row.month} className="border-t border-border" data-testid="month-row" data-month={row.month}>
                    <th scope="row" className={`${tdClass} text-start font-medium whitespace-nowrap`}>
                      {formatMonth(row.month, i18n.language)}
                    </th>
                    <td className={numClass}>{number(row.requests)}</td>
                    <td className={numClass}>{number(row.shipped)}</td>
                    <td className={numClass}>{number(row.returned)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        )}
      </ReportSection>

      <ReportSection
        name="loans-by-category"
        title={t('lendingReports.byCategory.title')}
        description={t('lendingReports.byCategory.description')}
        csvUrl={reportCsvUrl('loans-by-category', categoryPeriod)}
        query={byCategory}
        isEmpty={(data) => data.items.length === 0}
        emptyText={t('lendingReports.byCategory.empty')}
        controls={<PeriodControls idPrefix="category" period={categoryPeriod} onChange={setCategoryPeriod} />}
      >
        {(data) => (
          <TableFrame>
            <table className="w-full text-sm">
              <caption className="sr-only">{t('lendingReports.byCategory.caption')}</caption>
              <thead className="bg-surface-2">
                <tr>
                  <th scope="col" className={thClass}>
                    {t('lendingReports.byCategory.category')}
                  </th>
                  <th scope="col" className={numThClass}>
                    {t('lendingReports.byCategory.shipped')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((row) => (
                  <tr key={row.category_id} className="border-t border-border" data-testid="category-row">
                    <th scope="row" className={`${tdClass} text-start font-medium`}>
                      {localized(row.name, row.name_ar)}
                    </th>
                    <td className={numClass}>{number(row.shipped)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        )}
      </ReportSection>

      <ReportSection
        name="most-requested"
        title={t('lendingReports.mostRequested.title')}
        description={t('lendingReports.mostRequested.description')}
        csvUrl={reportCsvUrl('most-requested', { ...requestedPeriod, limit })}
        query={mostRequested}
        isEmpty={(data) => data.items.length === 0}
        emptyText={t('lendingReports.mostRequested.empty')}
        controls={
          <>
            <PeriodControls idPrefix="requested" period={requestedPeriod} onChange={setRequestedPeriod} />
            <ReportControl id="report-limit" label={t('lendingReports.limit')}>
              <select
                id="report-limit"
                value={limit}
                onChange={(event) => setLimit(Number(event.target.value))}
                className={inputClass(false, 'w-32')}
              >
                {LIMIT_CHOICES.map((choice) => (
                  <option key={choice} value={choice}>
                    {number(choice)}
                  </option>
                ))}
              </select>
            </ReportControl>
          </>
        }
      >
        {(data) => (
          <TableFrame>
            <table className="w-full text-sm">
              <caption className="sr-only">{t('lendingReports.mostRequested.caption')}</caption>
              <thead className="bg-surface-2">
                <tr>
                  <th scope="col" className={thClass}>
                    {t('lendingReports.mostRequested.book')}
                  </th>
                  <th scope="col" className={thClass}>
                    {t('lendingReports.mostRequested.author')}
                  </th>
                  <th scope="col" className={numThClass}>
                    {t('lendingReports.mostRequested.requests')}
                  </th>
                  <th scope="col" className={numThClass}>
                    {t('lendingReports.mostRequested.shipped')}
                  </th>
                  <th scope="col" className={numThClass}>
                    {t('lendingReports.mostRequested.copies')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((row) => (
                  <tr
                    key={row.book_id}
                    className="border-t border-border"
                    data-testid="requested-row"
                    data-book-id={row.book_id}
                  >
                    <th scope="row" className={`${tdClass} min-w-48 text-start font-medium`}>
                      <Link
                        to={`/book/${row.book_id}`}
                        className="text-primary underline-offset-2 hover:underline"
                        data-testid="requested-title"
                      >
                        {localized(row.title, row.title_ar)}
                      </Link>
                    </th>
                    <td className={`${tdClass} min-w-40`}>
                      <bdi dir="auto">
                        {new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
                          row.authors.flatMap(
                            (author) => pickLocalized(author.name, author.name_ar, language)?.text ?? [],
                          ),
                        )}
                      </bdi>
                    </td>
                    <td className={numClass}>{number(row.requests)}</td>
                    <td className={numClass}>{number(row.shipped)}</td>
                    <td className={numClass}>
                      {t('lendingReports.mostRequested.copiesValue', {
                        available: number(row.copies_available),
                        total: number(row.copies_total),
                      })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        )}
      </ReportSection>

      <ReportSection
        name="overdue-readers"
        title={t('lendingReports.overdue.title')}
        description={t('lendingReports.overdue.description')}
        csvUrl={reportCsvUrl('overdue-readers', {})}
        query={overdue}
        isEmpty={(data) => data.items.length === 0}
        emptyText={t('lendingReports.overdue.empty')}
      >
        {(data) => (
          <TableFrame>
            <table className="w-full text-sm">
              <caption className="sr-only">{t('lendingReports.overdue.caption')}</caption>
              <thead className="bg-surface-2">
                <tr>
                  <th scope="col" className={thClass}>
                    {t('lendingReports.overdue.reader')}
                  </th>
                  <th scope="col" className={thClass}>
                    {t('lendingReports.overdue.contact')}
                  </th>
                  <th scope="col" className={numThClass}>
                    {t('lendingReports.overdue.loans')}
                  </th>
                  <th scope="col" className={thClass}>
                    {t('lendingReports.overdue.oldestDue')}
                  </th>
                  <th scope="col" className={numThClass}>
                    {t('lendingReports.overdue.days')}
                  </th>
                  <th scope="col" className={thClass}>
                    {t('lendingReports.overdue.books')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((row) => {
                  const name = row.name || row.email;
                  return (
                    <tr key={row.user_id} className="border-t border-border" data-testid="overdue-row">
                      <th scope="row" className={`${tdClass} min-w-40 text-start font-medium`}>
                        <Link
                          to={`/library?queue=overdue&user_id=${encodeURIComponent(row.user_id)}`}
                          className="text-primary underline-offset-2 hover:underline"
                          aria-label={t('lendingReports.overdue.openInDesk', { name })}
                        >
                          <bdi dir="auto">{row.name || t('lendingReports.overdue.noName')}</bdi>
                        </Link>
                      </th>
                      <td className={`${tdClass} min-w-48`}>
                        <span className="flex flex-col">
                          <bdi dir="ltr" className="whitespace-nowrap">
                            {row.email}
                          </bdi>
                          {row.phone_number ? (
                            <bdi dir="ltr" className="text-muted">
                              {row.phone_number}
                            </bdi>
                          ) : null}
                        </span>
                      </td>
                      <td className={numClass}>{number(row.overdue_loans)}</td>
                      <td className={`${tdClass} whitespace-nowrap`}>
                        {formatDay(row.oldest_due_date, i18n.language)}
                      </td>
                      <td className={`${numClass} font-semibold text-danger`}>{number(row.days_overdue)}</td>
                      <td className={`${tdClass} min-w-48`}>
                        <ul className="flex flex-col gap-1">
                          {row.books.map((book) => (
                            <li key={book.loan_id}>{localized(book.title, book.title_ar)}</li>
                          ))}
                        </ul>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableFrame>
        )}
      </ReportSection>

      <ReportSection
        name="waiting-lists"
        title={t('lendingReports.waiting.title')}
        description={t('lendingReports.waiting.description')}
        csvUrl={reportCsvUrl('waiting-lists', { limit: waitingLimit })}
        query={waiting}
        isEmpty={(data) => data.items.length === 0}
        emptyText={t('lendingReports.waiting.empty')}
        controls={
          <ReportControl id="waiting-limit" label={t('lendingReports.limit')}>
            <select
              id="waiting-limit"
              value={waitingLimit}
              onChange={(event) => setWaitingLimit(Number(event.target.value))}
              className={inputClass(false, 'w-32')}
            >
              {LIMIT_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {number(choice)}
                </option>
              ))}
            </select>
          </ReportControl>
        }
      >
        {(data) => (
          <TableFrame>
            <table className="w-full text-sm">
              <caption className="sr-only">{t('lendingReports.waiting.caption')}</caption>
              <thead className="bg-surface-2">
                <tr>
                  <th scope="col" className={thClass}>
                    {t('lendingReports.waiting.book')}
                  </th>
                  <th scope="col" className={numThClass}>
                    {t('lendingReports.waiting.waiting')}
                  </th>
                  <th scope="col" className={numThClass}>
                    {t('lendingReports.waiting.copies')}
                  </th>
                  <th scope="col" className={numThClass}>
                    {t('lendingReports.waiting.perCopy')}
                  </th>
                  <th scope="col" className={thClass}>
                    {t('lendingReports.waiting.oldest')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((row) => (
                  <tr key={row.book_id} className="border-t border-border" data-testid="waiting-row">
                    <th scope="row" className={`${tdClass} min-w-48 text-start font-medium`}>
                      <Link
                        to={`/library/books/${row.book_id}/holds`}
                        className="text-primary underline-offset-2 hover:underline"
                      >
                        {localized(row.title, row.title_ar)}
                      </Link>
                    </th>
                    <td className={`${numClass} font-semibold`}>{number(row.waiting)}</td>
                    <td className={numClass}>{number(row.copies_total)}</td>
                    <td className={numClass}>
                      {new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(row.waiting_per_copy)}
                    </td>
                    <td className={`${tdClass} whitespace-nowrap`}>{formatDay(row.oldest_hold_at, i18n.language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        )}
      </ReportSection>
    </div>
  );
}
