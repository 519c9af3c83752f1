import { create } from 'zustand';

export type FeedbackTab = 'feedback' | 'bug';

type FeedbackState = {
  isOpen: boolean;
  /** Set once the dialog has been asked for: from then on its code is loaded and it stays mounted. */
  wasRequested: boolean;
  tab: FeedbackTab;
  /** Where the dialog was opened from (a path), when a page asked for it. */
  pageContext: string | null;
  /** Bumped on every opening, so each opening starts with empty forms. */
  openedAt: number;
  /** Where focus goes back to when the dialog closes (it has no trigger of its own). */
  opener: HTMLElement | null;
  setOpen: (open: boolean) => void;
  setTab: (tab: FeedbackTab) => void;
};

export const useFeedbackStore = create<FeedbackState>((set) => ({
  isOpen: false,
  wasRequested: false,
  tab: 'feedback',
  pageContext: null,
  openedAt: 0,
  opener: null,
  setOpen: (isOpen) => set({ isOpen }),
  setTab: (tab) => set({ tab }),
}));

/**
 * The control that opened the dialog. An item of a menu goes away with its menu: focus then goes
 * back to the button that opened the menu.
 */
function findOpener(): HTMLElement | null {
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const menu = active?.closest<HTMLElement>('[role="menu"]');
  if (!menu?.id) return active;
  return document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`) ?? active;
}

/** Opens the feedback dialog from anywhere: on a tab, and with the page it is about. */
export function openFeedback(options: { tab?: FeedbackTab; pageContext?: string } = {}) {
  useFeedbackStore.setState({
    opener: findOpener(),
    isOpen: true,
    wasRequested: true,
    tab: options.tab ?? 'feedback',
    pageContext: options.pageContext ?? null,
    openedAt: Date.now(),
  });
}
