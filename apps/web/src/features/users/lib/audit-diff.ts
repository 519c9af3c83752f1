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

/** Longer texts (a description, a biography) are cut here: the log shows that they changed, not all of them. */
export const AUDIT_TEXT_MAX = 160;

const lists = new Map<string, Intl.ListFormat>();
function listFormat(language: string): Intl.ListFormat {
  let format = lists.get(language);
  if (!format) {
    format = new Intl.ListFormat(language, { type: 'unit' });
    lists.set(language, format);
  }
  return format;
}

/** A value as text: null and empty as '—', a list joined in the reader's language, a long text cut short. */
export function auditValue(value: unknown, language = 'en'): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) {
    return value.length === 0 ? '—' : listFormat(language).format(value.map((item) => auditValue(item, language)));
  }
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > AUDIT_TEXT_MAX ? `${text.slice(0, AUDIT_TEXT_MAX).trimEnd()}…` : text;
}
