import { FEEDBACK_KINDS, FEEDBACK_STATUSES, SEVERITIES } from '@maktaba/shared/schemas/feedback';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { apiErrorKey } from '../../../lib/api-error-text';
import { formatNumber } from '../../../lib/format';
import { useSearchParamsPatch } from '../../../lib/hooks/use-search-params-patch';
import { pageCount } from '../../../lib/paging';
import { type InboxFilter, useFeedbackInbox } from '../api/list-feedback';
import { InboxList } from './inbox-list';
import { ReportDialog } from './report-dialog';

const FILTERS = [
  ['kind', FEEDBACK_KINDS, 'feedback.kinds'],
  ['status', FEEDBACK_STATUSES, 'feedback.statuses'],
  ['severity', SEVERITIES, 'feedback.severities'],
] as const;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

/** /library/feedback: the staff inbox of feedback and bug reports, filters and page in the URL. */
export function FeedbackInboxPage() {
  const { t, i18n } = useTranslation();
  const [params, update] = useSearchParamsPatch();
  const filter: InboxFilter = {
    kind: oneOf(FEEDBACK_KINDS, params.get('kind')),
    status: oneOf(FEEDBACK_STATUSES, params.get('status')),
    severity: oneOf(SEVERITIES, params.get('severity')),
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const inbox = useFeedbackInbox(filter);
  const selected = params.get('report');

  const pages = inbox.data ? pageCount(inbox.data.total, inbox.data.page_size) : 1;
  const number = (value: number) => formatNumber(value, i18n.language);

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <h1 className="font-display text-3xl font-bold">{t('feedback.inbox.title')}</h1>
      <p className="mt-1 text-muted">{t('feedback.inbox.description')}</p>
      <div className="mt-6 flex flex-wrap items-end gap-3">
        {FILTERS.map(([key, values, labels]) => (
          <div key={key} className="flex flex-col gap-1">
            <label htmlFor={`inbox-${key}`} className="text-sm font-semibold">
              {t(`feedback.inbox.filters.${key}`)}
            </label>
            <select
              id={`inbox-${key}`}
              value={filter[key] ?? ''}
              onChange={(event) => update({ [key]: event.target.value || null, page: null })}
              className="min-h-11 rounded-app border border-border bg-surface px-3"
            >
              <option value="">{t('feedback.inbox.filters.all')}</option>
              {values.map((value) => (
                <option key={value} value={value}>
                  {t(`${labels}.${value}`)}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <div className="mt-6 flex flex-col gap-4">
        {inbox.isError ? (
          <Alert
            variant="destructive"
            title={t('feedback.inbox.loadError')}
            action={
              <Button variant="secondary" onClick={() => void inbox.refetch()}>
                {t('feedback.inbox.retry')}
              </Button>
            }
          >
            {t(apiErrorKey(inbox.error))}
          </Alert>
        ) : inbox.data ? (
          <>
            <p className="text-sm text-muted" aria-live="polite" data-testid="inbox-total">
              {t('feedback.inbox.total', { count: inbox.data.total, formatted: number(inbox.data.total) })}
            </p>
            {inbox.data.items.length > 0 ? (
              <InboxList items={inbox.data.items} onOpen={(id) => update({ report: id })} />
            ) : (
              <p className="rounded-app border border-border bg-surface p-6 text-center text-muted">
                {t('feedback.inbox.empty')}
              </p>
            )}
            {pages > 1 ? (
              <nav aria-label={t('feedback.inbox.pagination')} className="flex items-center justify-between gap-3">
                <Button
                  variant="secondary"
                  disabled={filter.page <= 1}
                  onClick={() => update({ page: filter.page > 2 ? String(filter.page - 1) : null })}
                >
                  {t('feedback.inbox.previous')}
                </Button>
                <span className="text-sm text-muted">
                  {t('feedback.inbox.page', { page: number(filter.page), pages: number(pages) })}
                </span>
                <Button
                  variant="secondary"
                  disabled={filter.page >= pages}
                  onClick={() => update({ page: String(filter.page + 1) })}
                >
                  {t('feedback.inbox.next')}
                </Button>
              </nav>
            ) : null}
          </>
        ) : (
          <Skeleton className="h-64 w-full" />
        )}
      </div>
      <ReportDialog id={selected} onClose={() => update({ report: null })} />
    </div>
  );
}
