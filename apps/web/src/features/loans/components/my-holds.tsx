import type { Hold } from '@maktaba/shared/schemas/loans';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookCover } from '../../../components/book-cover';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { formatDate, formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { pickLocalized } from '../../../lib/localized-text';
import { holdsQueryOptions } from '../api/holds';
import { ConfirmOfferButton, HoldEstimate, LeaveHoldButton } from './hold-actions';

/**
 * "Waiting lists" (My Imam, ADR 0016): each book the reader waits for, their place in line and the
 * estimated wait, and "Leave"; a copy offered to them, "Yes, send it to me" or "No, give it to the
 * next reader" before the date to confirm by. Refreshed with the loans (a live notification too).
 */
export function MyHolds() {
  const { t } = useTranslation();
  const userId = useAuthStore((state) => (state.isAuthenticated ? (state.user?.id ?? null) : null));
  const query = useQuery({ ...holdsQueryOptions(userId), enabled: userId !== null });
  const data = query.data;
  return (
    <section aria-labelledby="my-holds" className="flex flex-col gap-3" data-testid="my-holds">
      <h2 id="my-holds" className="font-display text-2xl font-bold">
        {t('loans.hold.my.title')}
      </h2>
      {query.isError && !data ? (
        <Alert
          variant="destructive"
          title={t('loans.errors.holds')}
          action={
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : !data ? (
        <div className="flex items-center gap-4 rounded-app border border-border p-3">
          <p role="status" className="sr-only">
            {t('common.loading')}
          </p>
          <Skeleton className="h-24 w-16 shrink-0" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        </div>
      ) : data.items.length === 0 ? (
        <div
          className="flex flex-col items-start gap-2 rounded-app border border-dashed border-border p-6"
          data-testid="holds-empty"
        >
          <p className="font-semibold">{t('loans.hold.my.emptyTitle')}</p>
          <p className="text-muted">{t('loans.hold.my.emptyDescription')}</p>
        </div>
      ) : (
        <ul className="flex flex-col gap-3">
          {data.items.map((hold) => (
            <li key={hold.id}>
              <HoldCard hold={hold} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function HoldCard({ hold }: { hold: Hold }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const title = pickLocalized(hold.book.title, hold.book.title_ar, language);
  const author = pickLocalized(hold.book.author, hold.book.author_ar, language);
  const unknownTitle = t('catalogue.unknownTitle');
  const titleText = title?.text ?? unknownTitle;
  const offered = hold.status === 'offered' && hold.loan_id !== null;
  return (
    <article className="flex gap-4 rounded-app border border-border bg-surface p-3 sm:p-4" data-testid="hold-card">
      <BookCover
        book={{
          cover_image: hold.book.cover_url,
          title: hold.book.title,
          title_ar: hold.book.title_ar,
          category_key: hold.book.category_key,
        }}
        text={{ title, author, unknownTitle, unknownAuthor: t('catalogue.unknownAuthor') }}
        width={64}
        height={96}
        size="xs"
        className="w-16 shrink-0"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-col gap-1">
          <h3 className="font-semibold leading-snug">
            <Link
              to={`/book/${hold.book.id}`}
              lang={title?.lang}
              dir="auto"
              className="flex min-h-11 items-center hover:text-primary hover:underline"
              data-testid="hold-title"
            >
              <span className="line-clamp-2">{titleText}</span>
            </Link>
          </h3>
          {author ? (
            <span lang={author.lang} dir="auto" className="line-clamp-1 text-sm text-muted">
              {author.text}
            </span>
          ) : null}
        </div>
        {offered ? (
          <p className="font-semibold text-primary" data-testid="hold-offered">
            {t('loans.hold.offered', { date: hold.confirm_by ? formatDate(hold.confirm_by, language) : '' })}
          </p>
        ) : (
          <>
            <p className="text-sm font-semibold" data-testid="hold-position">
              {t('loans.hold.positionOf', {
                position: formatNumber(hold.position ?? 1, language),
                length: formatNumber(hold.queue_length, language),
              })}
            </p>
            <HoldEstimate hold={hold} />
          </>
        )}
        <div className="flex flex-wrap gap-2">
          {offered && hold.loan_id ? <ConfirmOfferButton loanId={hold.loan_id} title={titleText} /> : null}
          <LeaveHoldButton holdId={hold.id} title={titleText} offered={offered} short />
        </div>
      </div>
    </article>
  );
}
