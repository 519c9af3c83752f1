import { z } from 'zod';

/** Notifications (reader-area §3 "Notification", §4.2). Unread means `read_at` is null. */
export const NOTIFICATION_TYPES = ['success', 'warning', 'error', 'info'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_EVENT_TYPES = ['book_request_approved', 'book_request_denied', 'checkout_overdue'] as const;
export type NotificationEventType = (typeof NOTIFICATION_EVENT_TYPES)[number];

export const NOTIFICATION_TEXT_LIMITS = { titleMax: 200, messageMax: 2000 } as const;

export const NotificationSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  message: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  event_type: z.enum(NOTIFICATION_EVENT_TYPES).nullable(),
  /** The page the notification is about (a path in the app, e.g. `/myimam`), or null. */
  link: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** `GET /api/notifications`: the newest 50 of the caller's own, and how many of all are unread. */
export const NotificationListSchema = z.object({
  notifications: z.array(NotificationSchema),
  unread_count: z.number().int().min(0),
  /** Where a live stream opened after this answer starts (`?last_event_id=`): nothing in between is missed. */
  stream_cursor: z.number().int().min(0),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

/** What a mark-all-read or clear-read changed. */
export const NotificationCountSchema = z.object({ count: z.number().int().min(0) });

/** `POST /api/admin/notifications`: support sends a notification to one reader. */
export const SendNotificationSchema = z.object({
  user_id: z.uuid('validation.invalidInput'),
  title: z.string().trim().min(1, 'validation.required').max(NOTIFICATION_TEXT_LIMITS.titleMax, 'validation.tooLong'),
  message: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(NOTIFICATION_TEXT_LIMITS.messageMax, 'validation.tooLong'),
  type: z.enum(NOTIFICATION_TYPES).default('info'),
  event_type: z.enum(NOTIFICATION_EVENT_TYPES).optional(),
});
export type SendNotificationInput = z.input<typeof SendNotificationSchema>;
export type SendNotification = z.output<typeof SendNotificationSchema>;
