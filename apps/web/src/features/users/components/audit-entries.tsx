import type { AuditEntry } from '@maktaba/shared/schemas/admin-users';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TableFrame } from '../../../components/ui/table-frame';
import { formatNumber, formatYear } from '../../../lib/format';
import { auditChanges, auditValue } from '../lib/audit-diff';
import { formatDate, roleLabel } from '../lib/format';
import { AuditTarget } from './audit-target';

/** Fields that hold a year, written without a thousands separator. */
const YEAR_FIELDS = new Set(['publication_year', 'death_hijri', 'death_ce']);

const COLUMNS = ['time', 'actor', 'action', 'target', 'changes', 'ip'] as const;
type Column = (typeof COLUMNS)[number];

/** The audit entries as a table (wide screens) and as cards (phones). */
export function AuditEntries({ entries }: { entries: AuditEntry[] }) {
  const { t, i18n } = useTranslation();
  /** Roles, statuses, languages, numbers and yes/no in the reader's language; other values as they are. */
  const valueText = (entry: AuditEntry, field: string, value: unknown) => {
    const isCatalogue = entry.target_type !== 'user';
    if (field === 'role' && typeof value === 'string') return roleLabel(t, value);
    if ((field === 'status' || field === 'book_status') && typeof value === 'string') {
      const key = isCatalogue ? `catalogueAdmin.status.${value}` : `users.statuses.${value}`;
      return t(key, { defaultValue: value });
    }
    if (field === 'language' && typeof value === 'string') {
      return t(`catalogueAdmin.languages.${value}`, { defaultValue: value });
    }
    if (typeof value === 'boolean') return t(value ? 'audit.values.yes' : 'audit.values.no');
    if (typeof value === 'number') {
      return YEAR_FIELDS.has(field) ? formatYear(value, i18n.language) : formatNumber(value, i18n.language);
    }
    return auditValue(value, i18n.language);
  };
  const cells = (entry: AuditEntry): Record<Column, ReactNode> => ({
    time: <time dateTime={entry.created_at}>{formatDate(entry.created_at, i18n.language, t)}</time>,
    actor: (
      <bdi>
        {entry.actor.display_name ||
          entry.actor.email ||
          // `npm run user:create -- --promote` has no signed-in actor: it says it came from the command line.
          t(entry.metadata.via === 'command line' ? 'audit.commandLine' : 'audit.unknownActor')}
      </bdi>
    ),
    action: t(`audit.actions.${entry.action_type}`, { defaultValue: entry.action_type }),
    target: <AuditTarget entry={entry} />,
    changes: (
      <ul className="flex flex-col gap-0.5">
        {auditChanges(entry).map((change) => (
          <li key={change.field}>
            <span className="font-semibold">{t(`audit.fields.${change.field}`, { defaultValue: change.field })}:</span>{' '}
            {'before' in change ? (
              <>
                <del className="text-muted">
                  <bdi>{valueText(entry, change.field, change.before)}</bdi>
                </del>{' '}
                <span aria-hidden className="inline-block flip-rtl">
                  →
                </span>
                <span className="sr-only">{t('audit.to')}</span>{' '}
              </>
            ) : null}
            <ins className="no-underline">
              <bdi>{valueText(entry, change.field, change.after)}</bdi>
            </ins>
          </li>
        ))}
      </ul>
    ),
    ip: <bdi dir="ltr">{entry.ip_address ?? '—'}</bdi>,
  });
  return (
    <>
      <TableFrame className="hidden md:block">
        <table className="w-full text-sm" data-testid="audit-table">
          <caption className="sr-only">{t('audit.title')}</caption>
          <thead className="bg-surface-2">
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-3 py-2 text-start font-semibold">
                  {t(`audit.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => {
              const row = cells(entry);
              return (
                <tr key={entry.id} className="border-t border-border align-top" data-testid="audit-row">
                  {COLUMNS.map((column) => (
                    <td key={column} className="px-3 py-2">
                      {row[column]}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableFrame>
      <ul className="flex flex-col gap-3 md:hidden" aria-label={t('audit.title')}>
        {entries.map((entry) => {
          const card = cells(entry);
          return (
            <li
              key={entry.id}
              className="rounded-app border border-border bg-surface p-4 text-sm"
              data-testid="audit-card"
            >
              <p className="font-semibold">{card.action}</p>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                {COLUMNS.filter((column) => column !== 'action').map((column) => (
                  <div key={column} className="contents">
                    <dt className="text-muted">{t(`audit.columns.${column}`)}</dt>
                    <dd className="min-w-0 break-words">{card[column]}</dd>
                  </div>
                ))}
              </dl>
            </li>
          );
        })}
      </ul>
    </>
  );
}
