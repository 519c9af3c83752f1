import { Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate } from '../../../lib/format';
import { useQuoteOfTheDay } from '../api/get-quote-of-the-day';
import { QuoteCard } from './quote-card';
import { QuoteLoadError } from './quote-list';

/** The same approved quote for every reader on a given day, counted in the reader's time zone. */
export function QuoteOfTheDay() {
  const { t, i18n } = useTranslation();
  const today = useQuoteOfTheDay();
  if (today.data && !today.data.quote) return null;
  // The date is the reader's calendar day: shown as that day, whatever the zone of the formatter.
  const date = today.data
    ? formatDate(`${today.data.date}T12:00:00Z`, i18n.language, { dateStyle: 'full', timeZone: 'UTC' })
    : null;
  return (
    <section aria-labelledby="quote-of-the-day" className="flex flex-col gap-3" data-testid="quote-of-the-day">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id="quote-of-the-day" className="inline-flex items-center gap-2 font-display text-xl font-bold">
          <Sun aria-hidden className="size-5 text-primary" />
          {t('quotes.today.title')}
        </h2>
        {date ? <p className="text-sm text-muted">{date}</p> : null}
      </div>
      {today.isError ? (
        <QuoteLoadError error={today.error} onRetry={() => void today.refetch()} title={t('quotes.today.loadError')} />
      ) : today.data?.quote ? (
        <div className="rounded-app bg-primary-soft/60 p-1">
          <QuoteCard quote={today.data.quote} size="lg" />
        </div>
      ) : (
        <Skeleton className="h-48 w-full" />
      )}
    </section>
  );
}
