import { clsx } from 'clsx';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { DialogHeader } from './dialog-header';

type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Translated label of the close button. */
  closeLabel: string;
  /** Wide dialogs hold forms with both languages side by side. */
  size?: 'md' | 'lg';
  children: ReactNode;
};

/** A modal dialog: focus is trapped inside, Escape and the close button close it, focus returns after. */
export function Modal({ open, onOpenChange, title, closeLabel, size = 'md', children }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className={clsx(
            'fixed inset-x-0 top-1/2 z-50 mx-auto flex max-h-[92vh] w-[calc(100%-1.5rem)] -translate-y-1/2 flex-col rounded-app border border-border bg-surface shadow-xl',
            size === 'lg' ? 'max-w-3xl' : 'max-w-lg',
          )}
        >
          <DialogHeader title={title} closeLabel={closeLabel} />
          <div className="overflow-y-auto p-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
