import type { Quote } from '@maktaba/shared/schemas/quotes';
import { clsx } from 'clsx';
import { Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { QuoteActions } from './quote-actions';
import { QuoteBody } from './quote-body';

type QuoteCardProps = {
  quote: Quote;
  size?: 'md' | 'lg';
  /** A link to the quote's own page (not on that page itself). */
  showPageLink?: boolean;
  /** Above the saying: a status, a note. */
  header?: ReactNode;
  /** Below the actions: the contributor's or the librarian's buttons. */
  footer?: ReactNode;
};

/** One saying: both texts, attribution, topics (links to the filtered list), copy, share and save. */
export function QuoteCard({ quote, size = 'md', showPageLink = true, header, footer }: QuoteCardProps) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  return (
    <article
      className={clsx(
        'flex min-w-0 flex-col gap-4 rounded-app border border-border bg-surface',
        size === 'lg' ? 'p-5 sm:p-8' : 'p-4 sm:p-5',
      )}
      data-testid="quote-card"
      data-quote-id={quote.id}
    >
      {header}
      <QuoteBody quote={quote} size={size} />
      {quote.topics.length > 0 ? (
        <ul aria-label={t('quotes.card.topics')} className="flex flex-wrap gap-2">
          {quote.topics.map((topic) => (
            <li key={topic.id}>
              <Link
                to={`/quotes?topic=${encodeURIComponent(topic.key)}`}
                className="inline-flex min-h-8 items-center rounded-full bg-primary-soft px-3 text-xs font-semibold text-primary hover:underline"
              >
                {language === 'ar' ? topic.name_ar : topic.name_en}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border pt-3">
        <QuoteActions quote={quote} />
        <div className="flex flex-wrap items-center gap-3 text-sm">
          {quote.featured ? (
            <span className="inline-flex items-center gap-1 text-muted">
              <Star aria-hidden className="size-4" />
              {t('quotes.card.featured')}
            </span>
          ) : null}
          {showPageLink ? (
            <Link
              to={`/quotes/${quote.id}`}
              className="inline-flex min-h-11 items-center font-semibold text-primary underline-offset-4 hover:underline"
            >
              {t('quotes.card.open')}
            </Link>
          ) : null}
        </div>
      </div>
      {footer}
    </article>
  );
}
