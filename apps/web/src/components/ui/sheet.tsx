import { clsx } from 'clsx';
import { Dialog } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import { DialogHeader } from './dialog-header';

type SheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the sheet; focus returns to it when the sheet closes. */
  trigger: ReactElement;
  title: string;
  /** Translated label of the close button. */
  closeLabel: string;
  /** Actions kept in view below the scrolling body. */
  footer?: ReactNode;
  className?: string;
  children: ReactNode;
  'data-testid'?: string;
};

/**
 * A modal panel that slides in from the inline-end edge (the right in English, the left in
 * Arabic): focus is trapped inside, Escape and the close button close it, and focus returns to
 * the trigger after.
 */
export function Sheet({
  open,
  onOpenChange,
  trigger,
  title,
  closeLabel,
  footer,
  className,
  children,
  'data-testid': testId,
}: SheetProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50 transition-opacity duration-200 starting:opacity-0 motion-reduce:transition-none" />
        <Dialog.Content
          aria-describedby={undefined}
          data-testid={testId}
          className={clsx(
            'fixed inset-y-0 end-0 z-50 flex w-[min(24rem,calc(100vw-2.5rem))] flex-col border-s border-border bg-surface shadow-xl',
            'transition-transform duration-200 motion-reduce:transition-none starting:ltr:translate-x-full starting:rtl:-translate-x-full',
            className,
          )}
        >
          <DialogHeader title={title} closeLabel={closeLabel} />
          <div className="min-h-0 flex-1 overflow-y-auto p-4">{children}</div>
          {footer ? <div className="flex flex-wrap gap-2 border-t border-border p-4">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
