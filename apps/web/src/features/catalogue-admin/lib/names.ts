import type { Language } from '@maktaba/shared/constants';

export type Named = { text: string; lang: Language };

const present = (value: string | null | undefined): value is string => Boolean(value?.trim());

/** The name in the reader's language first, the other one as the secondary line (or null). */
export function bilingualName(
  en: string | null | undefined,
  ar: string | null | undefined,
  language: Language,
): { primary: Named | null; secondary: Named | null } {
  const pairs: Named[] = [];
  if (present(en)) pairs.push({ text: en.trim(), lang: 'en' });
  if (present(ar)) pairs.push({ text: ar.trim(), lang: 'ar' });
  if (language === 'ar') pairs.reverse();
  return { primary: pairs[0] ?? null, secondary: pairs[1] ?? null };
}

/** A one-line label (for options and chips): the reader's language, else the other. */
export const nameLabel = (en: string | null | undefined, ar: string | null | undefined, language: Language) =>
  bilingualName(en, ar, language).primary?.text ?? '';
