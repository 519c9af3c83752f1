import type { Language } from '@maktaba/shared/constants';
import type { CollectionSummary } from '@maktaba/shared/schemas/collections';
import { type LocalizedText, pickLocalized, pickSecondary } from '../../../lib/localized-text';

type Titled = Pick<CollectionSummary, 'title_en' | 'title_ar' | 'description_en' | 'description_ar'>;

/** The collection's title in the reader's language (else the other), and the other one when both exist. */
export function collectionTitles(collection: Titled, language: Language) {
  return {
    title: pickLocalized(collection.title_en, collection.title_ar, language),
    secondary: pickSecondary(collection.title_en, collection.title_ar, language),
  };
}

/** The description in the reader's language, else the other; and the other one when both exist. */
export function collectionDescriptions(collection: Titled, language: Language) {
  return {
    description: pickLocalized(collection.description_en, collection.description_ar, language),
    secondary: pickSecondary(collection.description_en, collection.description_ar, language),
  };
}

/** A plain title for a toast or a label: the reader's language first, else the given fallback. */
export function collectionTitleText(collection: Titled, language: Language, fallback: string): string {
  return collectionTitles(collection, language).title?.text ?? fallback;
}

export type { LocalizedText };
