/** The admin user management's cached queries; every edit invalidates `usersKey`. */
export const usersKey = ['admin-users'] as const;
export const userListKey = [...usersKey, 'list'] as const;
export const userKey = (id: string) => [...usersKey, 'user', id] as const;
export const auditKey = ['admin-audit-log'] as const;
