import type { BookSummary } from '@maktaba/shared/schemas/catalogue';
import { type ComponentType, createContext, useContext } from 'react';

/** The book fields a bookmark control needs: what a shelf card, a book page and a search result all carry. */
export type BookmarkTarget = Pick<
  BookSummary,
  'id' | 'title' | 'title_ar' | 'author_name' | 'author_name_ar' | 'cover_image'
> & { category_key?: string | null };

export type BookmarkActionProps = {
  book: BookmarkTarget;
  /** `icon` is the compact form for cards; `button` shows its state in words. */
  variant?: 'button' | 'icon';
  className?: string;
};

const BookmarkActionContext = createContext<ComponentType<BookmarkActionProps> | null>(null);

/**
 * The app gives the bookmarks feature's toggle here (app-layout.tsx), so the catalogue and search
 * show it on their cards without reaching into another feature.
 */
export const BookmarkActionProvider = BookmarkActionContext.Provider;

/** A book's bookmark control, where the app provides one; nothing otherwise. */
export function BookmarkAction(props: BookmarkActionProps) {
  const Toggle = useContext(BookmarkActionContext);
  return Toggle ? <Toggle {...props} /> : null;
}
