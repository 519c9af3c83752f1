import type { Language } from '@maktaba/shared/constants';
import { type LocalizedText, pickLocalized, pickSecondary } from '../../../lib/localized-text';

export type Named = LocalizedText;

/** The name in the reader's language first, the other one as the secondary line (or null). */
export function bilingualName(
  en: string | null | undefined,
  ar: string | null | undefined,
  language: Language,
): { primary: Named | null; secondary: Named | null } {
  return { primary: pickLocalized(en, ar, language), secondary: pickSecondary(en, ar, language) };
}

/** A one-line label (for options and chips): the reader's language, else the other. */
export const nameLabel = (en: string | null | undefined, ar: string | null | undefined, language: Language) =>
  pickLocalized(en, ar, language)?.text ?? '';
