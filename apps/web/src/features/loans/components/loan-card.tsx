import type { Loan } from '@maktaba/shared/schemas/loans';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookCover } from '../../../components/book-cover';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { pickLocalized } from '../../../lib/localized-text';
import { LoanActions } from './loan-actions';
import { LoanFacts } from './loan-facts';
import { LoanStatusBadge } from './loan-status-badge';

/** One request or loan in "My loans": the book, where the loan stands, its dates and the reader's actions. */
export function LoanCard({ loan }: { loan: Loan }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const title = pickLocalized(loan.book.title, loan.book.title_ar, language);
  const author = pickLocalized(loan.book.author, loan.book.author_ar, language);
  const unknownTitle = t('catalogue.unknownTitle');
  const titleText = title?.text ?? unknownTitle;
  return (
    <article className="flex gap-4 rounded-app border border-border bg-surface p-3 sm:p-4" data-testid="loan-card">
      <BookCover
        book={{
          cover_image: loan.book.cover_url,
          title: loan.book.title,
          title_ar: loan.book.title_ar,
          category_key: loan.book.category_key,
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
              to={`/book/${loan.book.id}`}
              lang={title?.lang}
              dir="auto"
              className="flex min-h-11 items-center hover:text-primary hover:underline"
              data-testid="loan-title"
            >
              {/* The link is a 44 px target; the title inside it keeps to two lines. */}
              <span className="line-clamp-2">{titleText}</span>
            </Link>
          </h3>
          {author ? (
            <span lang={author.lang} dir="auto" className="line-clamp-1 text-sm text-muted">
              {author.text}
            </span>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <LoanStatusBadge status={loan.status} overdue={loan.overdue} />
          <span className="text-sm">{t(`loans.state.${loan.status}`)}</span>
        </div>
        <LoanFacts loan={loan} />
        <LoanActions loan={loan} title={titleText} />
      </div>
    </article>
  );
}
