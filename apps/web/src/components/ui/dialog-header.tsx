import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';

/** The top bar of a modal or a sheet: its title, and a close button with a translated label. */
export function DialogHeader({ title, closeLabel }: { title: string; closeLabel: string }) {
  return (
    <div className="flex items-center gap-3 border-b border-border p-4">
      <Dialog.Title className="flex-1 font-display text-xl font-bold">{title}</Dialog.Title>
      <Dialog.Close
        className="inline-flex size-11 items-center justify-center rounded-app hover:bg-surface-2"
        aria-label={closeLabel}
      >
        <X aria-hidden className="size-5" />
      </Dialog.Close>
    </div>
  );
}
