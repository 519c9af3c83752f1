import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { apiErrorKey } from '../../../lib/api-error-text';
import { cancelPendingRequests } from '../../../lib/auth/pending-requests';
import { dispatchAuth, useAuthStore } from '../../../lib/auth/use-auth';
import { deleteOwnAccount, downloadOwnData, useDeletionRequirements } from '../api/account-data';
import { DeleteAccountDialog } from './delete-account-dialog';

/**
 * Settings → Your data (the privacy policy's rights of access and deletion): everything the
 * library holds about the reader as one file, and deleting the account.
 */
export function DataSection({
  forgetLocalSession,
}: {
  /** Forgets what this browser keeps about the session (the auth feature's, given by the app). */
  forgetLocalSession: (queryClient: QueryClient) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useAuthStore((state) => state.user);
  const requirements = useDeletionRequirements(user?.id ?? null);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const [downloaded, setDownloaded] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);

  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    setDownloaded(false);
    try {
      await downloadOwnData();
      setDownloaded(true);
    } catch (error) {
      setDownloadError(error);
    } finally {
      setDownloading(false);
    }
  };

  const remove = async (input: { confirmation: string; password?: string }) => {
    await deleteOwnAccount(input);
    // The server ended every session and cleared the cookie: forget this browser's state too.
    // Signing out first, so that a request of this page refused meanwhile is not taken for a lost
    // session (which would send the reader to /signin), then off the guarded settings page.
    // While signing out the guard of this page covers it instead of sending the reader to
    // sign in; the goodbye page clears that flag once it is shown.
    cancelPendingRequests();
    dispatchAuth({ type: 'SIGN_OUT_STARTED' });
    setDeleteOpen(false);
    forgetLocalSession(queryClient);
    dispatchAuth({ type: 'SIGNED_OUT' });
    await navigate('/goodbye', { replace: true });
  };

  return (
    <section
      aria-labelledby="settings-data"
      className="flex flex-col gap-6 rounded-app border border-border bg-surface p-4 sm:p-6"
    >
      <h2 id="settings-data" className="font-display text-xl font-bold">
        {t('settings.sections.data')}
      </h2>

      <section className="flex flex-col gap-3" aria-labelledby="settings-data-export">
        <h3 id="settings-data-export" className="text-lg font-semibold">
          {t('settings.data.export.title')}
        </h3>
        <p className="text-sm text-muted">{t('settings.data.export.description')}</p>
        <div>
          <Button
            type="button"
            variant="secondary"
            className="inline-flex items-center gap-2"
            onClick={() => void download()}
            disabled={downloading}
            aria-busy={downloading || undefined}
          >
            <Download aria-hidden className="size-4" />
            {downloading ? t('settings.data.export.preparing') : t('settings.data.export.button')}
          </Button>
        </div>
        <div aria-live="polite">
          {downloaded ? <p className="text-sm text-primary">{t('settings.data.export.done')}</p> : null}
        </div>
        {downloadError ? (
          <Alert variant="destructive" title={t('settings.data.export.failed')}>
            <p>{t(apiErrorKey(downloadError))}</p>
          </Alert>
        ) : null}
      </section>

      <section
        className="flex flex-col gap-3 rounded-app border border-danger/40 p-4"
        aria-labelledby="settings-data-delete"
      >
        <h3 id="settings-data-delete" className="text-lg font-semibold text-danger">
          {t('settings.data.delete.heading')}
        </h3>
        <p className="text-sm">{t('settings.data.delete.description')}</p>
        <div>
          <Button
            type="button"
            variant="danger"
            className="inline-flex items-center gap-2"
            onClick={() => setDeleteOpen(true)}
          >
            <Trash2 aria-hidden className="size-4" />
            {t('settings.data.delete.open')}
          </Button>
        </div>
      </section>
      {user ? (
        <DeleteAccountDialog
          open={deleteOpen}
          onOpenChange={setDeleteOpen}
          email={user.email}
          hasPassword={requirements.data?.has_password ?? user.provider !== 'google'}
          onDelete={remove}
        />
      ) : null}
    </section>
  );
}
