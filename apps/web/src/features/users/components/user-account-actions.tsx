import type { UserDetail } from '@maktaba/shared/schemas/admin-users';
import { IMAGE_LIMITS } from '@maktaba/shared/schemas/storage';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useRepairUser } from '../api/repair-user';
import { useRevokeUserSessions } from '../api/revoke-user-sessions';
import { useUploadUserAvatar } from '../api/upload-user-avatar';
import { useVerifyUserEmail } from '../api/verify-user-email';
import { failureText } from '../lib/error-text';
import { ChangeEmailDialog } from './change-email-dialog';
import { DeleteUserDialog } from './delete-user-dialog';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

/** Avatar, e-mail, sessions, profile setup and deletion (not of oneself). */
export function UserAccountActions({ detail, canDelete }: { detail: UserDetail; canDelete: boolean }) {
  const { t } = useTranslation();
  const { profile } = detail;
  const avatarId = useId();
  const revoke = useRevokeUserSessions(profile.id);
  const repair = useRepairUser(profile.id);
  const avatar = useUploadUserAvatar(profile.id);
  const verifyEmail = useVerifyUserEmail(profile.id);
  const [dialog, setDialog] = useState<'email' | 'sessions' | 'delete' | null>(null);
  const close = (open: boolean) => (open ? undefined : setDialog(null));

  const upload = (file: File | undefined) => {
    if (!file) return;
    if (file.size > IMAGE_LIMITS.uploadMaxBytes) {
      toast.error(t('users.avatar.tooLarge', { max: IMAGE_LIMITS.uploadMaxBytes / 1024 / 1024 }));
      return;
    }
    avatar.mutate(file, {
      onSuccess: () => toast.success(t('users.avatar.saved')),
      onError: (error) => toast.error(failureText(t, 'users.errors.updateProfile', error)),
    });
  };

  return (
    <section aria-labelledby="user-actions-title" className="rounded-app border border-border bg-surface p-5">
      <h2 id="user-actions-title" className="font-display text-xl font-bold">
        {t('users.actions.title')}
      </h2>
      <div className="mt-4 flex flex-wrap gap-2">
        <label htmlFor={avatarId} className="sr-only">
          {t('users.avatar.label')}
        </label>
        <input
          id={avatarId}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          onChange={(event) => {
            upload(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button
          variant="secondary"
          disabled={avatar.isPending}
          onClick={() => document.getElementById(avatarId)?.click()}
        >
          {t('users.avatar.upload')}
        </Button>
        <Button variant="secondary" onClick={() => setDialog('email')}>
          {t('users.email.open')}
        </Button>
        {detail.email_verified === false ? (
          <Button
            variant="secondary"
            disabled={verifyEmail.isPending}
            onClick={() =>
              verifyEmail.mutate(undefined, {
                onSuccess: () => toast.success(t('users.verifyEmail.done')),
                onError: (error) => toast.error(failureText(t, 'users.errors.updateProfile', error)),
              })
            }
          >
            {t('users.verifyEmail.action')}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => setDialog('sessions')}>
          {t('users.sessions.open')}
        </Button>
        <Button
          variant="secondary"
          disabled={repair.isPending}
          onClick={() =>
            repair.mutate(undefined, {
              onSuccess: (result) =>
                toast.success(result.setup_problems.length ? t('users.repair.problemsLeft') : t('users.repair.whole')),
              onError: (error) => toast.error(failureText(t, 'users.errors.initializeProfile', error)),
            })
          }
        >
          {t('users.repair.open')}
        </Button>
        {canDelete ? (
          <Button variant="danger" onClick={() => setDialog('delete')}>
            {t('users.delete.open')}
          </Button>
        ) : null}
      </div>
      {detail.email_verified === undefined ? null : (
        <p className="mt-4 text-sm" data-testid="user-email-verified">
          {detail.email_verified ? t('users.verifyEmail.verified') : t('users.verifyEmail.unverified')}
        </p>
      )}
      <div className="mt-4" data-testid="setup-problems">
        {detail.setup_problems.length === 0 ? (
          <p className="text-sm text-muted">{t('users.repair.none')}</p>
        ) : (
          <>
            <p className="text-sm font-semibold">{t('users.repair.problems')}</p>
            <ul className="mt-1 list-disc ps-5 text-sm">
              {detail.setup_problems.map((problem) => (
                <li key={problem}>{t(`users.repair.items.${problem}`, { defaultValue: problem })}</li>
              ))}
            </ul>
          </>
        )}
      </div>
      <ChangeEmailDialog open={dialog === 'email'} onOpenChange={close} userId={profile.id} email={profile.email} />
      <ConfirmDialog
        open={dialog === 'sessions'}
        onOpenChange={close}
        title={t('users.sessions.title')}
        description={t('users.sessions.description', { count: detail.active_sessions })}
        confirmLabel={t('users.sessions.confirm')}
        cancelLabel={t('users.cancel')}
        isPending={revoke.isPending}
        onConfirm={() =>
          revoke.mutate(undefined, {
            onSuccess: () => {
              setDialog(null);
              toast.success(t('users.sessions.done'));
            },
            onError: (error) => toast.error(failureText(t, 'users.sessions.failed', error)),
          })
        }
      />
      {canDelete ? <DeleteUserDialog open={dialog === 'delete'} onOpenChange={close} profile={profile} /> : null}
    </section>
  );
}
