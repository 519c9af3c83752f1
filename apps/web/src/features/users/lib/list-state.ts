import { ROLES, type Role } from '@maktaba/shared/permissions';
import { SORT_DIRECTIONS, USER_SORT_COLUMNS, type UserSortColumn } from '@maktaba/shared/schemas/admin-users';
import { PROFILE_STATUSES, type ProfileStatus } from '@maktaba/shared/schemas/profile';

/** The admin user list's state as the address keeps it (accounts-and-auth §3, §4). */
export type UserListState = {
  page: number;
  sort: UserSortColumn;
  direction: 'asc' | 'desc';
  search: string;
  role?: Role;
  status?: ProfileStatus;
};

export const DEFAULT_LIST_STATE: UserListState = { page: 1, sort: 'created_at', direction: 'desc', search: '' };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

/** Reads the state from the address; anything unknown falls back to the default. */
export function stateFromParams(params: URLSearchParams): UserListState {
  const page = Number(params.get('page'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    sort: oneOf(USER_SORT_COLUMNS, params.get('sort')) ?? DEFAULT_LIST_STATE.sort,
    direction: oneOf(SORT_DIRECTIONS, params.get('direction')) ?? DEFAULT_LIST_STATE.direction,
    search: params.get('search')?.trim() ?? '',
    role: oneOf(ROLES, params.get('role')),
    status: oneOf(PROFILE_STATUSES, params.get('status')),
  };
}

/** Writes the state to the address, leaving out what equals the default. */
export function paramsFromState(state: UserListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set('search', state.search);
  if (state.role) params.set('role', state.role);
  if (state.status) params.set('status', state.status);
  if (state.sort !== DEFAULT_LIST_STATE.sort || state.direction !== DEFAULT_LIST_STATE.direction) {
    params.set('sort', state.sort);
    params.set('direction', state.direction);
  }
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The same column flips direction; another column starts ascending. Either way back to page 1. */
export function toggleSort(state: UserListState, column: UserSortColumn): UserListState {
  const direction = state.sort === column ? (state.direction === 'asc' ? 'desc' : 'asc') : 'asc';
  return { ...state, sort: column, direction, page: 1 };
}

/** A chosen order (the phones' sort menu): back to page 1. */
export function withOrder(state: UserListState, sort: UserSortColumn, direction: 'asc' | 'desc'): UserListState {
  return { ...state, sort, direction, page: 1 };
}

/** Setting a filter (role, status, search) goes back to page 1. */
export function withFilter(
  state: UserListState,
  changes: Partial<Pick<UserListState, 'search' | 'role' | 'status'>>,
): UserListState {
  return { ...state, ...changes, page: 1 };
}

/** The server's query string of a state (page size 15 by default on the server). */
export function listQuery(state: UserListState, perPage: number): string {
  const params = new URLSearchParams({
    page: String(state.page),
    per_page: String(perPage),
    sort: state.sort,
    direction: state.direction,
  });
  if (state.search) params.set('search', state.search);
  if (state.role) params.set('role', state.role);
  if (state.status) params.set('status', state.status);
  return params.toString();
}
