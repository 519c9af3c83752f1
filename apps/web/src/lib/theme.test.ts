import { describe, expect, it } from 'vitest';
import { nextTheme } from './theme';

describe('theme cycle', () => {
  it('goes light → solarized-light → dark → light', () => {
    expect(nextTheme('light')).toBe('solarized-light');
    expect(nextTheme('solarized-light')).toBe('dark');
    expect(nextTheme('dark')).toBe('light');
  });
});
