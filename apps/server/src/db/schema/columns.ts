import { timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Column shapes that many tables repeat. Each call returns a new builder: a builder object must not
 * be shared between tables.
 */

/** A uuid primary key the database fills (gen_random_uuid()). */
export const id = () => uuid('id').primaryKey().defaultRandom();

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
