import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { quoteImportsQueryOptions, useQuoteImport } from '../api/quote-imports';
import { QuoteImportForm } from './quote-import-form';
import { QuoteImportProgress } from './quote-import-progress';
import { RecentQuoteImports } from './recent-quote-imports';

/** /library/quotes/import: add or update quotes from a JSON Lines file (id, quote, arabicQuote, author, source). */
export function QuotesImportPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(null);
  const status = useQuoteImport(jobId).data?.status;
  // The recent list shows the finished import's counts once it is done.
  useEffect(() => {
    if (status && status !== 'running')
      void queryClient.invalidateQueries({ queryKey: quoteImportsQueryOptions().queryKey });
  }, [status, queryClient]);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-8 sm:py-10">
      <div>
        <h1 className="font-display text-3xl font-bold">{t('pages.quotesImport')}</h1>
        <p className="mt-1 text-muted">{t('quotesImport.intro')}</p>
      </div>
      <section className="rounded-app border border-border bg-surface p-4 sm:p-6" aria-label={t('pages.quotesImport')}>
        <QuoteImportForm onStarted={setJobId} />
      </section>
      {jobId ? <QuoteImportProgress id={jobId} /> : null}
      <RecentQuoteImports onShow={setJobId} />
    </div>
  );
}
