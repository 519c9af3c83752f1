import { GUIDE_LIMITS, GUIDE_STATUSES } from '@maktaba/shared/schemas/guides';
import { FilePlus2, Route } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadErrorState } from '../../../components/page-states';
import { Pagination } from '../../../components/pagination';
import { buttonClass } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { TableFrame } from '../../../components/ui/table-frame';
import { dateTimeFormat, formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useSearchParamsPatch } from '../../../lib/hooks/use-search-params-patch';
import { pageCount, parsePage } from '../../../lib/paging';
import { useLibraryGuides } from '../api/guides';
import { parseLevel, parseStatus } from '../lib/filters';
import { guideTitleOf } from '../lib/guide-text';
import { EmptyState } from './empty-state';
import { LevelBadge } from './level-badge';
import { LevelSelect } from './level-select';
import { SearchBox } from './search-box';

/** /library/guides: every guide, drafts and published, with search, level and status filters. */
export function StaffGuidesPage() {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const [params, update] = useSearchParamsPatch();
  const q = params.get('q') ?? '';
  const filter = {
    q: q || undefined,
    level: parseLevel(params.get('level')),
    status: parseStatus(params.get('status')),
    page: parsePage(params.get('page')),
  };
  const guides = useLibraryGuides(filter);
  const onSearch = useCallback((value: string | null) => update({ q: value, page: null }), [update]);
  const hrefFor = (next: number) => {
    const copy = new URLSearchParams(params);
    if (next > 1) copy.set('page', String(next));
    else copy.delete('page');
    return `?${copy}`;
  };
  const updated = (value: string) =>
    dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
  const data = guides.data;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:py-10">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-display text-3xl font-bold">{t('guides.staff.title')}</h1>
          <p className="mt-1 text-muted">{t('guides.staff.description')}</p>
        </div>
        <Link to="/library/guides/new" className={buttonClass('primary')}>
          <FilePlus2 aria-hidden className="size-4" />
          {t('guides.list.new')}
        </Link>
      </header>
      <search aria-label={t('guides.list.searchRegion')} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchBox id="staff-guide-search" label={t('guides.list.searchLabel')} value={q} onSearch={onSearch} />
        <div className="sm:w-48">
          <LevelSelect
            id="staff-guide-level"
            value={filter.level}
            onChange={(level) => update({ level, page: null })}
          />
        </div>
        <div className="flex flex-col gap-1.5 sm:w-40">
          <label htmlFor="staff-guide-status" className="text-sm font-semibold">
            {t('guides.staff.status')}
          </label>
          <select
            id="staff-guide-status"
            value={filter.status ?? ''}
            onChange={(event) => update({ status: event.target.value || null, page: null })}
            className={inputClass(false)}
          >
            <option value="">{t('guides.staff.anyStatus')}</option>
            {GUIDE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`guides.status.${status}`)}
              </option>
            ))}
          </select>
        </div>
      </search>
      {guides.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : guides.isError ? (
        <LoadErrorState error={guides.error} onRetry={() => void guides.refetch()} titleKey="guides.list.loadError" />
      ) : data && data.items.length > 0 ? (
        <>
          <TableFrame>
            <table className="w-full text-start text-sm">
              <caption className="sr-only">{t('guides.staff.title')}</caption>
              <thead className="bg-surface-2 text-start">
                <tr>
                  <th scope="col" className="px-3 py-2 text-start">
                    {t('guides.staff.columns.title')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start">
                    {t('guides.staff.columns.level')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start">
                    {t('guides.staff.columns.steps')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start">
                    {t('guides.staff.columns.status')}
                  </th>
                  <th scope="col" className="hidden px-3 py-2 text-start sm:table-cell">
                    {t('guides.staff.columns.updated')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((guide) => {
                  const title = guideTitleOf(guide, language);
                  return (
                    <tr key={guide.id} className="border-t border-border" data-testid="staff-guide-row">
                      <td className="px-3 py-2">
                        <Link
                          to={`/library/guides/${guide.id}/edit`}
                          className="font-semibold text-primary hover:underline"
                          lang={title?.lang}
                          dir="auto"
                        >
                          {title?.text ?? t('catalogue.unknownTitle')}
                        </Link>
                      </td>
                      <td className="px-3 py-2">
                        <LevelBadge level={guide.level} />
                      </td>
                      <td className="px-3 py-2">{formatNumber(guide.step_count, language)}</td>
                      <td className="px-3 py-2">{t(`guides.status.${guide.status}`)}</td>
                      <td className="hidden px-3 py-2 sm:table-cell">{updated(guide.updated_at)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableFrame>
          <Pagination
            page={filter.page}
            pages={pageCount(data.total, GUIDE_LIMITS.libraryPageSize)}
            hrefFor={hrefFor}
          />
        </>
      ) : (
        <EmptyState
          icon={Route}
          title={t('guides.staff.none.title')}
          description={t('guides.staff.none.description')}
          action={
            <Link to="/library/guides/new" className={buttonClass('primary')}>
              {t('guides.list.new')}
            </Link>
          }
        />
      )}
    </div>
  );
}
