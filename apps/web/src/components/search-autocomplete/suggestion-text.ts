import type { Language } from '@maktaba/shared/constants';
import type { SearchSuggestion } from '@maktaba/shared/schemas/search';
import { queryWords, withoutArticle } from '@maktaba/shared/search-text';

export type SuggestionText = { text: string; lang: Language };

const pick = (en: string | null | undefined, ar: string | null | undefined, lang: Language) => {
  const preferred = lang === 'ar' ? ar : en;
  if (preferred) return { text: preferred, lang };
  const other = lang === 'ar' ? en : ar;
  return other ? { text: other, lang: lang === 'ar' ? ('en' as const) : ('ar' as const) } : null;
};

/**
 * What an option shows: the label in the reader's language (query_ar for Arabic readers when
 * there is one), the other language's label when it differs, and a book's authors.
 */
export function suggestionText(suggestion: SearchSuggestion, lang: Language) {
  const label = pick(suggestion.query, suggestion.query_ar, lang) ?? { text: suggestion.query, lang };
  const otherLang: Language = label.lang === 'ar' ? 'en' : 'ar';
  const otherText = label.lang === 'ar' ? suggestion.query : suggestion.query_ar;
  const secondary: SuggestionText | null =
    otherText && otherText !== label.text ? { text: otherText, lang: otherLang } : null;
  const author =
    suggestion.type === 'book' ? pick(suggestion.metadata.author, suggestion.metadata.author_ar, lang) : null;
  return { label, secondary, author };
}

/** The words to emphasise in the options for what the reader typed (the last one as a prefix). */
export function highlightTerms(query: string): string[] {
  return queryWords(query).map((word) => withoutArticle(word) ?? word);
}
