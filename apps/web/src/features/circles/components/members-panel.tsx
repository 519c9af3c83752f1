import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { apiErrorText } from '../../../lib/api-error-text';
import { formatDate, formatNumber } from '../../../lib/format';
import { useRemoveMember } from '../api/circles';
import type { CircleDetail } from '../lib/types';
import { ReasonDialog } from './reason-dialog';

/** The members (to members and moderators), and for moderators the waiting list and removing a member. */
export function MembersPanel({ circle }: { circle: CircleDetail }) {
  const { t, i18n } = useTranslation();
  const remove = useRemoveMember(circle.id);
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const number = (value: number) => formatNumber(value, i18n.language);

  if (circle.members.length === 0 && circle.waiting.length === 0) return null;
  return (
    <section aria-labelledby="circle-members" className="flex flex-col gap-3">
      <h2 id="circle-members" className="font-display text-xl font-bold">
        {t('circles.members.title', { count: circle.members.length, formatted: number(circle.members.length) })}
      </h2>
      <ul
        className="flex flex-col divide-y divide-border rounded-app border border-border bg-surface"
        data-testid="circle-members"
      >
        {circle.members.map((member) => (
          <li key={member.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
            <bdi className="min-w-0 font-semibold break-words">{member.name}</bdi>
            {member.is_host ? (
              <span className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold text-primary">
                {t('circles.members.host')}
              </span>
            ) : null}
            <span className="text-xs text-muted">
              {t('circles.members.joined', { date: formatDate(member.joined_at, i18n.language) })}
            </span>
            {circle.can_moderate && !member.is_host ? (
              <Button
                variant="ghost"
                className="ms-auto"
                onClick={() => setRemoving({ id: member.id, name: member.name })}
                aria-label={t('circles.members.removeNamed', { name: member.name })}
              >
                {t('circles.members.remove')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {circle.can_moderate ? (
        <>
          <h3 className="font-display text-lg font-bold">
            {t('circles.members.waitingTitle', {
              formatted: number(circle.waiting.length),
              count: circle.waiting.length,
            })}
          </h3>
          {circle.waiting.length === 0 ? (
            <p className="text-sm text-muted">{t('circles.members.noWaiting')}</p>
          ) : (
            <ol className="flex flex-col gap-1 text-sm" data-testid="circle-waiting">
              {circle.waiting.map((entry) => (
                <li key={entry.id} className="flex gap-2">
                  <span className="text-muted">{number(entry.position)}.</span>
                  <bdi className="break-words">{entry.name}</bdi>
                </li>
              ))}
            </ol>
          )}
          <ReasonDialog
            open={removing !== null}
            onOpenChange={(open) => {
              if (!open) {
                setRemoving(null);
                setError(null);
              }
            }}
            title={t('circles.members.removeTitle', { name: removing?.name ?? '' })}
            description={t('circles.members.removeDescription')}
            label={t('circles.members.removeReason')}
            confirmLabel={t('circles.members.remove')}
            isPending={remove.isPending}
            error={error}
            onConfirm={(reason) =>
              removing &&
              remove.mutate(
                { userId: removing.id, reason: reason || undefined },
                {
                  onSuccess: () => {
                    setRemoving(null);
                    toast.success(t('circles.members.removed'));
                  },
                  onError: (failure) => setError(apiErrorText(t, failure)),
                },
              )
            }
          />
        </>
      ) : null}
    </section>
  );
}
