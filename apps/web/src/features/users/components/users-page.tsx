import { ROLES } from '@maktaba/shared/permissions';
import { PROFILE_STATUSES } from '@maktaba/shared/schemas/profile';
import { UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { Pagination } from '../../../components/pagination';
import { Button } from '../../../components/ui/button';
import { FilterSelect } from '../../../components/ui/filter-select';
import { inputClass } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatNumber } from '../../../lib/format';
import { useUsers } from '../api/list-users';
import { useStaffContext } from '../hooks/use-staff-context';
import {
  paramsFromState,
  stateFromParams,
  toggleSort,
  type UserListState,
  withFilter,
  withOrder,
} from '../lib/list-state';
import { CreateUserDialog } from './create-user-dialog';
import { UsersTable } from './users-table';

const SEARCH_DELAY_MS = 300;

/** /users and /library/users: the list of accounts, its filters, order and page in the address. */
export function UsersPage() {
  const { t, i18n } = useTranslation();
  const { can } = useStaffContext();
  const [params, setParams] = useSearchParams();
  const state = stateFromParams(params);
  const users = useUsers(state);
  const [creating, setCreating] = useState(false);
  const [search, setSearch] = useState(state.search);
  const go = (next: UserListState) => setParams(paramsFromState(next));

  // The search box waits for the typing to stop before it changes the address (and the query).
  useEffect(() => {
    const trimmed = search.trim();
    if (trimmed === state.search) return;
    const timer = setTimeout(() => go(withFilter(state, { search: trimmed })), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  });

  const number = (value: number) => formatNumber(value, i18n.language);
  const pagination = users.data?.pagination;
  const hrefFor = (page: number) => `?${paramsFromState({ ...state, page })}`;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-bold">{t('users.title')}</h1>
          <p className="mt-1 text-muted">{can('users.edit') ? t('users.description') : t('users.readOnly')}</p>
        </div>
        {can('users.create') ? (
          <Button onClick={() => setCreating(true)}>
            <UserPlus aria-hidden className="size-4" />
            {t('users.create.open')}
          </Button>
        ) : null}
      </div>
      <search aria-label={t('users.filters.label')} className="mt-6 flex flex-wrap items-end gap-3">
        <div className="flex min-w-56 flex-1 flex-col gap-1">
          <label htmlFor="users-search" className="text-sm font-semibold">
            {t('users.filters.search')}
          </label>
          <input
            id="users-search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('users.filters.searchPlaceholder')}
            className={inputClass(false)}
          />
        </div>
        <FilterSelect
          id="users-role"
          label={t('users.filters.role')}
          value={state.role ?? ''}
          options={ROLES.map((role) => [role, t(`roles.${role}`)] as const)}
          onChange={(value) => go(withFilter(state, { role: (value || undefined) as UserListState['role'] }))}
        />
        <FilterSelect
          id="users-status"
          label={t('users.filters.status')}
          value={state.status ?? ''}
          options={PROFILE_STATUSES.map((status) => [status, t(`users.statuses.${status}`)] as const)}
          onChange={(value) => go(withFilter(state, { status: (value || undefined) as UserListState['status'] }))}
        />
      </search>
      <div className="mt-6 flex flex-col gap-4">
        {users.isError && !users.data ? (
          <LoadError titleKey="users.errors.fetchUsers" onRetry={() => void users.refetch()} />
        ) : users.data && pagination ? (
          <>
            <p className="text-sm text-muted" aria-live="polite" data-testid="users-total">
              {t('users.list.total', { count: pagination.totalItems, formatted: number(pagination.totalItems) })}
            </p>
            {users.data.users.length > 0 ? (
              <UsersTable
                users={users.data.users}
                state={state}
                onSort={(column) => go(toggleSort(state, column))}
                onOrder={(column, direction) => go(withOrder(state, column, direction))}
              />
            ) : (
              <p className="rounded-app border border-border bg-surface p-6 text-center text-muted">
                {t('users.list.empty')}
              </p>
            )}
            <Pagination page={pagination.currentPage} pages={pagination.totalPages} hrefFor={hrefFor} />
          </>
        ) : (
          <div className="flex flex-col gap-2" data-testid="users-loading">
            <span className="sr-only" role="status">
              {t('users.loading')}
            </span>
            {['a', 'b', 'c', 'd', 'e', 'f'].map((row) => (
              <Skeleton key={row} className="h-12 w-full" />
            ))}
          </div>
        )}
      </div>
      {can('users.create') ? <CreateUserDialog open={creating} onOpenChange={setCreating} /> : null}
    </div>
  );
}
