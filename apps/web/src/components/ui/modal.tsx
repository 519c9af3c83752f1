import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

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
          <div className="flex items-center gap-3 border-b border-border p-4">
            <Dialog.Title className="flex-1 font-display text-xl font-bold">{title}</Dialog.Title>
            <Dialog.Close
              className="inline-flex size-10 items-center justify-center rounded-app hover:bg-surface-2"
              aria-label={closeLabel}
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto p-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
