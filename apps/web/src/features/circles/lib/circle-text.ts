import type { TFunction } from 'i18next';
import { dateTimeFormat, formatNumber } from '../../../lib/format';
import type { CircleSummary } from './types';

/** The reader's time zone (the browser's), the one every meeting time is shown in. */
export function readerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** "7 of 12 seats taken", or "Full — 3 waiting" once every seat is taken. */
export function seatsText(
  t: TFunction,
  circle: Pick<CircleSummary, 'capacity' | 'member_count' | 'waiting_count'>,
  language: string,
) {
  const n = (value: number) => formatNumber(value, language);
  if (circle.member_count >= circle.capacity) {
    return circle.waiting_count > 0
      ? t('circles.seats.fullWaiting', { waiting: n(circle.waiting_count), count: circle.waiting_count })
      : t('circles.seats.full');
  }
  return t('circles.seats.taken', { taken: n(circle.member_count), capacity: n(circle.capacity) });
}

/** A meeting's start, in the reader's language and time zone, with the zone's short name. */
export function formatMeetingTime(iso: string, language: string, timeZone: string): string {
  return dateTimeFormat(language, {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** A post's time, short. */
export function formatPostTime(iso: string, language: string, timeZone: string): string {
  return dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}

/** Only an https address becomes a link; anything else is a place, shown as text. */
export function httpsUrl(location: string | null): string | null {
  if (!location) return null;
  try {
    const url = new URL(location.trim());
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A `datetime-local` value (the reader's wall clock) as ISO 8601 with the reader's offset. */
export function localInputToIso(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as number[];
  const date = new Date(y as number, (mo as number) - 1, d, h, mi);
  if (Number.isNaN(date.getTime())) return null;
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${value}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** An instant as a `datetime-local` value on the reader's wall clock. */
export function isoToLocalInput(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export const POST_MAX = 4000;
