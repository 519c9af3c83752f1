import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { apiErrorText } from '../../../lib/api-error-text';
import { UNKNOWN_FALLBACK } from '../lib/error-text';

type RecordRowProps = {
  /** The record's name for the buttons' accessible names. */
  label: string;
  children: ReactNode;
  onEdit: () => void;
  /** Absent when the role may not delete. */
  onDelete?: () => void;
  /** Indentation level (categories). */
  depth?: number;
};

/** One author, category or scholar in a list, with Edit and (for admins) Delete. */
export function RecordRow({ label, children, onEdit, onDelete, depth = 0 }: RecordRowProps) {
  const { t } = useTranslation();
  return (
    <li
      className="flex flex-wrap items-center gap-3 border-b border-border py-2"
      style={depth ? { paddingInlineStart: `${depth * 1.5}rem` } : undefined}
    >
      <div className="min-w-48 flex-1">{children}</div>
      <div className="flex gap-1.5">
        <Button
          variant="secondary"
          className="min-h-11 px-3 py-1"
          aria-label={t('catalogueAdmin.actions.editFor', { title: label })}
          onClick={onEdit}
        >
          <Pencil aria-hidden className="size-4" />
          {t('catalogueAdmin.actions.edit')}
        </Button>
        {onDelete ? (
          <Button
            variant="ghost"
            className="min-h-11 px-3 py-1 text-danger"
            aria-label={t('catalogueAdmin.actions.deleteFor', { title: label })}
            onClick={onDelete}
          >
            <Trash2 aria-hidden className="size-4" />
            {t('catalogueAdmin.actions.delete')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** The heading row of a list: its title and the "New …" button. */
export function ListHeader({
  id,
  title,
  newLabel,
  onNew,
}: {
  id: string;
  title: string;
  newLabel: string;
  onNew?: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2 id={id} className="font-display text-xl font-bold">
        {title}
      </h2>
      {onNew ? <Button onClick={onNew}>{newLabel}</Button> : null}
    </div>
  );
}

/** Why a list could not be loaded, translated. */
export function LoadError({ query }: { query: { isError: boolean; error: unknown } }) {
  const { t } = useTranslation();
  if (!query.isError) return null;
  return (
    <p role="alert" className="rounded-app bg-danger-soft p-3 text-sm font-medium text-danger">
      {apiErrorText(t, query.error, UNKNOWN_FALLBACK)}
    </p>
  );
}
