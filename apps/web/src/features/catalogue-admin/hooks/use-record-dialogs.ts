import { useState } from 'react';

/** Which record the edit dialog shows (null: a new one) and which one the delete dialog asks about. */
export function useRecordDialogs<T>(remove: { reset: () => void }, canDelete: boolean) {
  const [editing, setEditing] = useState<{ record: T | null } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  return {
    editing: editing?.record ?? null,
    isEditOpen: editing !== null,
    openNew: () => setEditing({ record: null }),
    openEdit: (record: T) => setEditing({ record }),
    onEditOpenChange: (open: boolean) => (open ? undefined : setEditing(null)),
    deleting,
    /** The row's Delete handler; absent when the role may not delete. */
    onDelete: canDelete
      ? (record: T) => () => {
          remove.reset();
          setDeleting(record);
        }
      : undefined,
    closeDelete: () => setDeleting(null),
  };
}
