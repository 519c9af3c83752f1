import type { Language } from '@maktaba/shared/constants';
import { type LocalizedText, pickLocalized } from '../../../lib/localized-text';

/** A guide's title in the reader's language, else the other one. */
export const guideTitleOf = (guide: { title_en: string | null; title_ar: string | null }, language: Language) =>
  pickLocalized(guide.title_en, guide.title_ar, language);

export const guideDescriptionOf = (
  guide: { description_en: string | null; description_ar: string | null },
  language: Language,
): LocalizedText | null => pickLocalized(guide.description_en, guide.description_ar, language);
