import { clsx } from 'clsx';
import { UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { TableFrame } from '../../../components/ui/table-frame';
import { apiErrorKey, apiErrorText } from '../../../lib/api-error-text';
import { formatExactTime, formatNumber, formatRelativeTime } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useSearchParamsPatch } from '../../../lib/hooks/use-search-params-patch';
import { pickLocalized } from '../../../lib/localized-text';
import { pageCount, parsePage } from '../../../lib/paging';
import { type QueueFilter, useAssign, useQueue } from '../api/staff-questions';
import type { StaffQuestion } from '../lib/types';
import { ResponseTimeForm } from './response-time-form';
import { StatusBadge } from './status-badge';

/** The queue's tabs: each a status, "assigned" split into the librarian's own and everyone's. */
const TABS = {
  new: { status: 'new' },
  mine: { status: 'assigned', assigned: 'me' },
  assigned: { status: 'assigned', assigned: 'anyone' },
  answered: { status: 'answered' },
  resolved: { status: 'resolved' },
} as const satisfies Record<string, Omit<QueueFilter, 'page'>>;
type Tab = keyof typeof TABS;
const isTab = (value: string | null): value is Tab => value !== null && value in TABS;

/**
 * /library/questions: the readers' questions for the librarians — new ones oldest first, the ones
 * assigned to oneself or anyone, answered, resolved — with "Assign to me", and the response time
 * the Ask page promises.
 */
export function StaffQueuePage() {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const [params, update] = useSearchParamsPatch();
  const tab: Tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'new';
  const page = parsePage(params.get('page'));
  const queue = useQueue({ ...TABS[tab], page });
  const number = (value: number) => formatNumber(value, language);
  const counts = queue.data?.counts;
  const countOf = (key: Tab) => (counts && key !== 'mine' ? counts[TABS[key].status] : null);
  const pages = queue.data ? pageCount(queue.data.total, queue.data.page_size) : 1;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:py-10">
      <header>
        <h1 className="font-display text-3xl font-bold">{t('ask.queue.title')}</h1>
        <p className="mt-1 text-muted">{t('ask.queue.description')}</p>
      </header>
      <nav aria-label={t('ask.queue.tabs')}>
        <ul className="flex flex-wrap gap-2">
          {(Object.keys(TABS) as Tab[]).map((key) => {
            const count = countOf(key);
            return (
              <li key={key}>
                <Link
                  to={`?tab=${key}`}
                  aria-current={key === tab ? 'page' : undefined}
                  className={clsx(
                    'inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-semibold',
                    key === tab
                      ? 'border-primary bg-primary text-primary-fg'
                      : 'border-border bg-surface hover:bg-surface-2',
                  )}
                  data-testid={`queue-tab-${key}`}
                >
                  {t(`ask.queue.tab.${key}`)}
                  {count !== null ? (
                    <span className="rounded-full bg-surface-2 px-2 text-fg">{number(count)}</span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {queue.isError ? (
        <Alert
          variant="destructive"
          title={t('ask.queue.loadError')}
          action={
            <Button variant="secondary" onClick={() => void queue.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t(apiErrorKey(queue.error))}
        </Alert>
      ) : queue.data ? (
        queue.data.items.length === 0 ? (
          <p className="rounded-app border border-dashed border-border p-6 text-center text-muted">
            {t('ask.queue.empty')}
          </p>
        ) : (
          <>
            <QueueTable items={queue.data.items} />
            {pages > 1 ? (
              <nav aria-label={t('ask.faq.pagination')} className="flex items-center justify-between gap-3">
                <Button
                  variant="secondary"
                  disabled={page <= 1}
                  onClick={() => update({ page: page > 2 ? String(page - 1) : null })}
                >
                  {t('ask.faq.previous')}
                </Button>
                <span className="text-sm text-muted">
                  {t('ask.faq.page', { page: number(page), pages: number(pages) })}
                </span>
                <Button variant="secondary" disabled={page >= pages} onClick={() => update({ page: String(page + 1) })}>
                  {t('ask.faq.next')}
                </Button>
              </nav>
            ) : null}
          </>
        )
      ) : (
        <Skeleton className="h-64 w-full" />
      )}
      <ResponseTimeForm />
    </div>
  );
}

function QueueTable({ items }: { items: StaffQuestion[] }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const assign = useAssign();
  const now = new Date();
  const assignToMe = async (id: string) => {
    try {
      await assign.mutateAsync({ id, assign: true });
      toast.success(t('ask.staff.assigned'));
    } catch (caught) {
      toast.error(apiErrorText(t, caught));
    }
  };
  return (
    <TableFrame>
      <table className="w-full text-sm" data-testid="queue-table">
        <caption className="sr-only">{t('ask.queue.caption')}</caption>
        <thead className="bg-surface-2">
          <tr>
            {(['subject', 'asker', 'topic', 'age', 'assignee'] as const).map((column) => (
              <th key={column} scope="col" className="px-3 py-2 text-start font-semibold whitespace-nowrap">
                {t(`ask.queue.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((question) => {
            const topic = question.topic ? pickLocalized(question.topic.name, question.topic.name_ar, language) : null;
            const canTake = !question.assigned_to && (question.status === 'new' || question.status === 'assigned');
            return (
              <tr key={question.id} className="border-t border-border align-middle" data-testid="queue-row">
                <td className="min-w-48 px-3 py-2">
                  <div className="flex flex-wrap items-center gap-2">
                    <Link
                      to={`/library/questions/${question.id}`}
                      dir="auto"
                      className="inline-flex min-h-11 items-center font-semibold break-words text-primary hover:underline"
                    >
                      {question.subject}
                    </Link>
                    <StatusBadge status={question.status} />
                  </div>
                </td>
                <td className="px-3 py-2">
                  <bdi>{question.asker_name ?? t('ask.thread.reader')}</bdi>
                </td>
                <td className="px-3 py-2">{topic ? <span lang={topic.lang}>{topic.text}</span> : '—'}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <time dateTime={question.created_at} title={formatExactTime(new Date(question.created_at), language)}>
                    {formatRelativeTime(new Date(question.created_at), now, language)}
                  </time>
                </td>
                <td className="px-3 py-2">
                  {question.assigned_to ? (
                    <bdi>{question.assigned_to.name ?? t('ask.thread.librarian')}</bdi>
                  ) : canTake ? (
                    <Button
                      variant="secondary"
                      disabled={assign.isPending}
                      onClick={() => void assignToMe(question.id)}
                      aria-label={t('ask.staff.assignToMeFor', { subject: question.subject })}
                    >
                      <UserPlus aria-hidden className="size-4" />
                      {t('ask.staff.assignToMe')}
                    </Button>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableFrame>
  );
}
