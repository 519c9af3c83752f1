import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageToggle } from '../../../components/language-toggle';
import { Logo } from '../../../components/logo';

/** A full-screen page with one card, like the sign-in portal: the app's name, the language, the content. */
export function PasswordPageLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-bg">
      <header className="flex items-center justify-between gap-4 px-4 py-3">
        <Link to="/signin" className="inline-flex min-h-10 items-center gap-2 rounded-app px-1 font-display font-bold">
          <Logo className="size-8" />
          {t('app.name')}
        </Link>
        <LanguageToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-6 pb-12 sm:items-center sm:pt-0">
        <div className="w-full max-w-md rounded-app border border-border bg-surface p-6 shadow-sm sm:p-8">
          {children}
        </div>
      </main>
    </div>
  );
}
