import { describe, expect, it } from 'vitest';
import { languageName, linkLanguage } from './link-language';

describe('linkLanguage', () => {
  it('reads the language a host names', () => {
    expect(linkLanguage('https://en.wikipedia.org/wiki/Al-Kafi')).toBe('en');
    expect(linkLanguage('https://ar.wikishia.net/view/x')).toBe('ar');
  });
  it('is null when the host does not say, or the address is not one', () => {
    expect(linkLanguage('https://www.al-islam.org/person/x')).toBeNull();
    expect(linkLanguage('https://example.org/')).toBeNull();
    expect(linkLanguage('not a url')).toBeNull();
  });
});

describe('languageName', () => {
  it('names a language in the reader’s language', () => {
    expect(languageName('en', 'en')).toBe('English');
    expect(languageName('en', 'ar')).toBe('الإنجليزية');
  });
});
