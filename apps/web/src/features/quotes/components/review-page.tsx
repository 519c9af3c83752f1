import { can } from '@maktaba/shared/permissions';
import { QUOTE_STATUSES, type Quote, type QuoteStatus } from '@maktaba/shared/schemas/quotes';
import { FileUp, Inbox } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Pagination } from '../../../components/pagination';
import { buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { inputClass } from '../../../components/ui/form-field';
import { apiErrorText } from '../../../lib/api-error-text';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { formatDate, formatNumber } from '../../../lib/format';
import { useSearchParamsPatch } from '../../../lib/hooks/use-search-params-patch';
import { pageCount, parsePage } from '../../../lib/paging';
import { useDeleteQuote } from '../api/delete-quote';
import { QUOTES_PAGE_SIZE } from '../api/list-quotes';
import { useReviewQuotes } from '../api/list-review-quotes';
import { EmptyState } from './empty-state';
import { QuoteBody } from './quote-body';
import { QuoteFormDialog } from './quote-form-dialog';
import { QuoteList } from './quote-list';
import { QuoteStatusBadge } from './quote-status-badge';
import { ReturnDialog } from './return-dialog';
import { ReviewActions } from './review-actions';
import { ReviewNote } from './review-note';

const statusOf = (value: string | null): QuoteStatus =>
  QUOTE_STATUSES.includes(value as QuoteStatus) ? (value as QuoteStatus) : 'pending';

/** /library/quotes: the librarians' queue: pending contributions first, oldest first, and every other status. */
export function ReviewPage() {
  const { t, i18n } = useTranslation();
  const role = useAuthStore((state) => state.role);
  const [params, update] = useSearchParamsPatch();
  const filter = { status: statusOf(params.get('status')), page: parsePage(params.get('page')) };
  const queue = useReviewQuotes(filter);
  const remove = useDeleteQuote();
  const [returning, setReturning] = useState<string | null>(null);
  const [editing, setEditing] = useState<Quote | null>(null);
  const [deleting, setDeleting] = useState<Quote | null>(null);
  const number = (value: number) => formatNumber(value, i18n.language);
  const hrefFor = (page: number) => {
    const next = new URLSearchParams(params);
    if (page > 1) next.set('page', String(page));
    else next.delete('page');
    return `?${next}`;
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:py-10">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-display text-3xl font-bold">{t('quotes.review.title')}</h1>
          <p className="mt-1 text-muted">{t('quotes.review.description')}</p>
        </div>
        {can(role, 'quotes.edit') ? (
          <Link to="/library/quotes/import" className={buttonClass('secondary')}>
            <FileUp aria-hidden className="size-4" />
            {t('quotes.review.import')}
          </Link>
        ) : null}
      </header>
      <div className="flex flex-col gap-1 sm:w-64">
        <label htmlFor="quote-review-status" className="text-sm font-semibold">
          {t('quotes.status.label')}
        </label>
        <select
          id="quote-review-status"
          value={filter.status}
          onChange={(event) =>
            update({ status: event.target.value === 'pending' ? null : event.target.value, page: null })
          }
          className={inputClass(false)}
        >
          {QUOTE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`quotes.status.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <QuoteList
        query={queue}
        items={(data) => data.items}
        summary={(data) => (
          <p className="text-sm text-muted" aria-live="polite" data-testid="quotes-total">
            {t('quotes.total', { formatted: number(data.total) })}
          </p>
        )}
        renderItem={(quote) => (
          <article
            className="flex min-w-0 flex-col gap-4 rounded-app border border-border bg-surface p-4 sm:p-5"
            data-testid="review-item"
            data-quote-id={quote.id}
          >
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
              <QuoteStatusBadge quote={quote} />
              <span>
                {t('quotes.review.from')}{' '}
                <bdi className="font-semibold text-fg">
                  {quote.contributor?.display_name || t('quotes.review.unknownContributor')}
                </bdi>
              </span>
              <span>{t('quotes.card.addedOn', { date: formatDate(quote.created_at, i18n.language) })}</span>
            </div>
            {quote.review_note && quote.status === 'draft' ? <ReviewNote note={quote.review_note} /> : null}
            <QuoteBody quote={quote} />
            <ReviewActions
              quote={quote}
              role={role}
              onReturn={(target) => setReturning(target.id)}
              onEdit={setEditing}
              onDelete={setDeleting}
            />
          </article>
        )}
        empty={
          <EmptyState
            icon={Inbox}
            title={t(`quotes.review.empty.${filter.status}.title`)}
            description={t(`quotes.review.empty.${filter.status}.description`)}
          />
        }
        after={(data) => (
          <Pagination page={filter.page} pages={pageCount(data.total, QUOTES_PAGE_SIZE)} hrefFor={hrefFor} />
        )}
      />
      <ReturnDialog quoteId={returning} onOpenChange={(open) => (open ? null : setReturning(null))} />
      <QuoteFormDialog
        open={editing !== null}
        onOpenChange={(open) => (open ? null : setEditing(null))}
        mode="staff"
        quote={editing}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (open) return;
          setDeleting(null);
          remove.reset();
        }}
        title={t('quotes.review.deleteTitle')}
        description={t('quotes.review.deleteDescription')}
        confirmLabel={t('quotes.review.delete')}
        cancelLabel={t('quotes.form.cancel')}
        isPending={remove.isPending}
        error={remove.error ? apiErrorText(t, remove.error) : null}
        onConfirm={() =>
          remove.mutate(deleting?.id ?? '', {
            onSuccess: () => {
              toast.success(t('quotes.review.deleted'));
              setDeleting(null);
              remove.reset();
            },
          })
        }
      />
    </div>
  );
}
