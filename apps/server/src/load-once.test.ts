import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once.js';

describe('loadOnce', () => {
  it('loads on the first call, not before, and every call shares that one load', async () => {
    const load = vi.fn(async () => ({ words: ['a'] }));
    const get = loadOnce(load);
    expect(load).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([get(), get()]);
    const third = await get();
    expect(load).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
    expect(third).toBe(first);
  });

  it('forgets a failed load: the caller sees the error, the next call loads again', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('module not found'))
      .mockResolvedValueOnce('loaded');
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow('module not found');
    await expect(get()).resolves.toBe('loaded');
    await expect(get()).resolves.toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
