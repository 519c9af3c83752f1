import type { Quote } from '@maktaba/shared/schemas/quotes';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';

/** A draft with a librarian's note was returned: the contributor has something to change. */
export const isReturned = (quote: Pick<Quote, 'status' | 'review_note'>) =>
  quote.status === 'draft' && Boolean(quote.review_note);

/** The status of a contribution, as its contributor and the librarians see it. */
export function QuoteStatusBadge({ quote }: { quote: Pick<Quote, 'status' | 'review_note'> }) {
  const { t } = useTranslation();
  const key = isReturned(quote) ? 'returned' : quote.status;
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        key === 'approved' && 'bg-primary text-primary-fg',
        key === 'pending' && 'bg-warning-soft text-warning',
        key === 'returned' && 'bg-danger-soft text-danger',
        (key === 'draft' || key === 'archived') && 'bg-surface-2 text-fg',
      )}
      data-testid="quote-status"
      data-status={key}
    >
      <span className="sr-only">{t('quotes.status.label')}: </span>
      {t(`quotes.status.${key}`)}
    </span>
  );
}
