import type { BookSummary } from '@maktaba/shared/schemas/catalogue';
import { useTranslation } from 'react-i18next';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { bookAuthor, bookTitle } from '../lib/localized-text';

export type BookText = ReturnType<typeof useBookText>;

/** A book's title and author in the reader's language, with the 'Unknown …' texts for when neither exists. */
export function useBookText(book: BookSummary) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  return {
    language,
    title: bookTitle(book, language),
    author: bookAuthor(book, language),
    unknownTitle: t('catalogue.unknownTitle'),
    unknownAuthor: t('catalogue.unknownAuthor'),
  };
}
