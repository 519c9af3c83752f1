import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { apiErrorText } from '../../../lib/api-error-text';
import { UNKNOWN_FALLBACK } from '../lib/error-text';

type DeleteConfirmProps = {
  /** What is about to be deleted; null closes the dialog. */
  target: { id: string; label: string } | null;
  mutation: { isPending: boolean; error: unknown; mutateAsync: (id: string) => Promise<unknown> };
  onClose: () => void;
  /** What a 409 CONFLICT means for this kind of record. */
  conflictKey?: string;
  doneKey: string;
};

/** "Delete …?" with the reason shown in the dialog when the server refuses (e.g. a book with loans). */
export function DeleteConfirm({ target, mutation, onClose, conflictKey, doneKey }: DeleteConfirmProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('catalogueAdmin.delete.title')}
      description={t('catalogueAdmin.delete.description', { name: target?.label ?? '' })}
      confirmLabel={t('catalogueAdmin.actions.delete')}
      cancelLabel={t('catalogueAdmin.actions.cancel')}
      isPending={mutation.isPending}
      error={
        mutation.error
          ? apiErrorText(t, mutation.error, {
              ...UNKNOWN_FALLBACK,
              overrides: conflictKey ? { CONFLICT: conflictKey } : {},
            })
          : null
      }
      onConfirm={() =>
        target &&
        mutation.mutateAsync(target.id).then(
          () => {
            toast.success(t(doneKey));
            onClose();
          },
          () => undefined,
        )
      }
    />
  );
}
