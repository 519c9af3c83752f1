import { Settings } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { MyImamQuestions } from '../../features/ask/components/my-imam-questions';
import { MyBookmarks } from '../../features/bookmarks/components/my-bookmarks';
import { MyImamCollections } from '../../features/collections/components/my-imam-collections';
import { MyImamGuides } from '../../features/guides/components/my-imam-guides';
import { MyHolds } from '../../features/loans/components/my-holds';
import { MyLoans } from '../../features/loans/components/my-loans';
import { useAuthStore } from '../../lib/auth/use-auth';

/** /myimam: the reader's own area (reader-area §2.1): a greeting, their loans, their waiting lists, their bookmarks and their settings. */
export function MyImamPage() {
  const { t } = useTranslation();
  const name = useAuthStore((state) => state.displayName ?? state.email);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-8 sm:py-10">
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-bold">{t('pages.myImam')}</h1>
        <p className="text-xl" data-testid="my-imam-greeting">
          {name ? (
            // The name keeps its own direction inside a sentence of the other script.
            <Trans i18nKey="myImam.greeting" values={{ name }} components={{ name: <bdi /> }} />
          ) : (
            t('myImam.greetingNoName')
          )}
        </p>
        <p className="text-muted">{t('myImam.subtitle')}</p>
      </header>
      <MyLoans />
      <MyHolds />
      <MyBookmarks />
      <MyImamCollections />
      <MyImamGuides />
      <MyImamQuestions />
      <section aria-labelledby="my-imam-account" className="rounded-app border border-border bg-surface p-4 sm:p-6">
        <h2 id="my-imam-account" className="font-display text-xl font-bold">
          {t('myImam.account.title')}
        </h2>
        <p className="mt-1 text-muted">{t('myImam.account.description')}</p>
        <Link to="/settings" className={buttonClass('secondary', 'mt-4')}>
          <Settings aria-hidden className="size-4" />
          {t('myImam.account.settings')}
        </Link>
      </section>
    </div>
  );
}
