import { DEFAULT_LANGUAGE, type Language, STORAGE_KEYS } from '@maktaba/shared/constants';
import type { Catalogue } from '@maktaba/shared/i18n/index';
import { directionOf, isLanguage } from '@maktaba/shared/i18n/index';
import i18next, { type BackendModule } from 'i18next';
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

/**
 * Each language's catalogue is its own file, fetched when that language is first used: a reader
 * downloads one catalogue, not both (the other comes when they switch).
 */
const CATALOGUES: Record<Language, () => Promise<Catalogue>> = {
  en: () => import('@maktaba/shared/i18n/en.json').then((module) => module.default),
  ar: () => import('@maktaba/shared/i18n/ar.json').then((module) => module.default),
};

const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (!isLanguage(language)) {
      callback(null, {});
      return;
    }
    CATALOGUES[language]().then(
      (catalogue) => callback(null, catalogue),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n = i18next.createInstance();

export async function initI18n(): Promise<void> {
  const language = readStoredLanguage();
  applyToDocument(language);
  await i18n
    .use(catalogueBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      // Both catalogues have the same keys (the catalogue test checks it): no second one to fall back on.
      fallbackLng: false,
      supportedLngs: ['en', 'ar'],
      load: 'languageOnly',
      // Load at once rather than on the next timer tick (nothing else waits on it; tests fake the timers).
      initAsync: false,
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

/**
 * A notice for whoever reads the console, in English whatever the page's language (the spec gives
 * these texts in English). The English catalogue is fetched first when the page has not used it.
 */
export function warnInEnglish(key: string, ...details: unknown[]): void {
  if (!i18n.isInitialized) {
    console.warn(key, ...details);
    return;
  }
  const warn = () => console.warn(i18n.t(key, { lng: 'en' }), ...details);
  if (i18n.hasResourceBundle('en', 'translation')) warn();
  else void i18n.loadLanguages('en').then(warn, () => console.warn(key, ...details));
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
