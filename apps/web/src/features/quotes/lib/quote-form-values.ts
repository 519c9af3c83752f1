import type { Quote, QuoteInput, QuoteTopic } from '@maktaba/shared/schemas/quotes';
import type { RecordOption } from '../api/search-records';

/** The form's text fields, as typed. */
export type QuoteFormValues = Required<
  Pick<
    QuoteInput,
    | 'text_en'
    | 'text_ar'
    | 'speaker_en'
    | 'speaker_ar'
    | 'source_title'
    | 'source_reference'
    | 'translator'
    | 'source_url'
  >
>;

/** What the form links to: a speaker's record, a catalogue book, the topics. */
export type QuoteFormLinks = { speaker: RecordOption | null; book: RecordOption | null; topics: QuoteTopic[] };

/** The fields a server's field error can be shown on. */
export const QUOTE_FORM_FIELDS = [
  'text_en',
  'text_ar',
  'speaker_en',
  'speaker_ar',
  'source_title',
  'source_reference',
  'translator',
  'source_url',
  'topic_ids',
] as const;

export function formValuesOf(quote?: Quote | null): QuoteFormValues {
  return {
    text_en: quote?.text_en ?? '',
    text_ar: quote?.text_ar ?? '',
    speaker_en: quote?.speaker_en ?? '',
    speaker_ar: quote?.speaker_ar ?? '',
    source_title: quote?.source_title ?? '',
    source_reference: quote?.source_reference ?? '',
    translator: quote?.translator ?? '',
    source_url: quote?.source_url ?? '',
  };
}

export function formLinksOf(quote?: Quote | null): QuoteFormLinks {
  const person = quote?.author
    ? ({ ...quote.author, kind: 'author' } as const)
    : quote?.scholar
      ? ({ ...quote.scholar, kind: 'scholar' } as const)
      : null;
  const book = quote?.source_book
    ? ({
        id: quote.source_book.id,
        kind: 'book',
        name_en: quote.source_book.title_en,
        name_ar: quote.source_book.title_ar,
      } as const)
    : null;
  return { speaker: person, book, topics: quote?.topics ?? [] };
}

/** The record links as the API takes them: null removes one. */
export function linkFieldsOf(links: QuoteFormLinks) {
  return {
    author_id: links.speaker?.kind === 'author' ? links.speaker.id : null,
    scholar_id: links.speaker?.kind === 'scholar' ? links.speaker.id : null,
    source_book_id: links.book?.id ?? null,
    topic_ids: links.topics.map((topic) => topic.id),
  };
}
