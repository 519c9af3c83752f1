import { DEFAULT_LANGUAGE, type Language } from '@maktaba/shared/constants';
import { isLanguage } from '@maktaba/shared/i18n/index';
import { useTranslation } from 'react-i18next';

/**
 * The page's language, one of the app's two, for picking a record's English or Arabic text and
 * formatting numbers and dates; components using it render again when the reader switches.
 */
export function usePageLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
