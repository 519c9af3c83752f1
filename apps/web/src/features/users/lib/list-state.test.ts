import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { evictOldest } from './evict-oldest';
import {
  DEFAULT_LIST_STATE,
  listQuery,
  paramsFromState,
  stateFromParams,
  toggleSort,
  withFilter,
  withOrder,
} from './list-state';

describe('user list state', () => {
  it('defaults to created_at descending, page 1, no filters', () => {
    expect(stateFromParams(new URLSearchParams())).toEqual(DEFAULT_LIST_STATE);
    expect(paramsFromState(DEFAULT_LIST_STATE).toString()).toBe('');
  });

  it('round-trips through the address', () => {
    const state = {
      page: 3,
      sort: 'email' as const,
      direction: 'asc' as const,
      search: 'ali',
      role: 'librarian' as const,
      status: 'suspended' as const,
    };
    expect(stateFromParams(paramsFromState(state))).toEqual(state);
  });

  it('ignores unknown values: a fourth role, a bad column, a negative page', () => {
    const state = stateFromParams(new URLSearchParams('role=guest&sort=password&direction=up&page=-2&status=x'));
    expect(state).toEqual(DEFAULT_LIST_STATE);
  });

  it('flips the direction on the same column and starts ascending on another, back to page 1', () => {
    const onPage2 = { ...DEFAULT_LIST_STATE, page: 2 };
    expect(toggleSort(onPage2, 'created_at')).toMatchObject({ sort: 'created_at', direction: 'asc', page: 1 });
    const byEmail = toggleSort(onPage2, 'email');
    expect(byEmail).toMatchObject({ sort: 'email', direction: 'asc', page: 1 });
    expect(toggleSort(byEmail, 'email').direction).toBe('desc');
  });

  it('takes a chosen order and goes back to page 1', () => {
    expect(withOrder({ ...DEFAULT_LIST_STATE, page: 3 }, 'role', 'asc')).toMatchObject({
      sort: 'role',
      direction: 'asc',
      page: 1,
    });
  });

  it('goes back to page 1 when a filter is set', () => {
    const state = { ...DEFAULT_LIST_STATE, page: 4, sort: 'email' as const };
    expect(withFilter(state, { role: 'admin' })).toMatchObject({ page: 1, role: 'admin', sort: 'email' });
    expect(withFilter(state, { search: 'x' }).page).toBe(1);
  });

  it('asks the server for the page, size, order and filters', () => {
    const query = new URLSearchParams(listQuery({ ...DEFAULT_LIST_STATE, page: 2, role: 'patron' }, 15));
    expect(Object.fromEntries(query)).toEqual({
      page: '2',
      per_page: '15',
      sort: 'created_at',
      direction: 'desc',
      role: 'patron',
    });
  });
});

describe('evictOldest', () => {
  it('keeps the newest entries under the prefix and leaves other queries alone', () => {
    const client = new QueryClient();
    for (let i = 0; i < 30; i++) client.setQueryData(['users', 'list', i], i, { updatedAt: 1000 + i });
    client.setQueryData(['other'], 'kept', { updatedAt: 1 });
    expect(evictOldest(client, ['users', 'list'], 25)).toBe(5);
    const left = client
      .getQueryCache()
      .findAll({ queryKey: ['users', 'list'] })
      .map((query) => query.queryKey[2]);
    expect(left).toHaveLength(25);
    expect(left).not.toContain(4);
    expect(left).toContain(5);
    expect(client.getQueryData(['other'])).toBe('kept');
  });

  it('removes nothing when within the limit', () => {
    const client = new QueryClient();
    client.setQueryData(['users', 'list', 1], 1);
    expect(evictOldest(client, ['users', 'list'], 25)).toBe(0);
  });
});
