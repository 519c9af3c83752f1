import type { Language } from '@maktaba/shared/constants';
import { DEFAULT_LANGUAGE } from '@maktaba/shared/constants';
import { isLanguage } from '@maktaba/shared/i18n/index';
import { useTranslation } from 'react-i18next';
import { type LocalizedText, pickLocalized } from '../../../lib/localized-text';

/** The page's language, following the reader's switch. */
export function usePageLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** A guide's title in the reader's language, else the other one. */
export const guideTitleOf = (guide: { title_en: string | null; title_ar: string | null }, language: Language) =>
  pickLocalized(guide.title_en, guide.title_ar, language);

export const guideDescriptionOf = (
  guide: { description_en: string | null; description_ar: string | null },
  language: Language,
): LocalizedText | null => pickLocalized(guide.description_en, guide.description_ar, language);
