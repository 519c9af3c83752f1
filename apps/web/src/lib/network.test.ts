import { describe, expect, it } from 'vitest';
import { isSlowConnection } from './network';

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
