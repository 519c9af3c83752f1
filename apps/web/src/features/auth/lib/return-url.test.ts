import { describe, expect, it } from 'vitest';
import { getSafeReturnUrl, resolveReturnUrl } from './return-url';

describe('return URL after signing in', () => {
  it('keeps paths on this site, with their query and fragment', () => {
    expect(getSafeReturnUrl('/myimam')).toBe('/myimam');
    expect(getSafeReturnUrl('/search?q=kafi#top')).toBe('/search?q=kafi#top');
    expect(getSafeReturnUrl('/book/abc/../xyz')).toBe('/book/xyz');
  });

  it('refuses anything that could leave the site', () => {
    for (const candidate of [
      '//evil.example',
      '//evil.example/path',
      '/\\evil.example',
      '\\\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      'evil.example',
      '/ /evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      ' //evil.example',
      '',
    ]) {
      expect(getSafeReturnUrl(candidate), candidate).toBe('/');
    }
    expect(getSafeReturnUrl(42)).toBe('/');
    expect(getSafeReturnUrl(null)).toBe('/');
  });

  it('does not return to the sign-in pages themselves', () => {
    expect(getSafeReturnUrl('/signin')).toBe('/');
    expect(getSafeReturnUrl('/register?x=1')).toBe('/');
  });

  it('prefers the returnUrl parameter, then `from` in the navigation state, then /', () => {
    expect(resolveReturnUrl('/settings', { from: '/myimam' })).toBe('/settings');
    expect(resolveReturnUrl(null, { from: '/myimam' })).toBe('/myimam');
    expect(resolveReturnUrl(null, null)).toBe('/');
    expect(resolveReturnUrl('//evil.example', { from: '/myimam' })).toBe('/');
  });
});
