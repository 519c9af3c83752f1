import { ArrowLeft, Pencil, SearchX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { useCircle } from '../api/circles';
import { CircleFacts, MyStatusBadge } from './circle-facts';
import { CircleFormDialog } from './circle-form-dialog';
import { Discussion } from './discussion';
import { EmptyState } from './empty-state';
import { LoadError } from './load-error';
import { MeetingList } from './meeting-list';
import { MembersPanel } from './members-panel';
import { MembershipActions } from './membership-actions';

/** /circles/{id}: the circle, joining or leaving it, its schedule, members and discussion. */
export function CirclePage() {
  const { t } = useTranslation();
  const { circleId = '' } = useParams();
  const circle = useCircle(circleId);
  const [editing, setEditing] = useState(false);
  const isNotFound =
    circle.error instanceof ApiError && (circle.error.code === 'NOT_FOUND' || circle.error.status === 404);
  const data = circle.data;
  const ownId = useAuthStore((state) => state.user?.id ?? null);
  const isHost = Boolean(data?.host && data.host.id === ownId);

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:py-10">
      <Link
        to="/circles"
        className="inline-flex min-h-11 w-fit items-center gap-2 text-sm font-semibold text-primary hover:underline"
      >
        <ArrowLeft aria-hidden className="flip-rtl size-4" />
        {t('circles.detail.back')}
      </Link>
      {isNotFound ? (
        <>
          <h1 className="sr-only">{t('circles.detail.notFound.title')}</h1>
          <EmptyState
            icon={SearchX}
            title={t('circles.detail.notFound.title')}
            description={t('circles.detail.notFound.description')}
            action={
              <Link to="/circles" className={buttonClass('primary')}>
                {t('circles.detail.back')}
              </Link>
            }
          />
        </>
      ) : circle.isError && !data ? (
        <>
          <h1 className="font-display text-3xl font-bold">{t('circles.title')}</h1>
          <LoadError error={circle.error} onRetry={() => void circle.refetch()} />
        </>
      ) : data ? (
        <>
          <header className="flex flex-col gap-4 rounded-app border border-border bg-surface p-4 sm:p-6">
            <div className="flex flex-wrap items-center gap-2">
              <span className="rounded-full border border-border px-2.5 py-0.5 text-xs font-semibold">
                {t(`circles.languages.${data.language}`)}
              </span>
              {data.status !== 'open' ? (
                <span className="rounded-full bg-surface-2 px-2.5 py-0.5 text-xs font-semibold text-muted">
                  {t(`circles.circleStatus.${data.status}`)}
                </span>
              ) : null}
              <MyStatusBadge circle={data} />
            </div>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <h1 dir="auto" className="min-w-0 font-display text-3xl font-bold break-words">
                {data.name}
              </h1>
              {data.can_moderate ? (
                <Button variant="secondary" onClick={() => setEditing(true)}>
                  <Pencil aria-hidden className="size-4" />
                  {t('circles.detail.edit')}
                </Button>
              ) : null}
            </div>
            {data.description ? (
              <p dir="auto" className="break-words whitespace-pre-wrap">
                {data.description}
              </p>
            ) : null}
            <CircleFacts circle={data} showNext={false} />
            {data.my_removed ? (
              <div className="rounded-app bg-danger-soft p-3 text-sm text-danger" data-testid="circle-removed">
                <p className="font-semibold">{t('circles.membership.removed')}</p>
                {data.my_removed_reason ? (
                  <p>
                    {t('circles.membership.removedReason')} <bdi dir="auto">{data.my_removed_reason}</bdi>
                  </p>
                ) : null}
              </div>
            ) : isHost ? (
              <p className="text-sm font-semibold text-primary">{t('circles.membership.youHost')}</p>
            ) : (
              <MembershipActions circle={data} />
            )}
          </header>
          <MeetingList circle={data} />
          <MembersPanel circle={data} />
          <Discussion circle={data} />
          {data.can_moderate ? (
            <CircleFormDialog open={editing} onOpenChange={setEditing} circle={data} isStaff={data.can_manage} />
          ) : null}
        </>
      ) : (
        <>
          <span className="sr-only" role="status">
            {t('common.loading')}
          </span>
          <Skeleton className="h-10 w-64" />
          <Skeleton className="h-48 w-full" />
        </>
      )}
    </div>
  );
}
