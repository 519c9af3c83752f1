import { isBookmarkableBookId } from '@maktaba/shared/schemas/bookmarks';
import { clsx } from 'clsx';
import { Bookmark, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BookmarkActionProps } from '../../../components/bookmark-action';
import { buttonClass } from '../../../components/ui/button';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { pickLocalized } from '../../../lib/localized-text';
import { useAddBookmark } from '../api/add-bookmark';
import { useRemoveBookmarkByBook } from '../api/remove-bookmark';
import { useBookmarkState } from '../hooks/use-bookmarks';

/**
 * Bookmarks a book or removes its bookmark (reader-area §4.3): pressed when bookmarked, a spinner
 * while the change is on its way, disabled for an id that is not a UUID. Visitors do not see it.
 * `icon` is the compact form for cards (its name says which book); `button` shows its state in words.
 */
export function BookmarkToggle({ book, variant = 'button', className }: BookmarkActionProps) {
  const { t } = useTranslation();
  const isSignedIn = useAuthStore((state) => state.isAuthenticated && state.profileComplete);
  const { isBookmarked, isPending, isLoading } = useBookmarkState(book.id);
  const add = useAddBookmark();
  const removeByBook = useRemoveBookmarkByBook();
  const language = usePageLanguage();
  if (!isSignedIn) return null;

  const isBookmarkable = isBookmarkableBookId(book.id);
  const Icon = isPending ? Loader2 : Bookmark;
  const onToggle = () => {
    if (isBookmarked) void removeByBook(book.id);
    else
      void add({
        id: book.id,
        bookTitle: book.title,
        bookTitleAr: book.title_ar,
        bookAuthor: book.author_name,
        bookAuthorAr: book.author_name_ar,
        bookCoverImage: book.cover_image,
        bookCategoryKey: book.category_key ?? null,
      });
  };
  const title = pickLocalized(book.title, book.title_ar, language)?.text ?? t('catalogue.unknownTitle');
  return (
    <button
      type="button"
      aria-pressed={isBookmarked}
      aria-busy={isPending || undefined}
      aria-label={variant === 'icon' ? t('bookmarks.toggle.labelFor', { title }) : undefined}
      title={variant === 'icon' ? t(isBookmarked ? 'bookmarks.toggle.remove' : 'bookmarks.toggle.add') : undefined}
      disabled={!isBookmarkable || isPending || isLoading}
      onClick={onToggle}
      data-testid="bookmark-toggle"
      className={
        variant === 'icon'
          ? clsx(
              'inline-flex size-11 items-center justify-center rounded-full border border-border bg-surface/90 shadow-sm transition hover:bg-surface-2 disabled:cursor-not-allowed disabled:opacity-60',
              isBookmarked ? 'text-primary' : 'text-fg',
              className,
            )
          : buttonClass(isBookmarked ? 'primary' : 'secondary', className)
      }
    >
      <Icon
        aria-hidden
        className={clsx('size-5', isPending && 'animate-spin')}
        fill={isBookmarked && !isPending ? 'currentColor' : 'none'}
      />
      {variant === 'button' ? (
        <span>{t(isBookmarked ? 'bookmarks.toggle.bookmarked' : 'bookmarks.toggle.bookmark')}</span>
      ) : null}
    </button>
  );
}
