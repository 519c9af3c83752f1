import { DEFAULT_LANGUAGE } from '@maktaba/shared/constants';
import { countryName } from '@maktaba/shared/countries';
import { directionOf } from '@maktaba/shared/i18n/index';
import type { DeskLoanDetail, LendingSettings } from '@maktaba/shared/schemas/loans';
import { ArrowLeft, Printer } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { apiErrorKey } from '../../../lib/api-error-text';
import { formatDate, formatNumber } from '../../../lib/format';
import { usePageTitle } from '../../../lib/page-title';
import { usePublicConfig } from '../../../lib/public-config';
import { useDeskLoan, useLendingSettings } from '../api/desk';
import { addressLines, bookAuthor, bookTitle } from '../lib/loan-text';

/** The printed page: its margins, a white sheet, and no toast left over from the page before. */
const PRINT_CSS =
  '@page { margin: 14mm; } @media print { html, body { background: #fff !important; } [data-sonner-toaster] { display: none !important; } }';

/**
 * /library/loans/{id}/slip: the packing slip that goes in the parcel, outside the app's frame so it
 * prints alone. Everything on it is in the reader's language (the loan's locale), whatever the
 * librarian reads the app in.
 */
export function PackingSlipPage() {
  const { t } = useTranslation();
  const { loanId = '' } = useParams();
  const loan = useDeskLoan(loanId);
  const settings = useLendingSettings();
  const failed = loan.error ?? settings.error;

  return (
    <div className="min-h-dvh bg-bg print:min-h-0 print:bg-white">
      <style>{PRINT_CSS}</style>
      <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-3 px-4 py-4 print:hidden">
        <Link
          to={`/library/loans/${loanId}`}
          className="inline-flex items-center gap-1 text-sm font-semibold text-primary"
        >
          <ArrowLeft aria-hidden className="flip-rtl size-4" />
          {t('slip.back')}
        </Link>
        <Button onClick={() => window.print()} disabled={!loan.data || !settings.data}>
          <Printer aria-hidden className="size-4" />
          {t('slip.print')}
        </Button>
      </div>
      <main id="main" className="mx-auto max-w-3xl px-4 pb-10 print:max-w-none print:p-0">
        {failed ? (
          <Alert
            variant="destructive"
            title={t('slip.loadError')}
            action={
              <Button
                variant="secondary"
                onClick={() => {
                  void loan.refetch();
                  void settings.refetch();
                }}
              >
                {t('desk.retry')}
              </Button>
            }
          >
            {t(apiErrorKey(failed))}
          </Alert>
        ) : loan.data && settings.data ? (
          <Suspense fallback={<Skeleton className="h-[60vh] w-full" />}>
            <Slip loan={loan.data} settings={settings.data} />
          </Suspense>
        ) : (
          <Skeleton className="h-[60vh] w-full" />
        )}
      </main>
    </div>
  );
}

function Slip({ loan, settings }: { loan: DeskLoanDetail; settings: LendingSettings }) {
  const locale = loan.locale ?? DEFAULT_LANGUAGE;
  // In the reader's language, whatever the desk's: its catalogue is fetched first if the page has not used it.
  const { t } = useTranslation(undefined, { lng: locale });
  const title = bookTitle(loan, locale);
  const author = bookAuthor(loan, locale);
  usePageTitle(title?.text);
  const phone = loan.shipping_address.phone_number ?? loan.patron.phone_number;
  // The return address of the system settings, with the library's name in the reader's language;
  // the lending settings' older one until an admin has set it.
  const { data: config } = usePublicConfig();
  const returnAddress = config?.returnAddress
    ? {
        name: config.libraryName[locale === 'ar' ? 'ar' : 'en'],
        lines: [
          config.returnAddress.address_line_1,
          config.returnAddress.address_line_2,
          [config.returnAddress.city, config.returnAddress.state_province, config.returnAddress.postal_code].join(' '),
          countryName(config.returnAddress.country, locale),
        ].filter((line) => line.trim() !== ''),
      }
    : settings.return_address;

  return (
    <article
      lang={locale}
      dir={directionOf(locale)}
      className="flex flex-col gap-6 rounded-app border border-border bg-white p-6 text-black print:rounded-none print:border-0 print:p-0 sm:p-8"
      data-testid="packing-slip"
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-black pb-4">
        <h1 className="font-display text-2xl font-bold">{t('slip.title')}</h1>
        {returnAddress ? (
          <section aria-labelledby="slip-from" className="text-sm leading-snug" data-testid="slip-return-address">
            <h2 id="slip-from" className="text-xs font-semibold tracking-wide uppercase">
              {t('slip.from')}
            </h2>
            <p className="font-semibold">
              <bdi>{returnAddress.name}</bdi>
            </p>
            {returnAddress.lines.map((line) => (
              <span key={line} className="block">
                <bdi>{line}</bdi>
              </span>
            ))}
          </section>
        ) : null}
      </header>

      <section
        aria-labelledby="slip-to"
        className="rounded-app border-4 border-black p-5 print:break-inside-avoid"
        data-testid="slip-label"
      >
        <h2 id="slip-to" className="text-sm font-semibold tracking-wide uppercase">
          {t('slip.to')}
        </h2>
        <address className="mt-2 text-2xl leading-snug font-semibold not-italic sm:text-3xl">
          {addressLines(loan.shipping_address).map((line) => (
            <span key={line} className="block break-words">
              <bdi>{line}</bdi>
            </span>
          ))}
        </address>
        {phone ? (
          <p className="mt-2 text-lg">
            {t('slip.phone', { phone: '' })}
            <bdi dir="ltr">{phone}</bdi>
          </p>
        ) : null}
      </section>

      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 print:grid-cols-2">
        <div className="sm:col-span-2 print:col-span-2">
          <dt className="text-xs font-semibold tracking-wide uppercase">{t('slip.book')}</dt>
          <dd className="text-xl font-bold break-words" lang={title?.lang}>
            {title?.text ?? t('users.borrowings.unknownTitle')}
          </dd>
          {author ? (
            <dd className="text-base" lang={author.lang}>
              {author.text}
            </dd>
          ) : null}
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-wide uppercase">{t('slip.barcode')}</dt>
          <dd
            dir="ltr"
            className="inline-block border-2 border-black px-3 py-1 font-mono text-3xl font-bold tracking-widest break-all"
            data-testid="slip-barcode"
          >
            {loan.copy?.barcode ?? '—'}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-wide uppercase">{t('slip.shippedAt')}</dt>
          <dd className="text-lg">
            {loan.shipped_at ? formatDate(loan.shipped_at, locale, { dateStyle: 'long' }) : t('slip.notShipped')}
          </dd>
        </div>
        <div className="sm:col-span-2 print:col-span-2">
          <dt className="text-xs font-semibold tracking-wide uppercase">{t('slip.loanId')}</dt>
          <dd dir="ltr" className="font-mono text-sm break-all" data-testid="slip-loan-id">
            {loan.id}
          </dd>
        </div>
      </dl>

      <section className="flex flex-col gap-2 border-t-2 border-black pt-4 text-base leading-relaxed">
        <p data-testid="slip-period">{t('slip.period', { days: formatNumber(settings.loan_period_days, locale) })}</p>
        {loan.due_date ? (
          <p>{t('slip.due', { date: formatDate(loan.due_date, locale, { dateStyle: 'long' }) })}</p>
        ) : null}
        <p>{t('slip.returnNote')}</p>
        <p className="font-semibold">{t('slip.thanks')}</p>
      </section>
    </article>
  );
}
