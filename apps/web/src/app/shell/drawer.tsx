import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { SidebarContent } from './sidebar';

/**
 * Below 1024 px, the sidebar as a drawer from the inline start with an overlay. The shell loads it
 * when it first opens: wide screens never need its dialog code.
 */
export function Drawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50 lg:hidden" data-testid="drawer-overlay" />
        <Dialog.Content
          id="app-drawer"
          className="fixed inset-y-0 start-0 z-50 w-64 max-w-[85vw] border-e border-border bg-surface shadow-xl lg:hidden"
          data-testid="drawer"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // Radix gives focus back to its own Trigger; the menu button lives in the header instead.
            const menuButton = document.querySelector<HTMLElement>('button[aria-controls="app-drawer"]');
            if (!menuButton) return;
            event.preventDefault();
            menuButton.focus();
          }}
        >
          <Dialog.Title className="sr-only">{t('nav.primary')}</Dialog.Title>
          <Dialog.Close
            className="absolute end-3 top-3 inline-flex size-11 items-center justify-center rounded-app hover:bg-surface-2"
            aria-label={t('nav.closeMenu')}
          >
            <X aria-hidden className="size-5" />
          </Dialog.Close>
          <SidebarContent />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
