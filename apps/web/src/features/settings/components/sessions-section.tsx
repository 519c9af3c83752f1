import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/get-sessions';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import { RevokeOthersDialog } from './revoke-others-dialog';
import { SessionItem } from './session-item';

const messageKey = (error: unknown) =>
  error instanceof ApiError && error.code !== 'UNKNOWN' ? `errors.codes.${error.code}` : 'errors.codes.INTERNAL';

function SessionsSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" data-testid="sessions-loading">
      <span className="sr-only">{t('settings.sessions.loading')}</span>
      <ul aria-hidden className="divide-y divide-border">
        {[0, 1].map((row) => (
          <li key={row} className="flex items-center gap-3 py-4">
            <span className="size-10 shrink-0 animate-pulse rounded-full bg-surface-2 motion-reduce:animate-none" />
            <span className="flex flex-1 flex-col gap-2">
              <span className="h-4 w-2/3 animate-pulse rounded bg-surface-2 motion-reduce:animate-none" />
              <span className="h-3 w-1/2 animate-pulse rounded bg-surface-2 motion-reduce:animate-none" />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** 'Your sessions': where the account is signed in, with a way to end any other session. */
export function SessionsSection() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const endSession = useEndSession();
  const revokeOthers = useRevokeOtherSessions();
  const now = new Date(sessions.dataUpdatedAt || Date.now());

  const onEnd = (id: string) =>
    endSession.mutate(id, {
      onSuccess: () => toast.success(t('settings.sessions.ended')),
      onError: (error) => toast.error(t('settings.sessions.endFailed', { message: t(messageKey(error)) })),
    });

  const onRevokeOthers = () =>
    revokeOthers.mutateAsync().then(
      () => toast.success(t('settings.sessions.revokedOthers')),
      (error: unknown) => toast.error(t('settings.sessions.revokeOthersFailed', { message: t(messageKey(error)) })),
    );

  return (
    <section aria-labelledby="settings-sessions" className="rounded-app border border-border bg-surface p-4 sm:p-6">
      <h3 id="settings-sessions" className="font-display text-lg font-bold">
        {t('settings.sessions.title')}
      </h3>
      <p className="mt-1 text-sm text-muted">{t('settings.sessions.description')}</p>
      <div className="mt-2">
        {sessions.isPending ? (
          <SessionsSkeleton />
        ) : sessions.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 py-4">
            <p className="text-danger">{t('settings.sessions.loadFailed')}</p>
            <Button variant="secondary" onClick={() => void sessions.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : (
          <>
            <ul className="divide-y divide-border" aria-labelledby="settings-sessions">
              {sessions.data.map((session) => (
                <SessionItem
                  key={session.id}
                  session={session}
                  now={now}
                  onEnd={session.current ? undefined : () => onEnd(session.id)}
                  isEnding={endSession.isPending && endSession.variables === session.id}
                />
              ))}
            </ul>
            {sessions.data.some((session) => !session.current) ? (
              <div className="mt-4 border-t border-border pt-4">
                <RevokeOthersDialog onConfirm={onRevokeOthers} isPending={revokeOthers.isPending} />
              </div>
            ) : (
              <p className="mt-2 text-sm text-muted">{t('settings.sessions.noOthers')}</p>
            )}
          </>
        )}
      </div>
    </section>
  );
}
