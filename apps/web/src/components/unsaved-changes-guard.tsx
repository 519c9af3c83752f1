import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './ui/confirm-dialog';

/**
 * Asks before leaving a form with unsaved edits: in-app navigation through the router, closing the
 * tab through the browser. `description` says what would be lost (a book's edits by default).
 */
export function UnsavedChangesGuard({ when, description }: { when: boolean; description?: string }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => (open ? undefined : blocker.reset?.())}
      title={t('catalogueAdmin.unsaved.title')}
      description={description ?? t('catalogueAdmin.unsaved.description')}
      confirmLabel={t('catalogueAdmin.unsaved.leave')}
      cancelLabel={t('catalogueAdmin.unsaved.stay')}
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
