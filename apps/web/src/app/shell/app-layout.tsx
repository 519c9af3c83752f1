import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { type BookmarkActionProps, BookmarkActionProvider } from '../../components/bookmark-action';
import { BorrowActionProvider } from '../../components/borrow-action';
import { CollectionActionProvider, FeaturedCollectionsProvider } from '../../components/collection-slots';
import { PageLoading } from '../../components/page-loading';
import { VerifyEmailBanner } from '../../components/verify-email-banner';
import { AddToCollectionButton } from '../../features/collections/components/add-to-collection-button';
import { FeaturedCollections } from '../../features/collections/components/featured-collections';
import { FeedbackHost } from '../../features/feedback/components/feedback-host';
import { refreshLoans } from '../../features/loans/lib/refresh-loans';
import { useAuthStore } from '../../lib/auth/use-auth';
import { withWholeCatalogue } from '../../lib/i18n';
import { onLiveNotification } from '../../lib/live-notifications';
import { lazyWhenOnline } from '../../lib/network';
import { Footer } from './footer';
import { Header } from './header';
import { SidebarContent } from './sidebar';
import { useSidebarStore } from './sidebar-store';

const Drawer = lazyWhenOnline(() => import('./drawer'), 'Drawer');

// Only book pages and guide steps show it: its code (the borrow dialog, loan summaries, waiting
// lists) comes with the first of them, not with every page.
const BorrowButton = lazyWhenOnline(
  () => withWholeCatalogue(import('../../features/loans/components/borrow-button')),
  'BorrowButton',
);

// Visitors do not see the bookmark toggle: its code (and the bookmarks' validation) comes once
// someone is signed in, fetched ahead by the shell.
const loadBookmarkToggle = () => import('../../features/bookmarks/components/bookmark-toggle');
const LazyBookmarkToggle = lazyWhenOnline(loadBookmarkToggle, 'BookmarkToggle');

function BookmarkToggle(props: BookmarkActionProps) {
  const isSignedIn = useAuthStore((state) => state.isAuthenticated && state.profileComplete);
  if (!isSignedIn) return null;
  return (
    <Suspense fallback={null}>
      <LazyBookmarkToggle {...props} />
    </Suspense>
  );
}

/**
 * The reading shell: a sidebar fixed at the inline start from 1024 px, a drawer with an overlay
 * below that (closing on navigation), the header, the page and the footer (not on /ask), and the
 * feedback dialog once asked for. It gives the bookmarks feature's toggle to the cards of the
 * catalogue and of search (components/bookmark-action.tsx), the loans feature's borrow control to
 * the book page (components/borrow-action.tsx), the collections feature's "Add to collection" and
 * featured collections to the pages (components/collection-slots.tsx), and reads the reader's loans
 * again whenever a live notification comes in (the library approved, shipped or received one).
 */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const { isOpen, setOpen } = useSidebarStore();
  // Mounted from its first opening on, so that it can close as it always has.
  const [hasOpenedDrawer, setHasOpenedDrawer] = useState(isOpen);
  if (isOpen && !hasOpenedDrawer) setHasOpenedDrawer(true);
  const queryClient = useQueryClient();

  useEffect(() => onLiveNotification(() => refreshLoans(queryClient)), [queryClient]);
  const isSignedIn = useAuthStore((state) => state.isAuthenticated && state.profileComplete);
  useEffect(() => {
    if (isSignedIn) void loadBookmarkToggle();
  }, [isSignedIn]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the drawer on every navigation.
  useEffect(() => {
    setOpen(false);
  }, [pathname, setOpen]);

  return (
    <BookmarkActionProvider value={BookmarkToggle}>
      <BorrowActionProvider value={BorrowButton}>
        <div className="min-h-dvh bg-bg">
          <a
            href="#main"
            className="sr-only z-50 rounded-app bg-primary px-4 py-2 text-primary-fg focus:not-sr-only focus:fixed focus:start-4 focus:top-4 focus:inline-flex focus:min-h-11 focus:items-center"
          >
            {t('app.skipToContent')}
          </a>
          <aside
            className="fixed inset-y-0 start-0 z-20 hidden w-56 border-e border-border bg-surface lg:block"
            data-testid="sidebar"
          >
            <SidebarContent />
          </aside>
          {hasOpenedDrawer ? (
            <Suspense fallback={null}>
              <Drawer open={isOpen} onOpenChange={setOpen} />
            </Suspense>
          ) : null}
          <div className="flex min-h-dvh flex-col lg:ms-56">
            <Header />
            <VerifyEmailBanner />
            {navigation.state === 'loading' ? (
              <div className="h-0.5 w-full animate-pulse bg-primary" aria-hidden data-testid="navigation-progress" />
            ) : null}
            <main id="main" tabIndex={-1} className="flex-1 outline-none">
              {navigation.state === 'loading' && navigation.location?.pathname !== pathname ? (
                <PageLoading />
              ) : (
                <CollectionActionProvider value={AddToCollectionButton}>
                  <FeaturedCollectionsProvider value={FeaturedCollections}>
                    <Outlet />
                  </FeaturedCollectionsProvider>
                </CollectionActionProvider>
              )}
            </main>
            {/* reader-area §2.1: /ask is the path on which the footer is hidden. */}
            {pathname === '/ask' ? null : <Footer />}
          </div>
          <FeedbackHost />
        </div>
      </BorrowActionProvider>
    </BookmarkActionProvider>
  );
}
