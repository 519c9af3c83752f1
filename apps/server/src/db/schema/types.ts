import { customType } from 'drizzle-orm/pg-core';

/** A PostgreSQL text-search vector; read as its text form, written only by PostgreSQL (generated). */
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});
