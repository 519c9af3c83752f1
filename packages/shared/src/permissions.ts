/**
 * Roles and the role → permission matrix of accounts-and-auth §6.
 * The server enforces it on every route; the client only mirrors it for display.
 */
export const ROLES = ['admin', 'librarian', 'patron'] as const;
export type Role = (typeof ROLES)[number];
/** Used only for signed-out display; a profile without a role counts as patron. */
export type DisplayRole = Role | 'guest';

const PATRON = [
  'books.view_all',
  'checkouts.create',
  'checkouts.view_own',
  'collections.create',
  'collections.edit',
  'quotes.create',
] as const;

const LIBRARIAN = [
  ...PATRON,
  'books.create',
  'books.edit',
  'books.approve',
  'checkouts.view_all',
  'checkouts.manage',
  'categories.create',
  'categories.edit',
  'categories.manage',
  'scholars.create',
  'scholars.edit',
  'scholars.approve',
  'quotes.edit',
  'quotes.approve',
  'collections.view_all',
] as const;

const ADMIN = [
  ...LIBRARIAN,
  'books.delete',
  'categories.delete',
  'scholars.delete',
  'quotes.delete',
  'collections.delete',
  'users.create',
  'users.edit',
  'users.delete',
  'users.view_all',
  'users.manage_roles',
  'admin.access',
  'admin.system_settings',
  'admin.analytics',
  'admin.logs',
] as const;

export type Permission = (typeof ADMIN)[number];

export const PERMISSIONS: Readonly<Record<Role, ReadonlySet<Permission>>> = {
  patron: new Set<Permission>(PATRON),
  librarian: new Set<Permission>(LIBRARIAN),
  admin: new Set<Permission>(ADMIN),
};

export const ALL_PERMISSIONS: readonly Permission[] = ADMIN;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** A missing or unknown role counts as patron (spec §6). */
export function normalizeRole(value: unknown): Role {
  return isRole(value) ? value : 'patron';
}

export function can(role: Role | null | undefined, permission: Permission): boolean {
  if (!role) return false;
  return PERMISSIONS[role].has(permission);
}

/** Route guard levels of reader-area §6. */
export const GUARD_LEVELS = ['public', 'authenticated', 'librarian', 'admin', 'librarianOrAdmin'] as const;
export type GuardLevel = (typeof GUARD_LEVELS)[number];

export function meetsGuard(role: Role | null, level: GuardLevel): boolean {
  switch (level) {
    case 'public':
      return true;
    case 'authenticated':
      return role !== null;
    case 'librarian':
      return role === 'librarian';
    case 'admin':
      return role === 'admin';
    case 'librarianOrAdmin':
      return role === 'librarian' || role === 'admin';
  }
}
