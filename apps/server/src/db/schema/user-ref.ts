import { type UpdateDeleteAction, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from './auth.js';

/**
 * A reference to the auth user. What a row does when its user is deleted differs from table to
 * table (a bookmark goes with its user, a feedback report stays without its sender), so every
 * table says it.
 */
export const userRef = <TName extends string>(name: TName, options: { onDelete: UpdateDeleteAction }) =>
  uuid(name).references(() => authUsers.id, { onDelete: options.onDelete });
