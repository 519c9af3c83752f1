import { DEFAULT_LANGUAGE, type Language, STORAGE_KEYS } from '@maktaba/shared/constants';
import { catalogues, directionOf, isLanguage } from '@maktaba/shared/i18n/index';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { safeGetItem, safeSetItem } from './storage';

export function readStoredLanguage(): Language {
  const stored = safeGetItem(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** `<html lang dir>` follows the language; the whole layout mirrors from there (logical CSS only). */
function applyToDocument(language: Language) {
  const root = document.documentElement;
  root.lang = language;
  root.dir = directionOf(language);
}

export const i18n = i18next.createInstance();

export async function initI18n(): Promise<void> {
  const language = readStoredLanguage();
  applyToDocument(language);
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: ['en', 'ar'],
    resources: {
      en: { translation: catalogues.en },
      ar: { translation: catalogues.ar },
    },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  i18n.on('languageChanged', (next) => {
    if (isLanguage(next)) applyToDocument(next);
  });
}

export async function setLanguage(language: Language) {
  safeSetItem(STORAGE_KEYS.language, language);
  await i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
