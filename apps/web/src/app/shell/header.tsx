import { Bell, LogIn, Menu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { AccountMenu } from '../../features/auth/components/account-menu';
import { useAuthStore } from '../../features/auth/hooks/use-auth';
import { useSidebarStore } from './sidebar-store';

/** Header (reader-area §2.2): menu toggle, the bell and the account menu, or a sign-in button. */
export function Header() {
  const { t } = useTranslation();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const { isOpen, setOpen } = useSidebarStore();
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-border bg-surface/90 px-4 backdrop-blur">
      <button
        type="button"
        className="inline-flex size-10 items-center justify-center rounded-app hover:bg-surface-2 lg:hidden"
        aria-label={t('nav.openMenu')}
        aria-expanded={isOpen}
        aria-controls="app-drawer"
        onClick={() => setOpen(true)}
      >
        <Menu aria-hidden className="size-5" />
      </button>
      <span className="font-display text-lg font-bold lg:hidden">{t('app.name')}</span>
      <div className="ms-auto flex items-center gap-2">
        {isAuthenticated ? (
          <>
            <button
              type="button"
              className="inline-flex size-10 items-center justify-center rounded-app hover:bg-surface-2"
              aria-label={t('header.notifications')}
            >
              <Bell aria-hidden className="size-5" />
            </button>
            <AccountMenu />
          </>
        ) : (
          <Link to="/signin" className={buttonClass('primary')}>
            <LogIn aria-hidden className="flip-rtl size-4" />
            {t('nav.signIn')}
          </Link>
        )}
      </div>
    </header>
  );
}
