import type { Notification, NotificationList } from '@maktaba/shared/schemas/notifications';
import { describe, expect, it } from 'vitest';
import { addNotification, updateNotifications } from './get-notifications';

const note = (id: string, isRead = false): Notification => ({
  id,
  title: `Title ${id}`,
  message: `Message ${id}`,
  type: 'info',
  event_type: null,
  link: null,
  created_at: '2026-01-01T00:00:00.000Z',
  read_at: isRead ? '2026-01-02T00:00:00.000Z' : null,
});
const list = (...notifications: Notification[]): NotificationList => ({
  notifications,
  unread_count: notifications.filter((notification) => notification.read_at === null).length,
  stream_cursor: 7,
});

describe('addNotification', () => {
  it('puts a new one first, counts it unread and keeps the list within the limit', () => {
    const updated = addNotification(list(note('a'), note('b', true)), note('c'), 2);
    expect(updated.notifications.map((notification) => notification.id)).toEqual(['c', 'a']);
    expect(updated.unread_count).toBe(2);
  });

  it('returns the same list for one it already has (a replay after a reconnect)', () => {
    const before = list(note('a'));
    expect(addNotification(before, note('a'), 50)).toBe(before);
  });
});

describe('updateNotifications', () => {
  it('recounts the unread ones from what changed and drops what the change removes', () => {
    const before = list(note('a'), note('b'), note('c', true));
    const read = updateNotifications(before, (notification) =>
      notification.id === 'a' ? { ...notification, read_at: 'now' } : notification,
    );
    expect(read.unread_count).toBe(1);
    const cleared = updateNotifications(read, (notification) => (notification.read_at === null ? notification : null));
    expect(cleared.notifications.map((notification) => notification.id)).toEqual(['b']);
    expect(cleared.unread_count).toBe(1);
  });
});
