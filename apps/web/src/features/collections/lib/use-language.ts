import { DEFAULT_LANGUAGE, type Language } from '@maktaba/shared/constants';
import { isLanguage } from '@maktaba/shared/i18n/index';
import { useTranslation } from 'react-i18next';

/** The reader's language, for picking titles and formatting numbers and dates. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
