import { COUNTRIES } from '@maktaba/shared/constants';
import { ROLES } from '@maktaba/shared/permissions';
import { PROFILE_STATUSES, type ProfileStatus } from '@maktaba/shared/schemas/profile';
import { PROFILES_BULK_LIMITS, type ProfilesBulk, type ProfilesFilter } from '@maktaba/shared/schemas/profiles-bulk';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { LoadError } from '../../../components/load-error';
import { Pagination } from '../../../components/pagination';
import { Button, buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FilterSelect } from '../../../components/ui/filter-select';
import { inputClass } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { apiErrorText } from '../../../lib/api-error-text';
import { formatNumber } from '../../../lib/format';
import { PAGE_SIZE, profilesCsvUrl, useBulkUpdate, useProfiles } from '../api/profiles';
import { type EditorState, paramsFromState, stateFromParams } from '../lib/filter-state';
import { ProfilesTable, useCountryName } from './profiles-table';

type Action = 'borrowingLimit' | 'status';

/**
 * /admin/profiles-editor: find accounts by role, status, country, address, creation day and
 * inactivity (all in the address), tick some, a page or every match, and change their borrowing
 * limit or status at once after a confirmation saying how many change.
 */
export function ProfilesEditorPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const state = stateFromParams(params);
  const { filter, page } = state;
  const profiles = useProfiles(filter, page);
  const bulk = useBulkUpdate();
  const countryName = useCountryName();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const [action, setAction] = useState<Action>('borrowingLimit');
  const [limit, setLimit] = useState('5');
  const [status, setStatus] = useState<ProfileStatus>('suspended');
  const [confirming, setConfirming] = useState(false);
  const number = (value: number) => formatNumber(value, i18n.language);

  const clearSelection = () => {
    setSelected(new Set());
    setAllMatching(false);
  };
  const go = (next: EditorState) => setParams(paramsFromState(next));
  const setFilter = (changes: Partial<ProfilesFilter>) => {
    clearSelection();
    // From the address bar, not this render's filter: two changes made before the page draws
    // again (one select, then another at once) would otherwise lose the first.
    const current = stateFromParams(new URLSearchParams(window.location.search)).filter;
    const merged = { ...current, ...changes };
    for (const key of Object.keys(merged) as (keyof ProfilesFilter)[]) {
      if (merged[key] === undefined || merged[key] === '') delete merged[key];
    }
    go({ filter: merged, page: 1 });
  };

  const data = profiles.data;
  const rows = data?.rows ?? [];
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const count = allMatching ? total : selected.size;
  const pageAllSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const limitValue = Number(limit);
  const limitValid =
    Number.isInteger(limitValue) &&
    limitValue >= PROFILES_BULK_LIMITS.borrowingLimitMin &&
    limitValue <= PROFILES_BULK_LIMITS.borrowingLimitMax;

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const togglePage = () =>
    setSelected((current) => {
      const next = new Set(current);
      for (const row of rows) {
        if (pageAllSelected) next.delete(row.id);
        else next.add(row.id);
      }
      return next;
    });

  const change = action === 'borrowingLimit' ? { borrowingLimit: limitValue } : { status };
  const apply = () => {
    const body: ProfilesBulk = allMatching ? { filter, change } : { ids: [...selected], change };
    bulk.mutate(body, {
      onSuccess: (result) => {
        setConfirming(false);
        clearSelection();
        const skipped = result.skipped.length;
        toast.success(
          t('profilesEditor.result.updated', { count: result.updated, formatted: number(result.updated) }),
          {
            description:
              skipped > 0
                ? t('profilesEditor.result.skipped', {
                    count: skipped,
                    formatted: number(skipped),
                    reasons: [
                      ...new Set(result.skipped.map((entry) => t(`profilesEditor.reasons.${entry.reason}`))),
                    ].join(t('profilesEditor.result.separator')),
                  })
                : undefined,
          },
        );
      },
    });
  };

  const addressValue = filter.incompleteAddress === undefined ? '' : filter.incompleteAddress ? 'true' : 'false';
  const selectAllPossible = total <= PROFILES_BULK_LIMITS.filterMax;

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-bold">{t('pages.admin.profilesEditor')}</h1>
          <p className="mt-1 text-muted">{t('profilesEditor.intro')}</p>
        </div>
        <a href={profilesCsvUrl(filter)} download className={buttonClass('secondary')} data-testid="profiles-csv">
          <Download aria-hidden className="size-4" />
          {t('profilesEditor.csv')}
        </a>
      </div>

      <search aria-label={t('profilesEditor.filters.label')} className="flex flex-wrap items-end gap-3">
        <FilterSelect
          id="profiles-role"
          label={t('profilesEditor.filters.role')}
          value={filter.role ?? ''}
          options={ROLES.map((role) => [role, t(`roles.${role}`)] as const)}
          onChange={(value) => setFilter({ role: (value || undefined) as ProfilesFilter['role'] })}
        />
        <FilterSelect
          id="profiles-status"
          label={t('profilesEditor.filters.status')}
          value={filter.status ?? ''}
          options={PROFILE_STATUSES.map((value) => [value, t(`users.statuses.${value}`)] as const)}
          onChange={(value) => setFilter({ status: (value || undefined) as ProfilesFilter['status'] })}
        />
        <FilterSelect
          id="profiles-country"
          label={t('profilesEditor.filters.country')}
          value={filter.country ?? ''}
          options={COUNTRIES.map((country) => [country.code, countryName(country.name, country.code)] as const)}
          onChange={(value) => setFilter({ country: (value || undefined) as ProfilesFilter['country'] })}
        />
        <FilterSelect
          id="profiles-address"
          label={t('profilesEditor.filters.address')}
          value={addressValue}
          options={[
            ['true', t('profilesEditor.address.incomplete')],
            ['false', t('profilesEditor.address.complete')],
          ]}
          onChange={(value) => setFilter({ incompleteAddress: value === '' ? undefined : value === 'true' })}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="profiles-from" className="text-sm font-semibold">
            {t('profilesEditor.filters.createdFrom')}
          </label>
          <input
            id="profiles-from"
            type="date"
            value={filter.createdFrom ?? ''}
            max={filter.createdTo}
            onChange={(event) => setFilter({ createdFrom: event.target.value || undefined })}
            className={inputClass(false)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="profiles-to" className="text-sm font-semibold">
            {t('profilesEditor.filters.createdTo')}
          </label>
          <input
            id="profiles-to"
            type="date"
            value={filter.createdTo ?? ''}
            min={filter.createdFrom}
            onChange={(event) => setFilter({ createdTo: event.target.value || undefined })}
            className={inputClass(false)}
          />
        </div>
        <div className="flex w-40 flex-col gap-1">
          <label htmlFor="profiles-inactive" className="text-sm font-semibold">
            {t('profilesEditor.filters.inactiveDays')}
          </label>
          <input
            id="profiles-inactive"
            type="number"
            inputMode="numeric"
            min={1}
            max={PROFILES_BULK_LIMITS.inactiveDaysMax}
            defaultValue={filter.inactiveDays ?? ''}
            key={filter.inactiveDays ?? 'none'}
            onBlur={(event) => {
              const value = Number(event.target.value);
              const days =
                event.target.value !== '' && Number.isInteger(value) && value >= 1
                  ? Math.min(value, PROFILES_BULK_LIMITS.inactiveDaysMax)
                  : undefined;
              if (days !== filter.inactiveDays) setFilter({ inactiveDays: days });
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.currentTarget.blur();
            }}
            className={inputClass(false)}
          />
        </div>
      </search>

      {profiles.isError && !data ? (
        <LoadError titleKey="profilesEditor.loadError" onRetry={() => void profiles.refetch()} />
      ) : data ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-muted" aria-live="polite" data-testid="profiles-total">
            {t('profilesEditor.total', { count: total, formatted: number(total) })}
          </p>
          {pageAllSelected && !allMatching && total > rows.length ? (
            <div className="flex flex-wrap items-center gap-3 rounded-app bg-surface-2 p-3 text-sm">
              <span>
                {t('profilesEditor.selection.pageSelected', { count: rows.length, formatted: number(rows.length) })}
              </span>
              {selectAllPossible ? (
                <Button variant="secondary" onClick={() => setAllMatching(true)}>
                  {t('profilesEditor.selection.allMatching', { count: total, formatted: number(total) })}
                </Button>
              ) : (
                <span className="text-muted">
                  {t('profilesEditor.selection.tooMany', { max: number(PROFILES_BULK_LIMITS.filterMax) })}
                </span>
              )}
            </div>
          ) : null}
          {count > 0 ? (
            <section
              aria-label={t('profilesEditor.bulk.label')}
              className="flex flex-wrap items-end gap-3 rounded-app border border-primary bg-primary-soft/40 p-3"
              data-testid="profiles-bulk-bar"
            >
              <p className="min-h-11 content-center font-semibold" aria-live="polite">
                {allMatching
                  ? t('profilesEditor.selection.allSelected', { count, formatted: number(count) })
                  : t('profilesEditor.selection.selected', { count, formatted: number(count) })}
              </p>
              <FilterSelect
                id="profiles-action"
                label={t('profilesEditor.bulk.action')}
                value={action}
                all={false}
                options={[
                  ['borrowingLimit', t('profilesEditor.bulk.borrowingLimit')],
                  ['status', t('profilesEditor.bulk.status')],
                ]}
                onChange={(value) => setAction(value as Action)}
              />
              {action === 'borrowingLimit' ? (
                <div className="flex w-32 flex-col gap-1">
                  <label htmlFor="profiles-limit" className="text-sm font-semibold">
                    {t('profilesEditor.bulk.newLimit')}
                  </label>
                  <input
                    id="profiles-limit"
                    type="number"
                    inputMode="numeric"
                    min={PROFILES_BULK_LIMITS.borrowingLimitMin}
                    max={PROFILES_BULK_LIMITS.borrowingLimitMax}
                    value={limit}
                    aria-invalid={!limitValid}
                    aria-describedby="profiles-limit-hint"
                    onChange={(event) => setLimit(event.target.value)}
                    className={inputClass(!limitValid)}
                  />
                </div>
              ) : (
                <FilterSelect
                  id="profiles-new-status"
                  label={t('profilesEditor.bulk.newStatus')}
                  value={status}
                  all={false}
                  options={PROFILE_STATUSES.map((value) => [value, t(`users.statuses.${value}`)] as const)}
                  onChange={(value) => setStatus(value as ProfileStatus)}
                />
              )}
              <Button disabled={action === 'borrowingLimit' && !limitValid} onClick={() => setConfirming(true)}>
                {t('profilesEditor.bulk.apply')}
              </Button>
              <Button variant="secondary" onClick={clearSelection}>
                {t('profilesEditor.selection.clear')}
              </Button>
              {action === 'borrowingLimit' ? (
                <p id="profiles-limit-hint" className="w-full text-sm text-muted">
                  {t('profilesEditor.bulk.limitHint', {
                    min: number(PROFILES_BULK_LIMITS.borrowingLimitMin),
                    max: number(PROFILES_BULK_LIMITS.borrowingLimitMax),
                  })}
                </p>
              ) : null}
            </section>
          ) : null}
          {rows.length > 0 ? (
            <ProfilesTable
              rows={rows}
              selected={selected}
              allMatching={allMatching}
              onToggle={toggle}
              onTogglePage={togglePage}
            />
          ) : (
            <p className="rounded-app border border-border bg-surface p-6 text-center text-muted">
              {t('profilesEditor.empty')}
            </p>
          )}
          <Pagination page={page} pages={pages} hrefFor={(target) => `?${paramsFromState({ filter, page: target })}`} />
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          <span className="sr-only" role="status">
            {t('profilesEditor.loading')}
          </span>
          {['a', 'b', 'c', 'd', 'e'].map((row) => (
            <Skeleton key={row} className="h-12 w-full" />
          ))}
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) bulk.reset();
        }}
        title={t('profilesEditor.confirm.title', { count, formatted: number(count) })}
        description={
          action === 'borrowingLimit'
            ? t('profilesEditor.confirm.limit', { count, formatted: number(count), limit: number(limitValue) })
            : t('profilesEditor.confirm.status', {
                count,
                formatted: number(count),
                status: t(`users.statuses.${status}`),
              })
        }
        confirmLabel={t('profilesEditor.confirm.apply')}
        cancelLabel={t('profilesEditor.confirm.cancel')}
        isPending={bulk.isPending}
        error={bulk.isError ? apiErrorText(t, bulk.error, { fallback: 'profilesEditor.confirm.failed' }) : null}
        onConfirm={apply}
      />
    </div>
  );
}
