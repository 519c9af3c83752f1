/** Whether a database error, or one it wraps (Drizzle wraps the driver's), has this SQLSTATE. */
function hasSqlState(error: unknown, code: string): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** A unique-constraint violation (23505). */
export const isUniqueViolation = (error: unknown): boolean => hasSqlState(error, '23505');

/** A foreign-key violation (23503): a referenced row is not there, or no longer. */
export const isForeignKeyViolation = (error: unknown): boolean => hasSqlState(error, '23503');
