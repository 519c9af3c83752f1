import { LogIn, Menu, Search, X } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { autocompleteClient } from '../../components/search-autocomplete/get-suggestions';
import { SearchAutocomplete } from '../../components/search-autocomplete/search-autocomplete';
import { buttonClass } from '../../components/ui/button';
import { openFeedback } from '../../features/feedback/hooks/feedback-store';
import { NotificationFeed } from '../../features/notifications/components/notification-feed';
import { useAuthStore } from '../../lib/auth/use-auth';
import { lazyWhenOnline } from '../../lib/network';
import { useSidebarStore } from './sidebar-store';

// Signed-in readers' controls, with their menu and popover code: a visitor's first page does not
// download them. The notifications they show are fetched, and their live stream opened, by
// NotificationFeed, which comes with the header: as soon as someone is signed in, as before.
const NotificationBell = lazyWhenOnline(
  () => import('../../features/notifications/components/notification-bell'),
  'NotificationBell',
);
const AccountMenu = lazyWhenOnline(() => import('../../features/auth/components/account-menu'), 'AccountMenu');
/** Holds a control's place while its code loads, so the header does not shift. */
const ControlPlaceholder = () => <span aria-hidden className="inline-block size-11" />;

/**
 * Header (reader-area §2.2): menu toggle, a search box with suggestions (from 768 px; on phones a
 * button opens it under the header), the bell and the account menu, or a sign-in button.
 */
export function Header() {
  const { t } = useTranslation();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const { isOpen, setOpen } = useSidebarStore();
  const [isSearchOpen, setSearchOpen] = useState(false);
  // The search page has a box of its own, which keeps the chosen filters: one box there, not two.
  const hasSearch = useLocation().pathname !== '/search';
  const userId = useAuthStore((state) => state.user?.id ?? null);
  // Suggestions carry the reader's own recent searches: what was kept for one reader is not shown to the next.
  useEffect(() => autocompleteClient.setReader(userId), [userId]);
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-border bg-surface/90 px-4 backdrop-blur">
      <button
        type="button"
        className="inline-flex size-11 items-center justify-center rounded-app hover:bg-surface-2 lg:hidden"
        aria-label={t('nav.openMenu')}
        aria-expanded={isOpen}
        aria-controls="app-drawer"
        onClick={() => setOpen(true)}
      >
        <Menu aria-hidden className="size-5" />
      </button>
      <span className="font-display text-lg font-bold lg:hidden">{t('app.name')}</span>
      {hasSearch ? (
        <div className="hidden min-w-0 flex-1 md:block">
          <SearchAutocomplete
            variant="compact"
            className="max-w-md"
            label={t('header.search.label')}
            placeholder={t('header.search.placeholder')}
          />
        </div>
      ) : null}
      <div className="ms-auto flex items-center gap-2">
        {hasSearch ? (
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-app hover:bg-surface-2 md:hidden"
            aria-label={t(isSearchOpen ? 'header.search.close' : 'header.search.open')}
            aria-expanded={isSearchOpen}
            aria-controls="header-search"
            onClick={() => setSearchOpen((open) => !open)}
          >
            {isSearchOpen ? <X aria-hidden className="size-5" /> : <Search aria-hidden className="size-5" />}
          </button>
        ) : null}
        {isAuthenticated ? (
          <>
            <NotificationFeed />
            <Suspense
              fallback={
                <>
                  <ControlPlaceholder />
                  <ControlPlaceholder />
                </>
              }
            >
              <NotificationBell />
              <AccountMenu onFeedback={() => openFeedback()} />
            </Suspense>
          </>
        ) : (
          <Link to="/signin" className={buttonClass('primary')}>
            <LogIn aria-hidden className="flip-rtl size-4" />
            {t('nav.signIn')}
          </Link>
        )}
      </div>
      <div
        id="header-search"
        hidden={!isSearchOpen}
        className="absolute inset-x-0 top-full border-b border-border bg-surface p-2 md:hidden"
      >
        {isSearchOpen && hasSearch ? (
          <SearchAutocomplete
            variant="compact"
            autoFocus
            label={t('header.search.label')}
            placeholder={t('header.search.placeholder')}
            onNavigate={() => setSearchOpen(false)}
          />
        ) : null}
      </div>
    </header>
  );
}
