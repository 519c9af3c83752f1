import { describe, expect, it } from 'vitest';
import {
  channelEnabled,
  NotificationPreferencesSchema,
  PreferencesUpdateSchema,
  resolveNotificationPreferences,
} from './preferences.js';

describe('preferences', () => {
  it('accepts each language, theme and style, and null to forget one', () => {
    expect(PreferencesUpdateSchema.parse({ theme: 'system', style: 'warm', preferred_language: null })).toEqual({
      theme: 'system',
      style: 'warm',
      preferred_language: null,
    });
    expect(PreferencesUpdateSchema.safeParse({}).success).toBe(false);
    expect(PreferencesUpdateSchema.safeParse({ theme: 'blue' }).success).toBe(false);
    expect(PreferencesUpdateSchema.safeParse({ theme: 'dark', extra: 1 }).success).toBe(false);
  });

  it('refuses both overdue channels off with the translated reason, and unknown events', () => {
    const result = NotificationPreferencesSchema.safeParse({ loan_overdue: { in_app: false, email: false } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['loan_overdue'],
      message: 'validation.notificationChannelRequired',
    });
    expect(NotificationPreferencesSchema.safeParse({ loan_approved: { in_app: false, email: false } }).success).toBe(
      true,
    );
    expect(NotificationPreferencesSchema.safeParse({ password_reset: { in_app: true, email: true } }).success).toBe(
      false,
    );
  });

  it('everything is on unless switched off; overdue notices still arrive in the app when both are off', () => {
    expect(channelEnabled(null, 'loan_approved', 'email')).toBe(true);
    expect(channelEnabled({ loan_approved: { email: false } }, 'loan_approved', 'email')).toBe(false);
    expect(channelEnabled({ loan_approved: { email: false } }, 'loan_approved', 'in_app')).toBe(true);
    const bothOff = { loan_overdue: { in_app: false, email: false } };
    expect(channelEnabled(bothOff, 'loan_overdue', 'in_app')).toBe(true);
    expect(channelEnabled(bothOff, 'loan_overdue', 'email')).toBe(false);
    expect(channelEnabled({ loan_overdue: { in_app: false, email: true } }, 'loan_overdue', 'in_app')).toBe(false);
    expect(resolveNotificationPreferences({ hold_available: { in_app: false } }).hold_available).toEqual({
      in_app: false,
      email: true,
    });
  });
});
