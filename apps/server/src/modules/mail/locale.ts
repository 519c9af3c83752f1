import { LANGUAGES, type Language } from '@maktaba/shared/constants';

/** The body's language, else the first of ours in Accept-Language (by preference), else English. */
export function pickLocale(requested: Language | undefined, acceptLanguage: string | undefined): Language {
  if (requested) return requested;
  const ranges = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { language: range.trim().toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const match = ranges.find((entry) => (LANGUAGES as readonly string[]).includes(entry.language ?? ''));
  return (match?.language as Language | undefined) ?? 'en';
}
