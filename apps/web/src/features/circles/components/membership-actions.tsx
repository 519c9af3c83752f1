import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { apiErrorText } from '../../../lib/api-error-text';
import { formatNumber } from '../../../lib/format';
import { useJoinCircle, useLeaveCircle } from '../api/circles';
import type { CircleDetail } from '../lib/types';

/** Join, join the waiting list, or leave (after a confirmation); where the reader stands in line. */
export function MembershipActions({ circle }: { circle: CircleDetail }) {
  const { t, i18n } = useTranslation();
  const join = useJoinCircle(circle.id);
  const leave = useLeaveCircle(circle.id);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isFull = circle.member_count >= circle.capacity;

  const onJoin = () => {
    setError(null);
    join.mutate(undefined, {
      onSuccess: (result) =>
        toast.success(
          result.my_status === 'member'
            ? t('circles.membership.joined')
            : t('circles.membership.waitingPosition', {
                position: formatNumber(result.my_waiting_position ?? 0, i18n.language),
              }),
        ),
      onError: (failure) => setError(apiErrorText(t, failure)),
    });
  };
  const onLeave = () =>
    leave.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(t('circles.membership.left'));
      },
      onError: (failure) => setError(apiErrorText(t, failure)),
    });

  return (
    <div className="flex flex-col gap-2" data-testid="circle-membership">
      {circle.my_status === 'member' ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm font-semibold text-primary">{t('circles.membership.youAreMember')}</p>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {t('circles.membership.leave')}
          </Button>
        </div>
      ) : circle.my_status === 'waiting' ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm font-semibold" data-testid="circle-waiting-position">
            {t('circles.membership.waitingPosition', {
              position: formatNumber(circle.my_waiting_position ?? 0, i18n.language),
            })}
          </p>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {t('circles.membership.leaveWaiting')}
          </Button>
        </div>
      ) : circle.status !== 'open' ? (
        <p className="text-sm text-muted">{t('circles.membership.closed')}</p>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={onJoin} disabled={join.isPending}>
            {t(isFull ? 'circles.membership.joinWaiting' : 'circles.membership.join')}
          </Button>
          {isFull ? <p className="text-sm text-muted">{t('circles.membership.fullHint')}</p> : null}
        </div>
      )}
      <div role="alert" className="empty:hidden">
        {error && !confirming ? (
          <p className="rounded-app bg-danger-soft p-3 text-sm font-medium text-danger">{error}</p>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) setError(null);
        }}
        title={t(
          circle.my_status === 'waiting' ? 'circles.membership.leaveWaitingTitle' : 'circles.membership.leaveTitle',
        )}
        description={t(
          circle.my_status === 'waiting'
            ? 'circles.membership.leaveWaitingDescription'
            : 'circles.membership.leaveDescription',
        )}
        confirmLabel={t(
          circle.my_status === 'waiting' ? 'circles.membership.leaveWaiting' : 'circles.membership.leave',
        )}
        cancelLabel={t('circles.actions.cancel')}
        isPending={leave.isPending}
        error={confirming ? error : null}
        onConfirm={onLeave}
      />
    </div>
  );
}
