import type { Quote } from '@maktaba/shared/schemas/quotes';
import { Bookmark, PenLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Pagination } from '../../../components/pagination';
import { Button, buttonClass } from '../../../components/ui/button';
import { formatNumber } from '../../../lib/format';
import { useSearchParamsPatch } from '../../../lib/hooks/use-search-params-patch';
import { pageCount, parsePage } from '../../../lib/paging';
import { QUOTES_PAGE_SIZE, useOwnQuotes } from '../api/list-quotes';
import { ContributionCard } from './contribution-card';
import { EmptyState } from './empty-state';
import { QuoteCard } from './quote-card';
import { QuoteList } from './quote-list';

type OwnQuotesProps = {
  which: 'saved' | 'mine';
  onContribute?: () => void;
  onEdit: (quote: Quote) => void;
};

/** The Saved tab (the reader's saved quotes) and My contributions (every status, with the librarians' notes). */
export function OwnQuotes({ which, onContribute, onEdit }: OwnQuotesProps) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParamsPatch();
  const page = parsePage(params.get('page'));
  const quotes = useOwnQuotes(which, page);
  const hrefFor = (next: number) => `?tab=${which}${next > 1 ? `&page=${next}` : ''}`;
  return (
    <QuoteList
      query={quotes}
      items={(data) => data.items}
      summary={(data) =>
        data.total > 0 ? (
          <p className="text-sm text-muted" aria-live="polite" data-testid="quotes-total">
            {t('quotes.total', { formatted: formatNumber(data.total, i18n.language) })}
          </p>
        ) : null
      }
      renderItem={(quote) =>
        which === 'mine' ? <ContributionCard quote={quote} onEdit={onEdit} /> : <QuoteCard quote={quote} />
      }
      empty={
        which === 'saved' ? (
          <EmptyState
            icon={Bookmark}
            title={t('quotes.empty.saved.title')}
            description={t('quotes.empty.saved.description')}
            action={
              <Link to="/quotes" className={buttonClass('primary')}>
                {t('quotes.empty.saved.action')}
              </Link>
            }
          />
        ) : (
          <EmptyState
            icon={PenLine}
            title={t('quotes.empty.mine.title')}
            description={t('quotes.empty.mine.description')}
            action={onContribute ? <Button onClick={onContribute}>{t('quotes.contribute.open')}</Button> : null}
          />
        )
      }
      after={(data) => <Pagination page={page} pages={pageCount(data.total, QUOTES_PAGE_SIZE)} hrefFor={hrefFor} />}
    />
  );
}
