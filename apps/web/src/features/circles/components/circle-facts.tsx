import { BookOpen, CalendarClock, Route, UserRound, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { pickLocalized } from '../../../lib/localized-text';
import { formatMeetingTime, readerTimeZone, seatsText } from '../lib/circle-text';
import type { CircleSummary } from '../lib/types';

/** "You are a member" / "Number 2 on the waiting list". */
export function MyStatusBadge({ circle }: { circle: CircleSummary }) {
  const { t, i18n } = useTranslation();
  if (!circle.my_status) return null;
  const label =
    circle.my_status === 'member'
      ? t('circles.status.member')
      : t('circles.status.waiting', {
          position: formatNumber(circle.my_waiting_position ?? 0, i18n.language),
        });
  return (
    <span
      data-testid="circle-my-status"
      className={
        circle.my_status === 'member'
          ? 'inline-flex items-center rounded-full bg-primary-soft px-2.5 py-0.5 text-xs font-semibold text-primary'
          : 'inline-flex items-center rounded-full bg-surface-2 px-2.5 py-0.5 text-xs font-semibold text-fg'
      }
    >
      {label}
    </span>
  );
}

/** Host, book or guide, next meeting and seats: one line each, an icon before. */
export function CircleFacts({ circle, showNext = true }: { circle: CircleSummary; showNext?: boolean }) {
  const { t, i18n } = useTranslation();
  const language = usePageLanguage();
  const book = circle.book ? pickLocalized(circle.book.title, circle.book.title_ar, language) : null;
  const guide = circle.guide ? pickLocalized(circle.guide.title, circle.guide.title_ar, language) : null;
  const row = 'flex min-w-0 items-start gap-2';
  const icon = 'mt-0.5 size-4 shrink-0 text-muted';
  return (
    <dl className="flex flex-col gap-1.5 text-sm">
      <div className={row}>
        <UserRound aria-hidden className={icon} />
        <dt className="sr-only">{t('circles.facts.host')}</dt>
        <dd className="min-w-0 break-words">
          {circle.host ? (
            t('circles.facts.hostedBy', { name: circle.host.name })
          ) : (
            <span className="text-muted">{t('circles.facts.noHost')}</span>
          )}
        </dd>
      </div>
      {circle.book ? (
        <div className={row}>
          <BookOpen aria-hidden className={icon} />
          <dt className="sr-only">{t('circles.facts.book')}</dt>
          <dd className="min-w-0 break-words">
            <Link to={`/book/${circle.book.id}`} className="font-semibold text-primary hover:underline">
              <bdi lang={book?.lang}>{book?.text ?? t('circles.facts.untitled')}</bdi>
            </Link>
          </dd>
        </div>
      ) : null}
      {circle.guide ? (
        <div className={row}>
          <Route aria-hidden className={icon} />
          <dt className="sr-only">{t('circles.facts.guide')}</dt>
          <dd className="min-w-0 break-words">
            <Link to={`/guides/${circle.guide.id}`} className="font-semibold text-primary hover:underline">
              <bdi lang={guide?.lang}>{guide?.text ?? t('circles.facts.untitled')}</bdi>
            </Link>
          </dd>
        </div>
      ) : null}
      {showNext ? (
        <div className={row}>
          <CalendarClock aria-hidden className={icon} />
          <dt className="sr-only">{t('circles.facts.nextMeeting')}</dt>
          <dd className="min-w-0 break-words" data-testid="circle-next-meeting">
            {circle.next_meeting ? (
              t('circles.facts.next', {
                time: formatMeetingTime(circle.next_meeting.starts_at, i18n.language, readerTimeZone()),
              })
            ) : (
              <span className="text-muted">{t('circles.facts.noMeeting')}</span>
            )}
          </dd>
        </div>
      ) : null}
      <div className={row}>
        <Users aria-hidden className={icon} />
        <dt className="sr-only">{t('circles.facts.seats')}</dt>
        <dd className="min-w-0" data-testid="circle-seats">
          {seatsText(t, circle, i18n.language)}
        </dd>
      </div>
    </dl>
  );
}
