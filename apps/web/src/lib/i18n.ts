import { DEFAULT_LANGUAGE, LANGUAGES, type Language, STORAGE_KEYS } from '@maktaba/shared/constants';
import { directionOf, isLanguage } from '@maktaba/shared/i18n/index';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { numberFormat } from './format';
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

type Catalogue = Record<string, unknown>;
type CataloguePart = () => Promise<Catalogue>;

const WHOLE: Record<Language, CataloguePart> = {
  en: () => import('@maktaba/shared/i18n/en.json').then((module) => module.default),
  ar: () => import('@maktaba/shared/i18n/ar.json').then((module) => module.default),
};

/**
 * Each language's catalogue is fetched when that language is first used: a reader downloads one
 * language, not both (the other comes when they switch). It comes in two parts (see
 * apps/web/i18n-parts.ts): the first page needs only the first; every other page waits for the rest
 * (`loadWholeCatalogue`), and from then on a language switch fetches both parts.
 */
const CATALOGUES: Record<Language, { first: CataloguePart; rest: CataloguePart }> = import.meta.env.I18N_PARTS
  ? {
      en: {
        first: () => import('@maktaba/shared/i18n/en.json?part=first').then((module) => module.default),
        rest: () => import('@maktaba/shared/i18n/en.json?part=rest').then((module) => module.default),
      },
      ar: {
        first: () => import('@maktaba/shared/i18n/ar.json?part=first').then((module) => module.default),
        rest: () => import('@maktaba/shared/i18n/ar.json?part=rest').then((module) => module.default),
      },
    }
  : // Without the plugin that splits them (the unit tests), each part is the whole catalogue.
    {
      en: { first: WHOLE.en, rest: WHOLE.en },
      ar: { first: WHOLE.ar, rest: WHOLE.ar },
    };

/** The first part of a language's catalogue (the error screen reads it when i18n could not start). */
export function firstCataloguePart(language: Language): Promise<Catalogue> {
  return CATALOGUES[language].first();
}

let wholeAsked = false;

/** `base` with the sections (and the keys of a section) of `more` added. */
function merged(base: Catalogue, more: Catalogue): Catalogue {
  const result = { ...base };
  for (const [key, value] of Object.entries(more)) {
    const current = result[key];
    const bothTrees = [current, value].every((part) => typeof part === 'object' && part !== null);
    result[key] = bothTrees ? merged(current as Catalogue, value as Catalogue) : value;
  }
  return result;
}

/** A language's catalogue: its first part, and the rest once a page has asked for it. */
async function readCatalogue(language: Language): Promise<Catalogue> {
  const first = await CATALOGUES[language].first();
  return wholeAsked ? merged(first, await CATALOGUES[language].rest()) : first;
}

const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (!isLanguage(language)) {
      callback(null, {});
      return;
    }
    readCatalogue(language).then(
      (catalogue) => callback(null, catalogue),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

const restLoads = new Map<Language, Promise<void>>();

/**
 * The rest of the catalogue of each language already in use (every page but the home page waits
 * for it before it shows); languages loaded later come whole.
 */
export function loadWholeCatalogue(): Promise<void> {
  wholeAsked = true;
  const loads = LANGUAGES.filter((language) => i18n.hasResourceBundle(language, 'translation')).map((language) => {
    const load =
      restLoads.get(language) ??
      CATALOGUES[language].rest().then(
        (rest) => {
          i18n.addResourceBundle(language, 'translation', rest, true, true);
        },
        (error: unknown) => {
          // Asked again by the next page rather than failing for good.
          restLoads.delete(language);
          throw error;
        },
      );
    restLoads.set(language, load);
    return load;
  });
  return Promise.all(loads).then(() => {});
}

/** `load` (the code of a page or a dialog), resolved once the whole catalogue is in too. */
export function withWholeCatalogue<T>(load: Promise<T>): Promise<T> {
  return Promise.all([load, loadWholeCatalogue()]).then(([loaded]) => loaded);
}

export const i18n = i18next.createInstance();

export async function initI18n(): Promise<void> {
  const language = readStoredLanguage();
  applyToDocument(language);
  const ready = i18n
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
  // The first number a page formats reads the language's Intl data: about 25 ms in a new Chromium
  // renderer, in the middle of the first render. Made now, it runs while the texts download.
  numberFormat(language);
  await ready;
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
