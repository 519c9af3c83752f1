import type { Language } from '@maktaba/shared/constants';
import type { SearchHit } from '@maktaba/shared/schemas/search';
import { clsx } from 'clsx';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookCover } from '../../../components/book-cover';
import { BookmarkAction } from '../../../components/bookmark-action';
import { formatYear } from '../../../lib/format';
import { hitAuthors, hitCategory, hitTitles } from '../lib/hit-text';
import { HighlightedText } from './highlighted-text';

const BADGE = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold';

/**
 * One result: cover, title (the other language's under it), authors, category, year and
 * availability, with the matched words marked, and the passage of the description that matched.
 * The title links to the book; the whole card is its target.
 */
export function SearchHitCard({ hit, language }: { hit: SearchHit; language: Language }) {
  const { t } = useTranslation();
  const { title, secondary } = hitTitles(hit, language);
  const authors = hitAuthors(hit, language);
  const category = hitCategory(hit, language);
  const separator = language === 'ar' ? '، ' : ', ';
  const coverText = {
    title: title ? { text: title.text, lang: title.lang } : null,
    author: authors[0] ? { text: authors.map((author) => author.text).join(separator), lang: authors[0].lang } : null,
    unknownTitle: t('catalogue.unknownTitle'),
    unknownAuthor: t('catalogue.unknownAuthor'),
  };
  const snippet = hit.highlights.snippet;
  return (
    <article
      className="relative flex gap-4 rounded-app border border-border bg-surface p-3 transition focus-within:border-primary hover:border-primary sm:p-4"
      data-testid="search-hit"
    >
      <BookCover
        book={{
          cover_image: hit.cover_image,
          title: hit.title,
          title_ar: hit.title_ar,
          category_key: hit.categories[0]?.key ?? null,
        }}
        text={coverText}
        width={80}
        height={120}
        size="xs"
        className="w-16 shrink-0 self-start sm:w-20"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="font-semibold leading-snug text-fg">
          <Link
            to={`/book/${hit.id}`}
            className="after:absolute after:inset-0 after:rounded-app hover:text-primary"
            data-testid="hit-title"
          >
            <bdi lang={title?.lang}>
              {title ? <HighlightedText text={title.text} ranges={title.ranges} /> : t('catalogue.unknownTitle')}
            </bdi>
          </Link>
        </h3>
        {secondary ? (
          <p className="text-sm text-muted" data-testid="hit-secondary-title">
            <bdi lang={secondary.lang}>
              <HighlightedText text={secondary.text} ranges={secondary.ranges} />
            </bdi>
          </p>
        ) : null}
        <p
          className="line-clamp-2 text-sm text-fg"
          title={authors.map((author) => author.text).join(separator) || undefined}
          data-testid="hit-authors"
        >
          {authors.length === 0
            ? t('catalogue.unknownAuthor')
            : authors.map((author, index) => (
                <Fragment key={author.key}>
                  {index > 0 ? separator : null}
                  <bdi lang={author.lang}>
                    <HighlightedText text={author.text} ranges={author.ranges} />
                  </bdi>
                </Fragment>
              ))}
        </p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
          {category ? (
            <bdi lang={category.lang} data-testid="hit-category">
              {category.text}
            </bdi>
          ) : null}
          {hit.publication_year !== null ? <span>{formatYear(hit.publication_year, language)}</span> : null}
          <span
            className={clsx(BADGE, hit.available ? 'bg-primary-soft text-primary' : 'bg-surface-2 text-muted')}
            data-testid="hit-availability"
          >
            {t(hit.available ? 'catalogue.book.available' : 'catalogue.book.allOnLoan')}
          </span>
          {hit.is_digital ? (
            <span className={clsx(BADGE, 'bg-surface-2 text-fg')}>{t('search.results.digital')}</span>
          ) : null}
        </div>
        {snippet ? (
          <p lang={snippet.lang} dir="auto" className="mt-1 line-clamp-3 text-sm text-muted" data-testid="hit-snippet">
            <HighlightedText text={snippet.text} ranges={snippet.ranges} />
          </p>
        ) : null}
      </div>
      {/* Above the title link's overlay, which makes the whole card its target. */}
      <BookmarkAction book={hit} variant="icon" className="relative z-10 shrink-0 self-start" />
    </article>
  );
}
