import type { Language } from '../constants.js';
import { LANGUAGES, RTL_LANGUAGES } from '../constants.js';
import ar from './ar.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };

export type Catalogue = typeof en;

export const catalogues: Readonly<Record<Language, Catalogue>> = { en, ar };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function directionOf(language: Language): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
}

/** Flattens a catalogue to dotted keys, e.g. `nav.home`; array items get their index. */
export function flattenKeys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => flattenKeys(child, prefix ? `${prefix}.${key}` : key));
}

export function getByPath(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => {
    if (node === null || typeof node !== 'object') return undefined;
    return (node as Record<string, unknown>)[key];
  }, value);
}
