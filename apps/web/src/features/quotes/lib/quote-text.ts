import type { Language } from '@maktaba/shared/constants';
import type { Quote } from '@maktaba/shared/schemas/quotes';
import type { TFunction } from 'i18next';
import { type LocalizedText, pickLocalized } from '../../../lib/localized-text';

/** The quote's texts, the reader's language first; both whatever the language of the page. */
export function quoteTexts(quote: Pick<Quote, 'text_en' | 'text_ar'>, language: Language): LocalizedText[] {
  const texts: LocalizedText[] = [];
  if (quote.text_ar?.trim()) texts.push({ text: quote.text_ar.trim(), lang: 'ar' });
  if (quote.text_en?.trim()) texts.push({ text: quote.text_en.trim(), lang: 'en' });
  return language === 'ar' ? texts : texts.reverse();
}

/** Who said it: the speaker as written, else the linked author's or scholar's name. */
export function speakerOf(quote: Quote, language: Language): LocalizedText | null {
  const person = quote.author ?? quote.scholar;
  return (
    pickLocalized(quote.speaker_en, quote.speaker_ar, language) ??
    pickLocalized(person?.name_en, person?.name_ar, language)
  );
}

/** The page of the speaker's record, when the quote is linked to one. */
export function speakerPath(quote: Quote): string | null {
  if (quote.author) return `/author/${quote.author.id}`;
  if (quote.scholar) return `/scholar/${quote.scholar.id}`;
  return null;
}

/** The source's title: the catalogue book's, in the reader's language, else the title as written. */
export function sourceOf(quote: Quote, language: Language): { text: string; lang?: Language } | null {
  const book = quote.source_book
    ? pickLocalized(quote.source_book.title_en, quote.source_book.title_ar, language)
    : null;
  if (book) return book;
  return quote.source_title?.trim() ? { text: quote.source_title.trim() } : null;
}

/** The address of the quote's own page, to share. */
export const quoteUrl = (id: string) => `${window.location.origin}/quotes/${id}`;

/**
 * What "Copy" puts on the clipboard: both texts, then the attribution (speaker, source, reference,
 * translator) and the quote's address.
 */
export function copyTextOf(quote: Quote, language: Language, t: TFunction): string {
  const separator = t('quotes.card.separator');
  const attribution = [speakerOf(quote, language)?.text, sourceOf(quote, language)?.text, quote.source_reference]
    .filter((part): part is string => Boolean(part?.trim()))
    .join(separator);
  const lines = quoteTexts(quote, language).map(({ text }) => text);
  if (attribution) lines.push(`— ${attribution}`);
  if (quote.translator) lines.push(t('quotes.card.translator', { name: quote.translator }));
  lines.push(quoteUrl(quote.id));
  return lines.join('\n\n');
}
