import { create } from 'zustand';

export type FeedbackTab = 'feedback' | 'bug';

type FeedbackState = {
  isOpen: boolean;
  /** Set once the dialog has been asked for: from then on its code is loaded and it stays mounted. */
  wasRequested: boolean;
  tab: FeedbackTab;
  /** Where the dialog was opened from: the path and query of the page being read. */
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

/** The page being read, as the router shows it (path and query). */
const currentPage = () => `${window.location.pathname}${window.location.search}`;

/**
 * Opens the feedback dialog from anywhere: on a tab, and with the page it is about. Without a
 * page named by the caller, it is the page open now, so a report is never sent without one
 * (whether it was opened from the footer, the account menu or elsewhere).
 */
export function openFeedback(options: { tab?: FeedbackTab; pageContext?: string } = {}) {
  useFeedbackStore.setState({
    opener: findOpener(),
    isOpen: true,
    wasRequested: true,
    tab: options.tab ?? 'feedback',
    pageContext: options.pageContext ?? currentPage(),
    openedAt: Date.now(),
  });
}
