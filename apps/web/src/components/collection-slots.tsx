import type { BookSummary } from '@maktaba/shared/schemas/catalogue';
import { type ComponentType, createContext, useContext } from 'react';

/** The book fields "Add to collection" needs: its id, and its titles for the dialog. */
export type CollectionTarget = Pick<BookSummary, 'id' | 'title' | 'title_ar'>;

export type CollectionActionProps = {
  book: CollectionTarget;
  /** `icon` is the compact form for cards; `button` says what it does in words. */
  variant?: 'button' | 'icon';
  className?: string;
};

const CollectionActionContext = createContext<ComponentType<CollectionActionProps> | null>(null);
const FeaturedCollectionsContext = createContext<ComponentType | null>(null);

/**
 * The app gives the collections feature's pieces here (app-layout.tsx): "Add to collection" for
 * the book page and the cards, and the featured collections for the home page, so the catalogue
 * shows them without reaching into another feature.
 */
export const CollectionActionProvider = CollectionActionContext.Provider;
export const FeaturedCollectionsProvider = FeaturedCollectionsContext.Provider;

/** A book's "Add to collection" control, where the app provides one; nothing otherwise. */
export function CollectionAction(props: CollectionActionProps) {
  const Action = useContext(CollectionActionContext);
  return Action ? <Action {...props} /> : null;
}

/** The home page's featured collections, where the app provides them; nothing otherwise. */
export function FeaturedCollectionsSlot() {
  const Featured = useContext(FeaturedCollectionsContext);
  return Featured ? <Featured /> : null;
}
