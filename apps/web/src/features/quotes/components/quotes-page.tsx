import { can } from '@maktaba/shared/permissions';
import type { Quote } from '@maktaba/shared/schemas/quotes';
import { clsx } from 'clsx';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { OwnQuotes } from './own-quotes';
import { QuoteBrowser } from './quote-browser';
import { QuoteFormDialog } from './quote-form-dialog';
import { QuoteOfTheDay } from './quote-of-the-day';

const TABS = ['all', 'saved', 'mine'] as const;
type Tab = (typeof TABS)[number];

const tabOf = (value: string | null): Tab => (TABS.includes(value as Tab) ? (value as Tab) : 'all');

/** /quotes: the quote of the day, then All · Saved · My contributions, and contributing a quote. */
export function QuotesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const role = useAuthStore((state) => state.role);
  const tab = tabOf(params.get('tab'));
  const canContribute = can(role, 'quotes.create');
  const [dialog, setDialog] = useState<{ open: boolean; quote: Quote | null }>({ open: false, quote: null });
  const contribute = canContribute ? () => setDialog({ open: true, quote: null }) : undefined;
  const edit = (quote: Quote) => setDialog({ open: true, quote });

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-8 sm:py-10">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-display text-3xl font-bold">{t('quotes.title')}</h1>
          <p className="mt-1 text-muted">{t('quotes.description')}</p>
        </div>
        {contribute ? (
          <Button onClick={contribute}>
            <Plus aria-hidden className="size-4" />
            {t('quotes.contribute.open')}
          </Button>
        ) : null}
      </header>
      <QuoteOfTheDay />
      <section aria-labelledby="quotes-lists" className="flex flex-col gap-5">
        <h2 id="quotes-lists" className="sr-only">
          {t('quotes.tabs.label')}
        </h2>
        <nav aria-label={t('quotes.tabs.label')}>
          <ul className="flex w-full gap-1 overflow-x-auto rounded-app border border-border bg-surface-2 p-1 sm:w-fit">
            {TABS.map((key) => (
              <li key={key} className="flex-1 sm:flex-none">
                <Link
                  to={key === 'all' ? '/quotes' : `/quotes?tab=${key}`}
                  aria-current={tab === key ? 'page' : undefined}
                  className={clsx(
                    'flex min-h-11 items-center justify-center rounded-app px-3 text-center text-sm font-semibold whitespace-nowrap sm:px-4',
                    tab === key ? 'bg-surface text-primary shadow-sm' : 'text-muted hover:text-fg',
                  )}
                >
                  {t(`quotes.tabs.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {tab === 'all' ? (
          <QuoteBrowser onContribute={contribute} />
        ) : (
          <OwnQuotes key={tab} which={tab} onContribute={contribute} onEdit={edit} />
        )}
      </section>
      {canContribute ? (
        <QuoteFormDialog
          open={dialog.open}
          onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
          mode={dialog.quote ? 'own' : 'create'}
          quote={dialog.quote}
          canPublish={can(role, 'quotes.approve')}
          onSaved={(_quote, intent) => {
            // A new contribution waits for review: show it where its status is.
            if (!dialog.quote && intent !== 'publish') setParams({ tab: 'mine' });
          }}
        />
      ) : null}
    </div>
  );
}
