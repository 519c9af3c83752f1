import { z } from 'zod';
import { LANGUAGES, STYLES } from '../constants.js';
import { type NotificationChannels, THEME_CHOICES } from './profile.js';

/**
 * `PUT /api/profiles/me/preferences`: the reader's language, theme and style, kept on the profile
 * so they follow the reader to every device. Each is optional; null forgets the choice (the device's
 * own applies again). Unknown keys are refused, not dropped.
 */
export const PreferencesUpdateSchema = z
  .strictObject({
    preferred_language: z.enum(LANGUAGES, { error: 'validation.invalidInput' }).nullable(),
    theme: z.enum(THEME_CHOICES, { error: 'validation.invalidInput' }).nullable(),
    style: z.enum(STYLES, { error: 'validation.invalidInput' }).nullable(),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'validation.invalidInput' });
export type PreferencesUpdate = z.infer<typeof PreferencesUpdateSchema>;

/**
 * The events a reader can choose channels for, in the order Settings lists them, each with the
 * notification and e-mail the server sends for it:
 * - loan_approved, loan_denied: the desk's answer to a borrow request (templates loan_approved, loan_denied);
 * - loan_shipped: the book is on its way (loan_shipped);
 * - loan_due_soon: the reminder before the due date (loan_due_soon);
 * - loan_overdue: the overdue notices (loan_overdue); at least one channel always stays on;
 * - hold_available: a copy is held for the reader from the waiting list (hold_available);
 * - circle_meeting: a study circle the reader belongs to has a new or changed meeting;
 * - circle_reply: someone replied to the reader's post in a study circle;
 * - question_answered: a librarian answered the reader's question (Ask a Librarian).
 * Other notices (a return received, a renewal by the desk, a changed due date) and every security
 * e-mail (password reset, e-mail verification, notices of an e-mail change) are always sent.
 */
export const NOTIFICATION_PREFERENCE_EVENTS = [
  'loan_approved',
  'loan_denied',
  'loan_shipped',
  'loan_due_soon',
  'loan_overdue',
  'hold_available',
  'circle_meeting',
  'circle_reply',
  'question_answered',
] as const;
export type NotificationPreferenceEvent = (typeof NOTIFICATION_PREFERENCE_EVENTS)[number];

export const NOTIFICATION_CHANNELS = ['in_app', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Events that cannot be switched off entirely: one channel at least stays on. */
export const REQUIRED_EVENTS: readonly NotificationPreferenceEvent[] = ['loan_overdue'];

export const NOTIFICATION_CHANNEL_REQUIRED = 'validation.notificationChannelRequired';

const ChannelsSchema = z.strictObject({
  in_app: z.boolean({ error: 'validation.invalidInput' }),
  email: z.boolean({ error: 'validation.invalidInput' }),
});

/**
 * `PUT /api/profiles/me/notification-preferences`: the whole set of choices (an event left out is
 * on in both channels). Unknown events and channels are refused; the overdue notices keep a channel.
 */
export const NotificationPreferencesSchema = z
  .strictObject(
    Object.fromEntries(NOTIFICATION_PREFERENCE_EVENTS.map((event) => [event, ChannelsSchema.optional()])) as Record<
      NotificationPreferenceEvent,
      z.ZodOptional<typeof ChannelsSchema>
    >,
  )
  .superRefine((value, context) => {
    for (const event of REQUIRED_EVENTS) {
      const channels = value[event];
      if (channels && !channels.in_app && !channels.email) {
        context.addIssue({ code: 'custom', path: [event], message: NOTIFICATION_CHANNEL_REQUIRED });
      }
    }
  });
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/**
 * Whether `event` goes out on `channel` for a reader with these stored choices. Everything is on
 * unless switched off; a required event whose channels were somehow both switched off still
 * arrives in the app.
 */
export function channelEnabled(
  stored: Partial<Record<string, Partial<NotificationChannels>>> | null | undefined,
  event: NotificationPreferenceEvent,
  channel: NotificationChannel,
): boolean {
  const choice = stored?.[event];
  const on = choice?.[channel] !== false;
  if (on || !REQUIRED_EVENTS.includes(event)) return on;
  const other: NotificationChannel = channel === 'in_app' ? 'email' : 'in_app';
  return channel === 'in_app' && choice?.[other] === false;
}

/** Every event with both channels, as the reader's stored choices make them (defaults: on). */
export function resolveNotificationPreferences(
  stored: Partial<Record<string, Partial<NotificationChannels>>> | null | undefined,
): Record<NotificationPreferenceEvent, NotificationChannels> {
  return Object.fromEntries(
    NOTIFICATION_PREFERENCE_EVENTS.map((event) => [
      event,
      {
        in_app: stored?.[event]?.in_app !== false,
        email: stored?.[event]?.email !== false,
      },
    ]),
  ) as Record<NotificationPreferenceEvent, NotificationChannels>;
}
