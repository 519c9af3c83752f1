import { describe, expect, it } from 'vitest';
import { toastKindOf } from './toast-kind';

const base = { title: 'Request', message: 'About your request', type: 'info' as const, event_type: null };

describe('toastKindOf', () => {
  it('maps the lending events first, whatever the type', () => {
    expect(toastKindOf({ ...base, type: 'error', event_type: 'book_request_approved' })).toBe('success');
    expect(toastKindOf({ ...base, type: 'success', event_type: 'book_request_denied' })).toBe('info');
    expect(toastKindOf({ ...base, type: 'info', event_type: 'checkout_overdue' })).toBe('warning');
  });

  it('otherwise follows the type: an error looks like a warning, anything unknown like info', () => {
    expect(toastKindOf({ ...base, type: 'success' })).toBe('success');
    expect(toastKindOf({ ...base, type: 'warning' })).toBe('warning');
    expect(toastKindOf({ ...base, type: 'error' })).toBe('warning');
    expect(toastKindOf({ ...base, type: 'info' })).toBe('info');
    expect(toastKindOf({ ...base, type: 'urgent' as never })).toBe('info');
    expect(toastKindOf({ ...base, type: undefined })).toBe('info');
    expect(toastKindOf({ ...base, type: 'success', event_type: 'book_lost' as never })).toBe('success');
  });

  it('ignores a notification without a title or a message', () => {
    expect(toastKindOf({ ...base, title: '' })).toBeNull();
    expect(toastKindOf({ ...base, message: '   ' })).toBeNull();
    expect(toastKindOf({ ...base, title: undefined })).toBeNull();
    expect(toastKindOf({ ...base, message: undefined, type: 'success' })).toBeNull();
  });
});
