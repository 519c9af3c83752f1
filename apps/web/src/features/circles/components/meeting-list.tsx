import { CalendarDays, CalendarPlus, Download, MapPin } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { apiErrorText } from '../../../lib/api-error-text';
import { formatNumber } from '../../../lib/format';
import { calendarHref, useCancelMeeting } from '../api/circles';
import { formatMeetingTime, httpsUrl, readerTimeZone } from '../lib/circle-text';
import type { CircleDetail, Meeting } from '../lib/types';
import { MeetingFormDialog } from './meeting-form-dialog';

/** One meeting: when (reader's zone), how long, where (a link only when https), the note; a cancelled one struck. */
export function MeetingItem({
  meeting,
  timeZone,
  actions,
}: {
  meeting: Meeting;
  timeZone: string;
  actions?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const link = httpsUrl(meeting.location);
  return (
    <article
      data-testid="circle-meeting"
      data-meeting-id={meeting.id}
      className="flex flex-col gap-1.5 rounded-app border border-border bg-surface p-3"
    >
      <div className="flex flex-wrap items-center gap-2">
        <CalendarDays aria-hidden className="size-4 shrink-0 text-muted" />
        <time
          dateTime={meeting.starts_at}
          className={meeting.cancelled ? 'font-semibold text-muted line-through' : 'font-semibold'}
          data-testid="meeting-time"
        >
          {formatMeetingTime(meeting.starts_at, i18n.language, timeZone)}
        </time>
        {meeting.cancelled ? (
          <span className="rounded-full bg-danger-soft px-2 py-0.5 text-xs font-semibold text-danger">
            {t('circles.meetings.cancelled')}
          </span>
        ) : null}
      </div>
      <p className="text-sm text-muted">
        {t('circles.meetings.lasts', {
          minutes: formatNumber(meeting.duration_minutes, i18n.language),
          count: meeting.duration_minutes,
        })}
      </p>
      {meeting.location ? (
        <p className="flex min-w-0 items-start gap-2 text-sm">
          <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-muted" />
          {link ? (
            <a
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              className="min-w-0 break-all text-primary underline"
              dir="ltr"
            >
              {meeting.location}
            </a>
          ) : (
            <span dir="auto" className="min-w-0 break-words">
              {meeting.location}
            </span>
          )}
        </p>
      ) : null}
      {meeting.note ? (
        <p dir="auto" className="text-sm break-words whitespace-pre-wrap">
          {meeting.note}
        </p>
      ) : null}
      {actions ? <div className="flex flex-wrap gap-2 pt-1">{actions}</div> : null}
    </article>
  );
}

/** The schedule: upcoming meetings, then the last past ones; moderators add, move and cancel. */
export function MeetingList({ circle }: { circle: CircleDetail }) {
  const { t } = useTranslation();
  const timeZone = readerTimeZone();
  const [editing, setEditing] = useState<{ open: boolean; meeting: Meeting | null }>({ open: false, meeting: null });
  const [cancelling, setCancelling] = useState<Meeting | null>(null);
  const [error, setError] = useState<string | null>(null);
  const cancel = useCancelMeeting(circle.id);
  const now = Date.now();
  const isPast = (meeting: Meeting) => new Date(meeting.starts_at).getTime() + meeting.duration_minutes * 60_000 < now;
  const upcoming = circle.meetings.filter((meeting) => !isPast(meeting));
  const past = circle.meetings.filter(isPast);
  const canDownload = circle.can_moderate || circle.my_status === 'member';

  const actionsFor = (meeting: Meeting) =>
    circle.can_moderate && !meeting.cancelled && !isPast(meeting) ? (
      <>
        <Button variant="secondary" onClick={() => setEditing({ open: true, meeting })}>
          {t('circles.meetings.edit')}
        </Button>
        <Button variant="ghost" onClick={() => setCancelling(meeting)}>
          {t('circles.meetings.cancel')}
        </Button>
      </>
    ) : undefined;

  return (
    <section aria-labelledby="circle-schedule" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="circle-schedule" className="font-display text-xl font-bold">
          {t('circles.meetings.title')}
        </h2>
        <div className="flex flex-wrap gap-2">
          {canDownload && upcoming.length > 0 ? (
            <a
              href={calendarHref(circle.id)}
              download
              className="inline-flex min-h-11 items-center gap-2 rounded-app border border-border bg-surface px-4 text-sm font-semibold hover:bg-surface-2"
            >
              <Download aria-hidden className="size-4" />
              {t('circles.meetings.calendar')}
            </a>
          ) : null}
          {circle.can_moderate ? (
            <Button onClick={() => setEditing({ open: true, meeting: null })}>
              <CalendarPlus aria-hidden className="size-4" />
              {t('circles.meetings.add')}
            </Button>
          ) : null}
        </div>
      </div>
      <p className="text-sm text-muted">{t('circles.meetings.inYourZone', { zone: timeZone })}</p>
      {upcoming.length === 0 ? (
        <p className="text-sm text-muted">{t('circles.meetings.none')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {upcoming.map((meeting) => (
            <li key={meeting.id}>
              <MeetingItem meeting={meeting} timeZone={timeZone} actions={actionsFor(meeting)} />
            </li>
          ))}
        </ul>
      )}
      {past.length > 0 ? (
        <details className="rounded-app border border-border p-3">
          <summary className="min-h-11 cursor-pointer content-center text-sm font-semibold">
            {t('circles.meetings.past')}
          </summary>
          <ul className="mt-2 flex flex-col gap-2">
            {past.map((meeting) => (
              <li key={meeting.id}>
                <MeetingItem meeting={meeting} timeZone={timeZone} />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {circle.can_moderate ? (
        <>
          <MeetingFormDialog
            open={editing.open}
            onOpenChange={(open) => setEditing((current) => ({ ...current, open }))}
            circleId={circle.id}
            meeting={editing.meeting}
          />
          <ConfirmDialog
            open={cancelling !== null}
            onOpenChange={(open) => {
              if (!open) {
                setCancelling(null);
                setError(null);
              }
            }}
            title={t('circles.meetings.cancelTitle')}
            description={t('circles.meetings.cancelDescription')}
            confirmLabel={t('circles.meetings.cancelConfirm')}
            cancelLabel={t('circles.meetings.keep')}
            isPending={cancel.isPending}
            error={error}
            onConfirm={() =>
              cancelling &&
              cancel.mutate(cancelling.id, {
                onSuccess: () => {
                  setCancelling(null);
                  toast.success(t('circles.meetings.cancelledToast'));
                },
                onError: (failure) => setError(apiErrorText(t, failure)),
              })
            }
          />
        </>
      ) : null}
    </section>
  );
}
