import type { CategoryGuidePage, GuideAuthor, GuideCategory } from '@maktaba/shared/schemas/category-guide';
import { BookOpen, ChevronRight, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isNotFound, LoadErrorState, NotFoundState } from '../../../components/page-states';
import { buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { imageUrl } from '../../../lib/images';
import { getInitials } from '../../../lib/initials';
import { pickLocalized } from '../../../lib/localized-text';
import { usePageTitle } from '../../../lib/page-title';
import { useCategoryGuidePage } from '../api/get-category-guide';
import { bySortOrder, guidePath, searchPath } from '../lib/guide-tree';
import { useBookCountText } from './book-count';
import { CategoryDescription, primaryName, SecondaryName } from './category-names';
import { GuideBookCard } from './guide-book-card';

/** /category-guide/{key}: one category with its texts, sub-categories, popular books and most read authors. */
export function CategoryPage() {
  const { categoryKey = '' } = useParams();
  const page = useCategoryGuidePage(categoryKey);
  const language = usePageLanguage();
  usePageTitle(page.data ? primaryName(page.data.category, language).text : null);
  if (page.isError && isNotFound(page.error))
    return (
      <NotFoundState
        titleKey="categoryGuide.notFound.title"
        descriptionKey="categoryGuide.notFound.description"
        back={{ to: '/category-guide', labelKey: 'categoryGuide.backToGuide' }}
      />
    );
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-8 sm:px-6">
      {page.isError ? (
        <LoadErrorState
          error={page.error}
          onRetry={() => void page.refetch()}
          titleKey="categoryGuide.loadError"
          className="py-6"
        />
      ) : page.data ? (
        <CategoryContent data={page.data} />
      ) : (
        <div aria-hidden className="flex flex-col gap-3" data-testid="page-skeleton">
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-28 w-full" />
        </div>
      )}
    </div>
  );
}

function Breadcrumbs({ ancestors, current }: { ancestors: GuideCategory[]; current: GuideCategory }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const separator = <ChevronRight aria-hidden className="size-4 shrink-0 text-muted rtl:rotate-180" />;
  return (
    <nav aria-label={t('categoryGuide.breadcrumbs')}>
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        <li className="flex items-center gap-1">
          <Link to="/category-guide" className="text-primary hover:underline">
            {t('pages.categoryGuide')}
          </Link>
          {separator}
        </li>
        {ancestors.map((ancestor) => {
          const name = primaryName(ancestor, language);
          return (
            <li key={ancestor.id} className="flex items-center gap-1">
              <Link to={guidePath(ancestor.key)} lang={name.lang} className="text-primary hover:underline">
                {name.text}
              </Link>
              {separator}
            </li>
          );
        })}
        <li>
          <span aria-current="page" lang={primaryName(current, language).lang} className="text-muted">
            {primaryName(current, language).text}
          </span>
        </li>
      </ol>
    </nav>
  );
}

function CategoryContent({ data }: { data: CategoryGuidePage }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const countText = useBookCountText();
  const { category } = data;
  const name = primaryName(category, language);
  const hasDescription = Boolean(pickLocalized(category.description_en, category.description_ar, language));
  return (
    <>
      <Breadcrumbs ancestors={data.ancestors} current={category} />
      <header className="flex flex-col gap-3">
        <div>
          <h1 lang={name.lang} className="font-display text-3xl font-bold">
            {name.text}
          </h1>
          <SecondaryName category={category} language={language} className="text-base" />
        </div>
        {hasDescription ? (
          <CategoryDescription category={category} language={language} className="max-w-3xl" />
        ) : (
          <p className="text-muted">{t('categoryGuide.noDescription')}</p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-muted" data-testid="category-book-count">
            {countText(category.book_count)}
          </span>
          {category.book_count > 0 ? (
            <Link to={searchPath(category.key)} className={buttonClass('primary')} data-testid="see-all-books">
              <Search aria-hidden className="size-4" />
              {t('categoryGuide.seeAll', {
                count: category.book_count,
                number: formatNumber(category.book_count, language),
              })}
            </Link>
          ) : null}
        </div>
      </header>

      {data.children.length > 0 ? (
        <section aria-labelledby="subcategories-heading" className="flex flex-col gap-3">
          <h2 id="subcategories-heading" className="font-display text-xl font-bold">
            {t('categoryGuide.subcategoriesHeading')}
          </h2>
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {bySortOrder(data.children, language).map((child) => {
              const childName = primaryName(child, language);
              return (
                <li
                  key={child.id}
                  className="flex flex-col gap-1 rounded-app border border-border bg-surface p-3"
                  data-testid="guide-subcategory"
                >
                  <Link
                    to={guidePath(child.key)}
                    lang={childName.lang}
                    className="font-semibold text-primary hover:underline"
                  >
                    {childName.text}
                  </Link>
                  <SecondaryName category={child} language={language} className="text-xs" />
                  <span className="text-xs text-muted">{countText(child.book_count)}</span>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="popular-heading" className="flex flex-col gap-3">
        <h2 id="popular-heading" className="font-display text-xl font-bold">
          {t('categoryGuide.popularBooks')}
        </h2>
        {data.books.length > 0 ? (
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
            {data.books.map((book) => (
              <li key={book.id}>
                <GuideBookCard book={book} />
              </li>
            ))}
          </ul>
        ) : (
          <div
            className="flex flex-col items-start gap-2 rounded-app border border-dashed border-border p-4"
            data-testid="no-books"
          >
            <p className="flex items-center gap-2 font-semibold">
              <BookOpen aria-hidden className="size-4" />
              {t('categoryGuide.noBooks.title')}
            </p>
            <p className="text-sm text-muted">{t('categoryGuide.noBooks.description')}</p>
            <Link to="/category-guide" className="text-sm font-semibold text-primary hover:underline">
              {t('categoryGuide.backToGuide')}
            </Link>
          </div>
        )}
      </section>

      {data.authors.length > 0 ? (
        <section aria-labelledby="authors-heading" className="flex flex-col gap-3">
          <h2 id="authors-heading" className="font-display text-xl font-bold">
            {t('categoryGuide.topAuthors')}
          </h2>
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {data.authors.map((author) => (
              <li key={author.id}>
                <AuthorItem author={author} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

function AuthorItem({ author }: { author: GuideAuthor }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const countText = useBookCountText();
  const name = pickLocalized(author.name, author.name_ar, language);
  return (
    <Link
      to={`/author/${author.id}`}
      className="flex items-center gap-3 rounded-app border border-border bg-surface p-3 hover:border-primary hover:bg-surface-2"
      data-testid="guide-author"
    >
      {author.image ? (
        <img
          src={imageUrl(author.image, 48, 48)}
          alt=""
          width={48}
          height={48}
          className="size-12 shrink-0 rounded-full object-cover"
        />
      ) : (
        <span
          aria-hidden
          className="flex size-12 shrink-0 items-center justify-center rounded-full bg-surface-2 font-semibold text-muted"
        >
          {getInitials(name?.text)}
        </span>
      )}
      <span className="flex min-w-0 flex-col">
        <span
          lang={name?.lang}
          dir="auto"
          title={name?.text}
          className="line-clamp-2 break-words font-semibold text-fg"
        >
          {name?.text ?? t('catalogue.unknownAuthor')}
        </span>
        <span className="text-xs text-muted">
          {t('categoryGuide.authorBooks', { count: author.book_count, number: countText(author.book_count) })}
        </span>
      </span>
    </Link>
  );
}
