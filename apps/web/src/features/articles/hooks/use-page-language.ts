import { DEFAULT_LANGUAGE, type Language } from '@maktaba/shared/constants';
import { isLanguage } from '@maktaba/shared/i18n/index';
import { useTranslation } from 'react-i18next';

/** The page's language, following the reader's switch. */
export function usePageLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
