import { type BaseSyntheticEvent, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

type RecordDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  form: { onSubmit: (event?: BaseSyntheticEvent) => Promise<void>; formError: string | null; restart: () => void };
  isPending: boolean;
  children: ReactNode;
};

/** The dialog around an author, category or scholar form: fields, the failure if any, Save and Cancel. */
export function RecordDialog({ open, onOpenChange, title, form, isPending, children }: RecordDialogProps) {
  const { t } = useTranslation();
  const { restart } = form;
  // Each opening starts from the record as it is now, not from what was typed last time.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new opening restarts the form.
  useEffect(() => {
    if (open) restart();
  }, [open]);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} closeLabel={t('common.close')} size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          // React events cross portals: keep this submit from also submitting a form around the dialog.
          event.stopPropagation();
          void form.onSubmit(event);
        }}
        className="flex flex-col gap-4"
      >
        {children}
        <div role="alert" className="empty:hidden">
          {form.formError ? (
            <p className="rounded-app bg-danger-soft p-3 text-sm font-medium text-danger">{form.formError}</p>
          ) : null}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('catalogueAdmin.actions.cancel')}
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending ? t('catalogueAdmin.actions.saving') : t('catalogueAdmin.actions.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
