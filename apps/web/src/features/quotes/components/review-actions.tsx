import { can, type Role } from '@maktaba/shared/permissions';
import type { Quote } from '@maktaba/shared/schemas/quotes';
import { Archive, ArchiveRestore, Check, Pencil, Star, StarOff, Trash2, Undo2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { apiErrorText } from '../../../lib/api-error-text';
import { useApproveQuote } from '../api/approve-quote';
import { useSetQuoteArchived } from '../api/archive-quote';
import { useSetQuoteFeatured } from '../api/set-quote-featured';

type ReviewActionsProps = {
  quote: Quote;
  role: Role | null;
  onReturn: (quote: Quote) => void;
  onEdit: (quote: Quote) => void;
  onDelete: (quote: Quote) => void;
};

/** What a librarian can do with a quote of the queue, by its status; deleting is for admins. */
export function ReviewActions({ quote, role, onReturn, onEdit, onDelete }: ReviewActionsProps) {
  const { t } = useTranslation();
  const approve = useApproveQuote();
  const archive = useSetQuoteArchived();
  const feature = useSetQuoteFeatured();
  const isBusy = approve.isPending || archive.isPending || feature.isPending;
  // Told through the promise, not mutate's callbacks: those are dropped once these buttons are gone,
  // and approving, archiving or restoring a quote takes it out of the queue shown.
  const tell = (change: Promise<unknown>, key: string) =>
    change.then(
      () => toast.success(t(key)),
      (error: unknown) => toast.error(apiErrorText(t, error)),
    );
  const canEdit = can(role, 'quotes.edit');
  return (
    <div className="flex flex-wrap gap-2" data-testid="review-actions">
      {quote.status === 'pending' && can(role, 'quotes.approve') ? (
        <>
          <Button disabled={isBusy} onClick={() => tell(approve.mutateAsync(quote.id), 'quotes.review.approved')}>
            <Check aria-hidden className="size-4" />
            {t('quotes.review.approve')}
          </Button>
          <Button variant="secondary" disabled={isBusy} onClick={() => onReturn(quote)}>
            <Undo2 aria-hidden className="flip-rtl size-4" />
            {t('quotes.review.return')}
          </Button>
        </>
      ) : null}
      {canEdit ? (
        <Button variant="secondary" disabled={isBusy} onClick={() => onEdit(quote)}>
          <Pencil aria-hidden className="size-4" />
          {t('quotes.review.edit')}
        </Button>
      ) : null}
      {quote.status === 'approved' && canEdit ? (
        <>
          <Button
            variant="secondary"
            disabled={isBusy}
            aria-pressed={quote.featured}
            onClick={() =>
              tell(
                feature.mutateAsync({ id: quote.id, featured: !quote.featured }),
                quote.featured ? 'quotes.review.unfeatured' : 'quotes.review.featured',
              )
            }
          >
            {quote.featured ? <StarOff aria-hidden className="size-4" /> : <Star aria-hidden className="size-4" />}
            {t('quotes.review.feature')}
          </Button>
          <Button
            variant="secondary"
            disabled={isBusy}
            onClick={() => tell(archive.mutateAsync({ id: quote.id, archived: true }), 'quotes.review.archived')}
          >
            <Archive aria-hidden className="size-4" />
            {t('quotes.review.archive')}
          </Button>
        </>
      ) : null}
      {quote.status === 'archived' && canEdit ? (
        <Button
          variant="secondary"
          disabled={isBusy}
          onClick={() => tell(archive.mutateAsync({ id: quote.id, archived: false }), 'quotes.review.restored')}
        >
          <ArchiveRestore aria-hidden className="size-4" />
          {t('quotes.review.restore')}
        </Button>
      ) : null}
      {can(role, 'quotes.delete') ? (
        <Button variant="ghost" className="text-danger" disabled={isBusy} onClick={() => onDelete(quote)}>
          <Trash2 aria-hidden className="size-4" />
          {t('quotes.review.delete')}
        </Button>
      ) : null}
    </div>
  );
}
