/** Values that read the same are the same change: null and a missing value, arrays by their items. */
const isSame = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What an audit entry keeps of an edit: the new value of each field that changed (`changes`) and
 * its value before (`previous`); empty when nothing changed, so no entry need be written.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { changes: Record<string, unknown>; previous: Record<string, unknown> } {
  const changes: Record<string, unknown> = {};
  const previous: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(after)) {
    if (isSame(before[field], value)) continue;
    changes[field] = value ?? null;
    previous[field] = before[field] ?? null;
  }
  return { changes, previous };
}

/** A new record's fields as an audit entry keeps them: the ones with a value. */
export function filledFields(snapshot: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(snapshot).filter(
      ([, value]) => value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && !value.length),
    ),
  );
}
