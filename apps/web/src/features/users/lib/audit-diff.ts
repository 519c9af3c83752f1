import type { AuditEntry } from '@maktaba/shared/schemas/admin-users';

export type AuditChange = { field: string; before?: unknown; after: unknown };

/**
 * An entry's changes as field, value before and value after: the server keeps the new values in
 * `changes` and the old in `metadata` (`previous_<field>`, or `previous: { field: value }`).
 */
export function auditChanges(entry: Pick<AuditEntry, 'changes' | 'metadata'>): AuditChange[] {
  const previous = entry.metadata.previous;
  const grouped = previous && typeof previous === 'object' ? (previous as Record<string, unknown>) : {};
  return Object.entries(entry.changes).map(([field, after]) => {
    const single = `previous_${field}`;
    if (single in entry.metadata) return { field, before: entry.metadata[single], after };
    if (field in grouped) return { field, before: grouped[field], after };
    return { field, after };
  });
}

/** A value as text: null and empty as '—', anything else as it reads. */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
