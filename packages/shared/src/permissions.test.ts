import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, can, meetsGuard, normalizeRole, PERMISSIONS, ROLES } from './permissions.js';

describe('permission matrix (accounts-and-auth §6)', () => {
  it('gives patrons exactly the six patron permissions', () => {
    expect([...PERMISSIONS.patron].sort()).toEqual(
      [
        'books.view_all',
        'checkouts.create',
        'checkouts.view_own',
        'collections.create',
        'collections.edit',
        'quotes.create',
      ].sort(),
    );
  });

  it('nests roles: patron ⊂ librarian ⊂ admin', () => {
    for (const permission of PERMISSIONS.patron) expect(can('librarian', permission)).toBe(true);
    for (const permission of PERMISSIONS.librarian) expect(can('admin', permission)).toBe(true);
    expect(PERMISSIONS.librarian.size).toBe(20);
    expect(PERMISSIONS.admin.size).toBe(ALL_PERMISSIONS.length);
    expect(PERMISSIONS.admin.size).toBe(34);
  });

  it('keeps admin-only permissions from librarians', () => {
    for (const permission of ['users.manage_roles', 'books.delete', 'admin.access'] as const) {
      expect(can('librarian', permission)).toBe(false);
      expect(can('patron', permission)).toBe(false);
      expect(can('admin', permission)).toBe(true);
    }
  });

  it('refuses everything to a signed-out visitor', () => {
    expect(can(null, 'books.view_all')).toBe(false);
  });

  it('treats a missing or unknown role as patron', () => {
    expect(normalizeRole(undefined)).toBe('patron');
    expect(normalizeRole('superuser')).toBe('patron');
    expect(ROLES.map(normalizeRole)).toEqual([...ROLES]);
  });

  it('applies the guard levels of reader-area §6', () => {
    expect(meetsGuard(null, 'authenticated')).toBe(false);
    expect(meetsGuard('patron', 'authenticated')).toBe(true);
    expect(meetsGuard('patron', 'librarianOrAdmin')).toBe(false);
    expect(meetsGuard('librarian', 'librarianOrAdmin')).toBe(true);
    expect(meetsGuard('librarian', 'admin')).toBe(false);
    expect(meetsGuard('admin', 'admin')).toBe(true);
  });
});
