import { describe, expect, it } from 'vitest';
import { pickLocale } from './locale.js';

describe('pickLocale', () => {
  it('takes the language the request asked for over Accept-Language', () => {
    expect(pickLocale('ar', 'en-GB,en;q=0.9')).toBe('ar');
  });

  it('takes the first of ours in Accept-Language by preference, then by order', () => {
    expect(pickLocale(undefined, 'fr-FR, ar-IQ;q=0.8, en;q=0.5')).toBe('ar');
    expect(pickLocale(undefined, 'en;q=0.5, ar;q=0.9')).toBe('ar');
    expect(pickLocale(undefined, 'ar, en')).toBe('ar');
    expect(pickLocale(undefined, 'en, ar')).toBe('en');
  });

  it('ignores languages refused with q=0, and falls back to English', () => {
    expect(pickLocale(undefined, 'ar;q=0, fr')).toBe('en');
    expect(pickLocale(undefined, undefined)).toBe('en');
    expect(pickLocale(undefined, '')).toBe('en');
  });
});
