/**
 * The language of a page on a site that names it in its host (`en.wikipedia.org`, `ar.wikishia.net`),
 * or null when the address does not say.
 */
export function linkLanguage(href: string): string | null {
  try {
    const [first, ...rest] = new URL(href).hostname.split('.');
    return rest.length >= 2 && first && /^[a-z]{2,3}$/.test(first) && first !== 'www' ? first : null;
  } catch {
    return null;
  }
}

/** "English", "الإنجليزية": the name of a language in the reader's language. */
export function languageName(code: string, readerLanguage: string): string {
  try {
    return new Intl.DisplayNames([readerLanguage], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
