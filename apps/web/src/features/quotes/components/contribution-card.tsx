import type { Quote } from '@maktaba/shared/schemas/quotes';
import { Pencil, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { apiErrorText } from '../../../lib/api-error-text';
import { formatDate } from '../../../lib/format';
import { useUpdateQuote } from '../api/update-quote';
import { QuoteCard } from './quote-card';
import { QuoteStatusBadge } from './quote-status-badge';
import { ReviewNote } from './review-note';

/** Whether its contributor may still change it (the server's rule: while draft or pending). */
export const isEditableByContributor = (quote: Quote) => quote.status === 'draft' || quote.status === 'pending';

/** One of the reader's contributions: its status, the librarian's note, edit and send for review. */
export function ContributionCard({
  quote,
  onEdit,
  size,
}: {
  quote: Quote;
  onEdit: (quote: Quote) => void;
  size?: 'md' | 'lg';
}) {
  const { t, i18n } = useTranslation();
  const update = useUpdateQuote();
  const resubmit = () =>
    update.mutate(
      { id: quote.id, input: { submit: true } },
      {
        onSuccess: () => toast.success(t('quotes.form.submitted')),
        onError: (error) => toast.error(apiErrorText(t, error)),
      },
    );
  return (
    <QuoteCard
      quote={quote}
      size={size}
      showPageLink={size !== 'lg'}
      header={
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
            <QuoteStatusBadge quote={quote} />
            <span>{t('quotes.card.addedOn', { date: formatDate(quote.created_at, i18n.language) })}</span>
          </div>
          {quote.review_note && quote.status === 'draft' ? <ReviewNote note={quote.review_note} /> : null}
        </div>
      }
      footer={
        isEditableByContributor(quote) ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => onEdit(quote)}>
              <Pencil aria-hidden className="size-4" />
              {t('quotes.mine.edit')}
            </Button>
            {quote.status === 'draft' ? (
              <Button disabled={update.isPending} onClick={resubmit}>
                <Send aria-hidden className="flip-rtl size-4" />
                {t('quotes.form.submit')}
              </Button>
            ) : null}
          </div>
        ) : null
      }
    />
  );
}
