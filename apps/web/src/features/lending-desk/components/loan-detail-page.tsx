import type { DeskLoanDetail } from '@maktaba/shared/schemas/loans';
import { ArrowLeft, Hourglass, ListOrdered, Printer } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { apiErrorKey } from '../../../lib/api-error-text';
import { formatDate, formatDateTime, formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { usePageTitle } from '../../../lib/page-title';
import { useDeskLoan } from '../api/desk';
import {
  addressLines,
  bookAuthor,
  bookTitle,
  type DeskActionName,
  deskActionsOf,
  isAwaitingConfirmation,
  noticeNumber,
} from '../lib/loan-text';
import { LoanActionDialog } from './loan-action-dialog';
import { LoanStatusBadge } from './loan-status-badge';

const DATE_FIELDS = [
  'requested_at',
  'approved_at',
  'denied_at',
  'cancelled_at',
  'shipped_at',
  'delivered_at',
  'due_date',
  'return_shipped_at',
  'returned_at',
  'lost_at',
  'confirm_by',
  'confirmed_at',
] as const;

/** Events without an actor that the library itself did (its scheduled job, or a copy coming free). */
const LIBRARY_EVENTS = new Set(['due_reminder', 'overdue_notice', 'offer', 'expire']);

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-app border border-border bg-surface p-5">
      <h2 id={id} className="font-display text-xl font-bold">
        {title}
      </h2>
      <div className="mt-3 text-sm">{children}</div>
    </section>
  );
}

function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="min-w-0 break-words font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /library/loans/{id}: one loan for the desk, with what can be done to it now. */
export function LoanDetailPage() {
  const { t } = useTranslation();
  const { loanId = '' } = useParams();
  const loan = useDeskLoan(loanId);
  const language = usePageLanguage();
  const title = loan.data ? bookTitle(loan.data, language) : null;
  usePageTitle(title?.text);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-5 px-4 py-8 sm:py-10">
      <Link to="/library" className="inline-flex items-center gap-1 self-start text-sm font-semibold text-primary">
        <ArrowLeft aria-hidden className="flip-rtl size-4" />
        {t('desk.detail.back')}
      </Link>
      {loan.isError ? (
        <Alert
          variant="destructive"
          title={
            loan.error instanceof ApiError && loan.error.code === 'NOT_FOUND'
              ? t('desk.detail.notFound')
              : t('desk.detail.loadError')
          }
          action={
            <Button variant="secondary" onClick={() => void loan.refetch()}>
              {t('desk.retry')}
            </Button>
          }
        >
          {loan.error instanceof ApiError && loan.error.code === 'NOT_FOUND' ? null : t(apiErrorKey(loan.error))}
        </Alert>
      ) : !loan.data ? (
        <div className="flex flex-col gap-3">
          <span className="sr-only" role="status">
            {t('desk.detail.loading')}
          </span>
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : (
        <LoanDetail loan={loan.data} />
      )}
    </div>
  );
}

function LoanDetail({ loan }: { loan: DeskLoanDetail }) {
  const { t, i18n } = useTranslation();
  const language = usePageLanguage();
  const [action, setAction] = useState<DeskActionName | null>(null);
  const title = bookTitle(loan, language);
  const author = bookAuthor(loan, language);
  // A copy offered from the waiting list is not approved or sent until the reader confirms it.
  const awaiting = isAwaitingConfirmation(loan);
  const actions = deskActionsOf(loan).filter((name) => !(awaiting && (name === 'approve' || name === 'ship')));
  const none = t('desk.notSet');
  const ltr = (value: string | null) => (value ? <bdi dir="ltr">{value}</bdi> : none);

  const dates: [string, ReactNode][] = DATE_FIELDS.flatMap((field): [string, ReactNode][] => {
    const value = loan[field];
    return value
      ? [
          [
            t(`desk.detail.fields.${field}`),
            <time key={field} dateTime={value} data-testid={`loan-${field}`}>
              {field === 'due_date' ? formatDate(value, i18n.language) : formatDateTime(value, i18n.language)}
            </time>,
          ],
        ]
      : [];
  });
  const number = (value: number) => formatNumber(value, i18n.language);
  // Renewals once the reader has the book; overdue notices once one has gone.
  const lending: [string, ReactNode][] = [
    ...(loan.delivered_at
      ? [
          [
            t('desk.detail.renewals'),
            <span key="r" data-testid="loan-renewals">
              {t('desk.detail.renewalsOf', { count: number(loan.renewal_count), max: number(loan.renewals_max) })}
            </span>,
          ] as [string, ReactNode],
        ]
      : []),
    ...(loan.overdue_notices > 0
      ? [
          [
            t('desk.detail.notices'),
            <span key="n" data-testid="loan-notices">
              {loan.last_notice_at
                ? t('desk.detail.noticesLast', {
                    count: loan.overdue_notices,
                    formatted: number(loan.overdue_notices),
                    date: formatDateTime(loan.last_notice_at, i18n.language),
                  })
                : number(loan.overdue_notices)}
            </span>,
          ] as [string, ReactNode],
        ]
      : []),
  ];
  const shipping: [string, ReactNode][] = [
    ...(loan.carrier ? [[t('desk.detail.carrier'), <bdi key="c">{loan.carrier}</bdi>] as [string, ReactNode]] : []),
    ...(loan.tracking_number ? [[t('desk.detail.tracking'), ltr(loan.tracking_number)] as [string, ReactNode]] : []),
    ...(loan.return_carrier
      ? [[t('desk.detail.returnCarrier'), <bdi key="rc">{loan.return_carrier}</bdi>] as [string, ReactNode]]
      : []),
    ...(loan.return_tracking_number
      ? [[t('desk.detail.returnTracking'), ltr(loan.return_tracking_number)] as [string, ReactNode]]
      : []),
    ...(loan.return_condition
      ? [
          [t('desk.detail.returnCondition'), t(`desk.receive.conditions.${loan.return_condition}`)] as [
            string,
            ReactNode,
          ],
        ]
      : []),
  ];

  return (
    <>
      <header className="flex flex-col gap-2">
        <p className="text-sm font-semibold text-muted">{t('pages.loan')}</p>
        <h1 className="font-display text-3xl font-bold break-words" lang={title?.lang}>
          {title?.text ?? t('users.borrowings.unknownTitle')}
        </h1>
        <LoanStatusBadge status={loan.status} overdue={loan.overdue} />
      </header>

      <Section id="loan-actions-title" title={t('desk.detail.actions')}>
        <div className="flex flex-wrap gap-2" data-testid="loan-actions">
          {actions.map((name) => (
            <Button
              key={name}
              variant={
                name === 'deny' || name === 'mark_lost'
                  ? 'danger'
                  : name === 'approve' || name === 'ship' || name === 'receive' || name === 'renew'
                    ? 'primary'
                    : 'secondary'
              }
              onClick={() => setAction(name)}
            >
              {t(`desk.actions.${name}`)}
            </Button>
          ))}
          <Link to={`/library/books/${loan.book.id}/holds`} className={buttonClass('secondary')}>
            <ListOrdered aria-hidden className="size-4" />
            {t('desk.holds.link')}
          </Link>
          {loan.copy && (loan.status === 'approved' || loan.status === 'shipped') ? (
            <Link to={`/library/loans/${loan.id}/slip`} className={buttonClass('secondary')}>
              <Printer aria-hidden className="size-4" />
              {t('desk.detail.slip')}
            </Link>
          ) : null}
        </div>
        {awaiting && loan.confirm_by ? (
          <p
            className="mt-3 flex items-start gap-2 rounded-app bg-warning-soft p-3 font-medium"
            data-testid="loan-awaiting-confirmation"
          >
            <Hourglass aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t('desk.holds.awaitingNotice', { date: formatDateTime(loan.confirm_by, i18n.language) })}
          </p>
        ) : null}
        {actions.length === 0 ? <p className="mt-3 text-muted">{t('desk.detail.noActions')}</p> : null}
        {loan.denial_reason ? (
          <div className="mt-3">
            <Rows
              rows={[
                [
                  t('desk.detail.denialReason'),
                  <bdi key="r" data-testid="denial-reason">
                    {loan.denial_reason}
                  </bdi>,
                ],
              ]}
            />
          </div>
        ) : null}
      </Section>

      <div className="grid gap-5 lg:grid-cols-2">
        <Section id="loan-patron-title" title={t('desk.detail.patron')}>
          <Rows
            rows={[
              [t('desk.detail.name'), <bdi key="n">{loan.patron.name || t('desk.noName')}</bdi>],
              [t('desk.detail.email'), ltr(loan.patron.email)],
              [t('desk.detail.phone'), ltr(loan.patron.phone_number ?? loan.shipping_address.phone_number)],
              [t('desk.detail.language'), t(`desk.detail.languages.${loan.locale}`)],
            ]}
          />
          <Link
            to={`/users/${loan.patron.id}`}
            className="mt-3 inline-flex text-sm font-semibold text-primary underline-offset-2 hover:underline"
          >
            {t('desk.detail.readerPage')}
          </Link>
        </Section>

        <Section id="loan-address-title" title={t('desk.detail.address')}>
          <address className="not-italic leading-relaxed" data-testid="loan-address">
            {addressLines(loan.shipping_address).map((line) => (
              <span key={line} className="block">
                <bdi>{line}</bdi>
              </span>
            ))}
          </address>
          <p className="mt-2 text-xs text-muted">{t('desk.detail.addressNote')}</p>
        </Section>

        <Section id="loan-book-title" title={t('desk.detail.book')}>
          <Rows
            rows={[
              [
                t('desk.detail.book'),
                <Link
                  key="b"
                  to={`/book/${loan.book.id}`}
                  lang={title?.lang}
                  className="text-primary underline-offset-2 hover:underline"
                >
                  {title?.text ?? t('users.borrowings.unknownTitle')}
                </Link>,
              ],
              ...(author
                ? [
                    [
                      t('desk.detail.author'),
                      <span key="a" lang={author.lang}>
                        {author.text}
                      </span>,
                    ] as [string, ReactNode],
                  ]
                : []),
              [
                t('desk.detail.copy'),
                loan.copy ? (
                  <bdi key="c" dir="ltr" className="font-mono" data-testid="loan-barcode">
                    {loan.copy.barcode}
                  </bdi>
                ) : (
                  t('desk.detail.noCopy')
                ),
              ],
            ]}
          />
        </Section>

        <Section id="loan-dates-title" title={t('desk.detail.dates')}>
          <Rows rows={[...dates, ...lending]} />
          {shipping.length > 0 ? (
            <>
              <h3 className="mt-4 mb-2 font-semibold">{t('desk.detail.shipping')}</h3>
              <Rows rows={shipping} />
            </>
          ) : null}
        </Section>
      </div>

      <Section id="loan-history-title" title={t('desk.detail.history')}>
        {loan.events.length === 0 ? (
          <p className="text-muted">{t('desk.detail.historyEmpty')}</p>
        ) : (
          <ol className="flex flex-col divide-y divide-border" data-testid="loan-history">
            {loan.events.map((event) => (
              <li key={event.id} className="flex flex-col gap-0.5 py-2">
                <span className="flex flex-wrap justify-between gap-2">
                  <span className="font-medium">
                    {t(`desk.detail.events.${event.action}`)}
                    {event.actor ? (
                      <span className="ms-1 font-normal text-muted">
                        {t('desk.detail.by', { name: event.actor.name || event.actor.email })}
                      </span>
                    ) : LIBRARY_EVENTS.has(event.action) ? (
                      // Notices, offers from the waiting list and their expiry are the library's own doing.
                      <span className="ms-1 font-normal text-muted">{t('desk.detail.byLibrary')}</span>
                    ) : null}
                  </span>
                  <time dateTime={event.created_at} className="text-muted">
                    {formatDateTime(event.created_at, i18n.language)}
                  </time>
                </span>
                {event.note ? <EventNote action={event.action} note={event.note} /> : null}
              </li>
            ))}
          </ol>
        )}
      </Section>

      <LoanActionDialog key={action ?? 'none'} loan={loan} action={action} onClose={() => setAction(null)} />
    </>
  );
}

/** An event's note; an overdue notice's "2/3" reads as which notice it was, of how many. */
function EventNote({ action, note }: { action: string; note: string }) {
  const { t, i18n } = useTranslation();
  const notice = action === 'overdue_notice' ? noticeNumber(note) : null;
  if (notice)
    return (
      <span className="text-muted">
        {t('desk.detail.noticeOf', {
          number: formatNumber(notice.number, i18n.language),
          max: formatNumber(notice.max, i18n.language),
        })}
      </span>
    );
  return (
    <span dir="auto" className="break-words whitespace-pre-line">
      {note}
    </span>
  );
}
