import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageToggle } from '../../components/language-toggle';
import { Logo } from '../../components/logo';
import { useAuthStore } from '../../lib/auth/use-auth';
import { formatYear } from '../../lib/format';

/**
 * The frame of the pages outside the shell (sign-in, registration, the Google return, the new
 * password, the privacy policy): the library's name leading home, the language switch, and a
 * footer with the privacy policy. The pages draw only their content, and their own <main>.
 */
export function PublicLayout() {
  const { t, i18n } = useTranslation();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const year = formatYear(new Date().getFullYear(), i18n.language);
  return (
    <div className="flex min-h-dvh flex-col bg-bg">
      <header className="border-b border-border bg-surface" data-testid="public-header">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-2">
          <Link
            to={isAuthenticated ? '/' : '/signin'}
            className="inline-flex min-h-11 items-center gap-2 rounded-app px-1 font-display text-lg font-bold"
          >
            <Logo className="size-8" />
            {t('app.name')}
          </Link>
          <LanguageToggle className="inline-flex min-h-11 items-center gap-2 rounded-app px-3 hover:bg-surface-2" />
        </div>
      </header>
      <div className="flex flex-1 flex-col">
        <Outlet />
      </div>
      <footer className="border-t border-border text-sm text-muted" data-testid="public-footer">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-4 py-3 sm:flex-row">
          <p>{t('footer.copyright', { year })}</p>
          <Link to="/privacy" className="inline-flex min-h-11 items-center rounded-app px-3 hover:underline">
            {t('footer.privacy')}
          </Link>
        </div>
      </footer>
    </div>
  );
}
