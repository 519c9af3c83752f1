import { createEvents, type EventAttributes } from 'ics';
import type { CircleRow, MeetingRow } from './study-circles.repository.js';

/**
 * A circle's meetings as an iCalendar file (RFC 5545, written by `ics`): times in UTC (DTSTART…Z),
 * one event per meeting with a UID that stays the same when the meeting moves (calendar apps then
 * update it rather than add another), cancelled ones with STATUS:CANCELLED, and SEQUENCE from the
 * last change so a newer file wins.
 */
export function calendarFile(circle: CircleRow, meetings: MeetingRow[], publicUrl: string): string {
  const url = new URL(`/circles/${circle.id}`, publicUrl).toString();
  const host = new URL(publicUrl).hostname || 'maktaba';
  const events: EventAttributes[] = meetings.map((meeting) => ({
    uid: `circle-meeting-${meeting.id}@${host}`,
    title: circle.name,
    start: meeting.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: meeting.durationMinutes },
    ...(meeting.location ? { location: meeting.location } : {}),
    ...(meeting.note ? { description: meeting.note } : {}),
    url,
    status: meeting.cancelledAt ? 'CANCELLED' : 'CONFIRMED',
    sequence: Math.floor(meeting.updatedAt.getTime() / 1000) - Math.floor(meeting.createdAt.getTime() / 1000),
    productId: 'maktaba/study-circles',
    calName: circle.name,
  }));
  if (events.length === 0) {
    return [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:maktaba/study-circles',
      'CALSCALE:GREGORIAN',
      `X-WR-CALNAME:${escapeText(circle.name)}`,
      'END:VCALENDAR',
      '',
    ].join('\r\n');
  }
  const { error, value } = createEvents(events);
  if (error || !value) throw error ?? new Error('calendar not written');
  return value;
}

function escapeText(value: string): string {
  return value.replace(/[\\;,]/g, (char) => `\\${char}`).replace(/\r?\n/g, '\\n');
}
