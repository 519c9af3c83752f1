import { clsx } from 'clsx';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { DialogHeader } from '../../../components/ui/dialog-header';

type ResponsiveDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  closeLabel: string;
  footer?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
};

/**
 * A dialog that is a sheet rising from the bottom on a phone (within reach of the thumb) and a
 * centred panel from 640 px: focus is trapped inside, Escape and the close button close it, and
 * focus returns to what opened it.
 */
export function ResponsiveDialog(props: ResponsiveDialogProps) {
  const { open, onOpenChange, title, closeLabel, footer, children, 'data-testid': testId } = props;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          aria-describedby={undefined}
          data-testid={testId}
          className={clsx(
            'fixed inset-x-0 bottom-0 z-50 flex max-h-[88dvh] flex-col rounded-t-2xl border border-border bg-surface shadow-xl',
            'transition-transform duration-200 motion-reduce:transition-none starting:translate-y-full',
            'sm:top-1/2 sm:bottom-auto sm:mx-auto sm:w-[calc(100%-1.5rem)] sm:max-w-lg sm:-translate-y-1/2 sm:rounded-app sm:starting:translate-y-[-40%]',
          )}
        >
          <DialogHeader title={title} closeLabel={closeLabel} />
          <div className="min-h-0 flex-1 overflow-y-auto p-4">{children}</div>
          {footer ? <div className="flex flex-wrap justify-end gap-2 border-t border-border p-4">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
