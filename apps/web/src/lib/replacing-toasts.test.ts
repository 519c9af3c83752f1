import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { replacingToasts } from './replacing-toasts';

describe('replacingToasts', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    toast.dismiss();
  });

  it('dismisses the toast before and shows the new one under an id of its own', () => {
    const dismiss = vi.spyOn(toast, 'dismiss');
    const saved = replacingToasts();
    saved.success('Saved');
    expect(dismiss).not.toHaveBeenCalled();
    const first = toast.getToasts().at(-1)?.id;
    saved.error('Could not save');
    expect(dismiss).toHaveBeenCalledWith(first);
    // The toast shown, not a dismissal: sonner lists both kinds.
    const second = toast.getToasts().at(-1) as { id: string | number; type?: string } | undefined;
    expect(second?.id).not.toBe(first);
    expect(second?.type).toBe('error');
    saved.success('Saved');
    expect(dismiss).toHaveBeenLastCalledWith(second?.id);
  });

  it('keeps each set of toasts apart', () => {
    const dismiss = vi.spyOn(toast, 'dismiss');
    replacingToasts().success('Preferences saved');
    replacingToasts().success('Notifications saved');
    expect(dismiss).not.toHaveBeenCalled();
  });
});
