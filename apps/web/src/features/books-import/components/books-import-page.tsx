import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImport } from '../api/get-import';
import { importsQueryOptions } from '../api/list-imports';
import { ImportForm } from './import-form';
import { ImportProgress } from './import-progress';
import { RecentImports } from './recent-imports';

/** /admin/books-import: add or update books from a JSON Lines or CSV file. */
export function BooksImportPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(null);
  const status = useImport(jobId).data?.status;
  // The recent list shows the finished import's counts once it is done.
  useEffect(() => {
    if (status && status !== 'running')
      void queryClient.invalidateQueries({ queryKey: importsQueryOptions().queryKey });
  }, [status, queryClient]);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-8 sm:py-10">
      <div>
        <h1 className="font-display text-3xl font-bold">{t('pages.admin.booksImport')}</h1>
        <p className="mt-1 text-muted">{t('import.page.intro')}</p>
      </div>
      <section
        className="rounded-app border border-border bg-surface p-4 sm:p-6"
        aria-label={t('pages.admin.booksImport')}
      >
        <ImportForm onStarted={setJobId} />
      </section>
      {jobId ? <ImportProgress id={jobId} /> : null}
      <RecentImports onShow={setJobId} />
    </div>
  );
}
