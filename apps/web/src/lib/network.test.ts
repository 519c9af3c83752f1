import { afterEach, describe, expect, it, vi } from 'vitest';
import { importWhenOnline, isSlowConnection } from './network';

describe('isSlowConnection', () => {
  it('is slow above a 300 ms round trip', () => {
    expect(isSlowConnection({ effectiveType: '4g', rtt: 301 })).toBe(true);
    expect(isSlowConnection({ effectiveType: '4g', rtt: 300 })).toBe(false);
  });
  it('is slow on slow-2g, 2g and 3g', () => {
    for (const effectiveType of ['slow-2g', '2g', '3g'])
      expect(isSlowConnection({ effectiveType, rtt: 50 })).toBe(true);
    expect(isSlowConnection({ effectiveType: '4g', rtt: 50 })).toBe(false);
  });
  it('is not slow when the browser says nothing', () => {
    expect(isSlowConnection(undefined)).toBe(false);
    expect(isSlowConnection({})).toBe(false);
  });
});

describe('importWhenOnline', () => {
  afterEach(() => vi.restoreAllMocks());
  const goOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  const failing = (times: number) => {
    let calls = 0;
    const load = vi.fn(() =>
      ++calls <= times ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve('module'),
    );
    return load;
  };

  it('passes on a failure while online, without trying again', async () => {
    goOnline(true);
    const load = failing(1);
    await expect(importWhenOnline(load)).rejects.toThrow('Failed to fetch');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('waits while offline and loads once the connection is back, as often as it drops', async () => {
    const online = goOnline(false);
    const load = failing(2);
    let result: string | undefined;
    void importWhenOnline(load).then((value) => {
      result = value;
    });
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result).toBeUndefined();

    // Back, but it fails again offline: it waits for the next return.
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(result).toBeUndefined();

    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(result).toBe('module'));
    expect(load).toHaveBeenCalledTimes(3);
  });
});
