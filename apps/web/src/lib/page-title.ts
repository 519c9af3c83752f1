import { useEffect } from 'react';
import { create } from 'zustand';

type PageTitleStore = {
  /** What the page on screen shows (a book's title, an author's name), or null for the route's own title. */
  name: string | null;
  setName: (name: string | null) => void;
};

export const usePageTitleStore = create<PageTitleStore>((set) => ({
  name: null,
  setName: (name) => set({ name }),
}));

/**
 * Names the record a page shows in the document title ("Nahj al-Balagha · Book · Maktaba"), so
 * tabs, history and screen readers tell pages of one kind apart. The name goes when the page does.
 */
export function usePageTitle(name: string | null | undefined) {
  const setName = usePageTitleStore((state) => state.setName);
  useEffect(() => {
    setName(name?.trim() ? name.trim() : null);
    return () => setName(null);
  }, [name, setName]);
}
