import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

/** Asks before leaving the editor with unsaved edits: in-app navigation through the router, closing the tab through the browser. */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
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
      title={t('articles.editor.unsaved.title')}
      description={t('articles.editor.unsaved.description')}
      confirmLabel={t('articles.editor.unsaved.leave')}
      cancelLabel={t('articles.editor.unsaved.stay')}
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
