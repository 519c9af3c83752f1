import type { Bookmark } from '@maktaba/shared/schemas/bookmarks';
import { Loader2, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookCover } from '../../../components/book-cover';
import { Button } from '../../../components/ui/button';
import { formatDate } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { pickLocalized, pickSecondary } from '../../../lib/localized-text';
import { useIsRemovingBookmark, useRemoveBookmark } from '../api/remove-bookmark';
import { isTemporary } from '../lib/bookmarks-cache';

/** One bookmark: cover, title in the reader's language (the other under it), author, and its remove button. */
export function BookmarkItem({ bookmark }: { bookmark: Bookmark }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const isRemoving = useIsRemovingBookmark(bookmark.id);
  const removeById = useRemoveBookmark();
  const title = pickLocalized(bookmark.bookTitle, bookmark.bookTitleAr, language);
  const secondary = pickSecondary(bookmark.bookTitle, bookmark.bookTitleAr, language);
  const author = pickLocalized(bookmark.bookAuthor, bookmark.bookAuthorAr, language);
  const unknownTitle = t('catalogue.unknownTitle');
  const titleText = bookmark.book_visible ? (title?.text ?? unknownTitle) : t('myImam.bookmarks.unavailable');
  const added = formatDate(bookmark.created_at, language);
  return (
    <article
      className="flex items-center gap-4 rounded-app border border-border bg-surface p-3"
      data-testid="my-bookmark"
    >
      <BookCover
        book={{
          cover_image: bookmark.bookCoverImage,
          title: bookmark.bookTitle,
          title_ar: bookmark.bookTitleAr,
          category_key: bookmark.bookCategoryKey,
        }}
        text={{ title, author, unknownTitle, unknownAuthor: t('catalogue.unknownAuthor') }}
        width={64}
        height={96}
        size="xs"
        className="w-16 shrink-0"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        {bookmark.book_visible ? (
          <Link
            to={`/book/${bookmark.book_id}`}
            lang={title?.lang}
            dir="auto"
            className="flex min-h-11 items-center font-semibold leading-snug hover:text-primary hover:underline"
            data-testid="my-bookmark-title"
          >
            {/* The link is a 44 px target; the title inside it keeps to two lines. */}
            <span className="line-clamp-2">{titleText}</span>
          </Link>
        ) : (
          <span className="font-semibold text-muted">{titleText}</span>
        )}
        {bookmark.book_visible && secondary ? (
          <p className="line-clamp-1 text-sm text-muted">
            <bdi lang={secondary.lang}>{secondary.text}</bdi>
          </p>
        ) : null}
        {bookmark.book_visible ? (
          <span lang={author?.lang} dir="auto" className="line-clamp-1 text-sm">
            {author?.text ?? t('catalogue.unknownAuthor')}
          </span>
        ) : null}
        <span className="text-xs text-muted">{t('myImam.bookmarks.added', { date: added })}</span>
      </div>
      <Button
        variant="ghost"
        className="shrink-0 px-3"
        onClick={() => void removeById(bookmark.id)}
        disabled={isRemoving || isTemporary(bookmark)}
        aria-busy={isRemoving || undefined}
        aria-label={t('myImam.bookmarks.removeFor', { title: titleText })}
        data-testid="my-bookmark-remove"
      >
        {isRemoving ? (
          <Loader2 aria-hidden className="size-4 animate-spin" />
        ) : (
          <Trash2 aria-hidden className="size-4" />
        )}
        <span className="hidden sm:inline">{t('myImam.bookmarks.remove')}</span>
      </Button>
    </article>
  );
}
