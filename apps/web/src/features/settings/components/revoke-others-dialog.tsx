import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../../../components/ui/button';

type RevokeOthersDialogProps = {
  onConfirm: () => Promise<unknown>;
  isPending: boolean;
};

/** 'Sign out of all other sessions', asked once more before it happens. */
export function RevokeOthersDialog({ onConfirm, isPending }: RevokeOthersDialogProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const confirm = async () => {
    try {
      await onConfirm();
    } finally {
      setOpen(false);
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={buttonClass('secondary', 'w-full sm:w-auto')}>
        {t('settings.sessions.revokeOthers')}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          role="alertdialog"
          className="fixed inset-x-0 top-1/2 z-50 mx-auto w-[calc(100%-2rem)] max-w-md -translate-y-1/2 rounded-app border border-border bg-surface p-6 shadow-xl"
        >
          <Dialog.Title className="pe-10 font-display text-xl font-bold">
            {t('settings.sessions.revokeOthersTitle')}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">
            {t('settings.sessions.revokeOthersDescription')}
          </Dialog.Description>
          <Dialog.Close
            className="absolute end-3 top-3 inline-flex size-11 items-center justify-center rounded-app hover:bg-surface-2"
            aria-label={t('common.close')}
          >
            <X aria-hidden className="size-5" />
          </Dialog.Close>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary">{t('settings.sessions.revokeOthersCancel')}</Button>
            </Dialog.Close>
            <Button variant="danger" onClick={() => void confirm()} disabled={isPending}>
              {t('settings.sessions.revokeOthersConfirm')}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
