import { AUDIT_ACTIONS } from '@maktaba/shared/schemas/admin-users';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { Pagination } from '../../../components/pagination';
import { FilterSelect } from '../../../components/ui/filter-select';
import { inputClass } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatNumber } from '../../../lib/format';
import { useSearchParamsPatch } from '../../../lib/hooks/use-search-params-patch';
import { pageCount } from '../../../lib/paging';
import { type AuditFilter, useAuditLog } from '../api/list-audit-log';
import { AuditEntries } from './audit-entries';
import { UserPicker } from './user-picker';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A date input's day as the start (or end) of that day in the reader's time zone. */
const dayBound = (day: string | null, end: boolean) => {
  if (!day) return undefined;
  const date = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
};

/** /admin/audit-log: who changed which user or catalogue record, how, when and from where; filters and page in the address. */
export function AuditLogPage() {
  const { t, i18n } = useTranslation();
  const [params, patch] = useSearchParamsPatch();
  const action = params.get('action');
  const target = params.get('target');
  const filter: AuditFilter = {
    page: Math.max(1, Number(params.get('page')) || 1),
    action_type: AUDIT_ACTIONS.includes(action as never) ? (action as string) : undefined,
    target_user: target && UUID.test(target) ? target : undefined,
    from: dayBound(params.get('from'), false),
    to: dayBound(params.get('to'), true),
  };
  const log = useAuditLog(filter);
  const set = (key: string, value: string) => patch({ [key]: value, page: null });
  const pages = log.data ? pageCount(log.data.total, log.data.per_page) : 1;
  const hrefFor = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    return `?${next}`;
  };
  const number = (value: number) => formatNumber(value, i18n.language);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <h1 className="font-display text-3xl font-bold">{t('audit.title')}</h1>
      <p className="mt-1 text-muted">{t('audit.description')}</p>
      <search aria-label={t('audit.filters.label')} className="mt-6 flex flex-wrap items-end gap-3">
        <FilterSelect
          id="audit-action"
          label={t('audit.filters.action')}
          value={filter.action_type ?? ''}
          options={AUDIT_ACTIONS.map((value) => [value, t(`audit.actions.${value}`)] as const)}
          onChange={(value) => set('action', value)}
        />
        <UserPicker
          id="audit-target"
          label={t('audit.filters.target')}
          value={filter.target_user ?? null}
          onChange={(id) => set('target', id ?? '')}
        />
        {(['from', 'to'] as const).map((key) => (
          <div key={key} className="flex flex-col gap-1">
            <label htmlFor={`audit-${key}`} className="text-sm font-semibold">
              {t(`audit.filters.${key}`)}
            </label>
            <input
              id={`audit-${key}`}
              type="date"
              value={params.get(key) ?? ''}
              onChange={(event) => set(key, event.target.value)}
              className={inputClass(false)}
            />
          </div>
        ))}
      </search>
      <div className="mt-6 flex flex-col gap-4">
        {log.isError && !log.data ? (
          <LoadError titleKey="audit.loadError" onRetry={() => void log.refetch()} />
        ) : log.data ? (
          <>
            <p className="text-sm text-muted" aria-live="polite" data-testid="audit-total">
              {t('audit.total', { count: log.data.total, formatted: number(log.data.total) })}
            </p>
            {log.data.entries.length === 0 ? (
              <p className="rounded-app border border-border bg-surface p-6 text-center text-muted">
                {t('audit.empty')}
              </p>
            ) : (
              <AuditEntries entries={log.data.entries} />
            )}
            <Pagination page={filter.page} pages={pages} hrefFor={hrefFor} />
          </>
        ) : (
          <Skeleton className="h-64 w-full" />
        )}
      </div>
    </div>
  );
}
