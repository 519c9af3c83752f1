import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, type Role } from './permissions.js';
import { AUTH_HANDLER_ACCESS, meetsRequirement, ROUTE_ACCESS, type RouteRequirement } from './route-access.js';

const CALLERS: (Role | null)[] = [null, 'patron', 'librarian', 'admin'];
const who = (requirement: RouteRequirement) => CALLERS.map((role) => meetsRequirement(role, requirement));

describe('route requirements', () => {
  it('public and development routes admit everyone; authenticated ones every signed-in role', () => {
    expect(who('public')).toEqual([true, true, true, true]);
    expect(who('localDevelopment')).toEqual([true, true, true, true]);
    expect(who('authenticated')).toEqual([false, true, true, true]);
  });

  it('a permission follows the matrix of accounts-and-auth §6', () => {
    expect(who('books.view_all')).toEqual([false, true, true, true]);
    expect(who('books.edit')).toEqual([false, false, true, true]);
    expect(who('users.edit')).toEqual([false, false, false, true]);
  });

  it('any of several permissions: one is enough', () => {
    expect(who({ anyOf: ['users.view_all', 'checkouts.view_all'] })).toEqual([false, false, true, true]);
    expect(who({ anyOf: ['users.delete', 'admin.logs'] })).toEqual([false, false, false, true]);
    expect(who({ anyOf: [] })).toEqual([false, false, false, false]);
  });

  it('guard levels of reader-area §6', () => {
    expect(who({ guard: 'librarianOrAdmin' })).toEqual([false, false, true, true]);
    expect(who({ guard: 'librarian' })).toEqual([false, false, true, false]);
    expect(who({ guard: 'admin' })).toEqual([false, false, false, true]);
  });

  it('declares routes as "METHOD /api/path" with known permissions only', () => {
    for (const [route, requirement] of Object.entries({ ...ROUTE_ACCESS, ...AUTH_HANDLER_ACCESS })) {
      // A file-like route may end in an extension (GET /api/circles/{id}/calendar.ics).
      expect(route).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/api\/[\w\-/{}]+(\.[a-z]+)?$/);
      const named = typeof requirement === 'object' && 'anyOf' in requirement ? requirement.anyOf : [requirement];
      for (const name of named) {
        if (typeof name !== 'string' || ['public', 'authenticated', 'localDevelopment'].includes(name)) continue;
        expect(ALL_PERMISSIONS, route).toContain(name);
      }
    }
  });

  it('leaves nothing under /api/admin open to patrons', () => {
    const open = Object.entries(ROUTE_ACCESS).filter(
      ([route, requirement]) => route.includes(' /api/admin/') && meetsRequirement('patron', requirement),
    );
    expect(open).toEqual([]);
  });
});
