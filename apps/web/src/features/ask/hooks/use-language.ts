import { DEFAULT_LANGUAGE, type Language } from '@maktaba/shared/constants';
import { isLanguage } from '@maktaba/shared/i18n/index';
import { useTranslation } from 'react-i18next';

/** The page's language, for choosing between the English and Arabic names of a record. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
