import type { UserListItem, UserSortColumn } from '@maktaba/shared/schemas/admin-users';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmailText } from '../../../components/email-text';
import { FilterSelect } from '../../../components/ui/filter-select';
import { TableFrame } from '../../../components/ui/table-frame';
import { UserStatusBadge as StatusBadge } from '../../../components/user-status-badge';
import { formatDate, roleLabel } from '../lib/format';
import type { UserListState } from '../lib/list-state';
import { UserAvatar } from './user-avatar';

const COLUMNS: UserSortColumn[] = [
  'display_name',
  'email',
  'role',
  'status',
  'borrowing_limit',
  'created_at',
  'last_activity_at',
];

type UsersTableProps = {
  users: UserListItem[];
  state: UserListState;
  onSort: (column: UserSortColumn) => void;
  /** Phones have no column headers: a menu of orders instead. */
  onOrder: (column: UserSortColumn, direction: 'asc' | 'desc') => void;
};

/** The list as a table with sortable headers (wide screens) and as cards (phones). */
export function UsersTable({ users, state, onSort, onOrder }: UsersTableProps) {
  const { t, i18n } = useTranslation();
  const cell = (user: UserListItem, column: UserSortColumn) => {
    switch (column) {
      case 'display_name':
        return (
          <Link
            to={`/users/${user.id}`}
            className="flex items-center gap-2 font-semibold text-primary underline-offset-2 hover:underline"
          >
            <UserAvatar name={user.display_name} email={user.email} url={user.avatar_url} />
            <bdi>{user.display_name || t('users.noName')}</bdi>
          </Link>
        );
      case 'email':
        return <EmailText email={user.email} />;
      case 'role':
        return roleLabel(t, user.role);
      case 'status':
        return <StatusBadge status={user.status} />;
      case 'borrowing_limit':
        return user.borrowing_limit ?? t('users.defaultLimit');
      default:
        return formatDate(user[column], i18n.language, t);
    }
  };
  return (
    <>
      <TableFrame className="hidden md:block">
        <table className="w-full text-sm" data-testid="users-table">
          <caption className="sr-only">{t('users.list.caption')}</caption>
          <thead className="bg-surface-2">
            <tr>
              {COLUMNS.map((column) => {
                const current = state.sort === column;
                const Icon = current ? (state.direction === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
                return (
                  <th
                    key={column}
                    scope="col"
                    aria-sort={current ? (state.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                    className="px-3 py-2 text-start font-semibold"
                  >
                    <button
                      type="button"
                      onClick={() => onSort(column)}
                      className="inline-flex min-h-11 items-center gap-1 rounded-app px-1 hover:bg-surface"
                    >
                      {t(`users.columns.${column}`)}
                      <Icon aria-hidden className="size-4" />
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user.id} className="border-t border-border" data-testid="user-row">
                {COLUMNS.map((column) => (
                  <td key={column} className="px-3 py-2 align-middle">
                    {cell(user, column)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      <div className="md:hidden">
        <FilterSelect
          id="users-order"
          label={t('users.sort.label')}
          value={`${state.sort}:${state.direction}`}
          all={false}
          options={COLUMNS.flatMap((column) =>
            (['asc', 'desc'] as const).map(
              (direction) =>
                [
                  `${column}:${direction}`,
                  t('users.sort.option', {
                    column: t(`users.columns.${column}`),
                    direction: t(`users.sort.${direction}`),
                  }),
                ] as const,
            ),
          )}
          onChange={(value) => {
            const [column, direction] = value.split(':') as [UserSortColumn, 'asc' | 'desc'];
            onOrder(column, direction);
          }}
        />
      </div>
      <ul className="flex flex-col gap-3 md:hidden" aria-label={t('users.list.caption')}>
        {users.map((user) => (
          <li key={user.id} className="rounded-app border border-border bg-surface p-4" data-testid="user-card">
            {cell(user, 'display_name')}
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              {COLUMNS.slice(1).map((column) => (
                <div key={column} className="contents">
                  <dt className="text-muted">{t(`users.columns.${column}`)}</dt>
                  <dd className="min-w-0 break-words">{cell(user, column)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
