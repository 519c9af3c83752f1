import type { Language } from '@maktaba/shared/constants';

/** A text with the language it is written in, so the page can mark it with `lang`. */
export type LocalizedText = { text: string; lang: Language };

const present = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * The text in the reader's language, else the one in the other language, else null (the caller
 * shows 'Unknown Title' / 'Unknown Author', reader-area §8).
 */
export function pickLocalized(
  en: string | null | undefined,
  ar: string | null | undefined,
  language: Language,
): LocalizedText | null {
  const ordered: [string | null | undefined, Language][] =
    language === 'ar'
      ? [
          [ar, 'ar'],
          [en, 'en'],
        ]
      : [
          [en, 'en'],
          [ar, 'ar'],
        ];
  for (const [text, lang] of ordered) if (present(text)) return { text: text.trim(), lang };
  return null;
}

/** The text in the other language, when there is one and it differs: a book page shows both titles. */
export function pickSecondary(
  en: string | null | undefined,
  ar: string | null | undefined,
  language: Language,
): LocalizedText | null {
  const primary = pickLocalized(en, ar, language);
  const other = primary?.lang === 'ar' ? en : ar;
  if (!primary || !present(other) || other.trim() === primary.text) return null;
  return { text: other.trim(), lang: primary.lang === 'ar' ? 'en' : 'ar' };
}
