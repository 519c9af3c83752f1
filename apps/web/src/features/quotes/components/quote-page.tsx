import { can } from '@maktaba/shared/permissions';
import type { Quote } from '@maktaba/shared/schemas/quotes';
import { ArrowLeft, SearchX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useQuote } from '../api/get-quote';
import { speakerOf } from '../lib/quote-text';
import { ContributionCard } from './contribution-card';
import { EmptyState } from './empty-state';
import { QuoteCard } from './quote-card';
import { QuoteFormDialog } from './quote-form-dialog';
import { QuoteLoadError } from './quote-list';

/** "A saying of Imam Ali": the speaker's name keeps its own language and direction. */
function QuoteHeading({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  const speaker = speakerOf(quote, usePageLanguage());
  return (
    <h1 className="font-display text-3xl font-bold">
      {speaker ? (
        <>
          {t('quotes.detail.titleBy')} <bdi lang={speaker.lang}>{speaker.text}</bdi>
        </>
      ) : (
        t('quotes.detail.title')
      )}
    </h1>
  );
}

/**
 * /quotes/{id}: one quote, larger. Its contributor also sees its status and the librarian's note
 * (the API shows the contributor only to them and to staff); a quote that is missing or not
 * theirs to see says so.
 */
export function QuotePage() {
  const { t } = useTranslation();
  const { quoteId = '' } = useParams();
  const quote = useQuote(quoteId);
  const ownId = useAuthStore((state) => state.user?.id ?? null);
  const role = useAuthStore((state) => state.role);
  const [editing, setEditing] = useState(false);
  const isNotFound =
    quote.error instanceof ApiError && (quote.error.code === 'NOT_FOUND' || quote.error.status === 404);
  const isOwn = Boolean(quote.data?.contributor && quote.data.contributor.id === ownId);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:py-10">
      <Link
        to="/quotes"
        className="inline-flex min-h-11 w-fit items-center gap-2 text-sm font-semibold text-primary hover:underline"
      >
        <ArrowLeft aria-hidden className="flip-rtl size-4" />
        {t('quotes.detail.back')}
      </Link>
      {isNotFound ? (
        <>
          <h1 className="sr-only">{t('quotes.detail.notFound.title')}</h1>
          <EmptyState
            icon={SearchX}
            title={t('quotes.detail.notFound.title')}
            description={t('quotes.detail.notFound.description')}
            action={
              <Link to="/quotes" className={buttonClass('primary')}>
                {t('quotes.detail.notFound.action')}
              </Link>
            }
          />
        </>
      ) : quote.isError ? (
        <>
          <h1 className="font-display text-3xl font-bold">{t('quotes.detail.title')}</h1>
          <QuoteLoadError error={quote.error} onRetry={() => void quote.refetch()} />
        </>
      ) : quote.data ? (
        <>
          <QuoteHeading quote={quote.data} />
          {isOwn && quote.data.status !== 'approved' ? (
            <ContributionCard quote={quote.data} onEdit={() => setEditing(true)} size="lg" />
          ) : (
            <QuoteCard quote={quote.data} size="lg" showPageLink={false} />
          )}
          {isOwn && can(role, 'quotes.create') ? (
            <QuoteFormDialog open={editing} onOpenChange={setEditing} mode="own" quote={quote.data} />
          ) : null}
        </>
      ) : (
        <>
          <span className="sr-only" role="status">
            {t('common.loading')}
          </span>
          <Skeleton className="h-10 w-64" />
          <Skeleton className="h-64 w-full" />
        </>
      )}
    </div>
  );
}
