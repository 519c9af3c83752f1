import { ARTICLE_LIMITS, ARTICLE_MESSAGES } from '@maktaba/shared/schemas/articles';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import type { ArticleLanguage, ArticleSource, LinkedRecord } from './types';

/** The editor's text fields: what is typed, kept as typed until it is sent. */
export const ArticleFormSchema = z
  .object({
    title_en: z.string().max(ARTICLE_LIMITS.titleMax, ARTICLE_MESSAGES.titleMax),
    title_ar: z.string().max(ARTICLE_LIMITS.titleMax, ARTICLE_MESSAGES.titleMax),
    summary_en: z.string().max(ARTICLE_LIMITS.summaryMax, ARTICLE_MESSAGES.summaryMax),
    summary_ar: z.string().max(ARTICLE_LIMITS.summaryMax, ARTICLE_MESSAGES.summaryMax),
    body_en: z.string().max(ARTICLE_LIMITS.bodyMax, ARTICLE_MESSAGES.bodyMax),
    body_ar: z.string().max(ARTICLE_LIMITS.bodyMax, ARTICLE_MESSAGES.bodyMax),
  })
  .superRefine((values, ctx) => {
    if (!values.title_en.trim() && !values.title_ar.trim()) {
      ctx.addIssue({ code: 'custom', path: ['title_en'], message: ARTICLE_MESSAGES.titleRequired });
    }
  });
export type ArticleFormValues = z.infer<typeof ArticleFormSchema>;

export const ARTICLE_FORM_FIELDS = ['title_en', 'title_ar', 'summary_en', 'summary_ar', 'body_en', 'body_ar'] as const;

/** The linked records and topics, kept beside the text fields. */
export type ArticleLinks = { topicIds: string[]; books: LinkedRecord[]; authors: LinkedRecord[] };

export const formValuesOf = (source?: ArticleSource | null): ArticleFormValues => ({
  title_en: source?.title_en ?? '',
  title_ar: source?.title_ar ?? '',
  summary_en: source?.summary_en ?? '',
  summary_ar: source?.summary_ar ?? '',
  body_en: source?.body_en ?? '',
  body_ar: source?.body_ar ?? '',
});

export const linksOf = (source?: ArticleSource | null): ArticleLinks => ({
  topicIds: source?.topic_ids ?? [],
  books: (source?.books ?? []).map((book) => ({ id: book.id, name: book.title, name_ar: book.title_ar })),
  authors: source?.authors ?? [],
});

/** The request body: empty texts go as null (cleared), links as id lists in their order. */
export const inputOf = (values: ArticleFormValues, links: ArticleLinks) => ({
  title_en: values.title_en.trim() || null,
  title_ar: values.title_ar.trim() || null,
  summary_en: values.summary_en.trim() || null,
  summary_ar: values.summary_ar.trim() || null,
  body_en: values.body_en.trim() ? values.body_en : null,
  body_ar: values.body_ar.trim() ? values.body_ar : null,
  topic_ids: links.topicIds,
  book_ids: links.books.map((book) => book.id),
  author_ids: links.authors.map((author) => author.id),
});

/**
 * A published article needs a body in a language that has a title: the language whose body is
 * missing (the reader's first), or null when the rule holds.
 */
export function missingBody(values: ArticleFormValues, order: ArticleLanguage[]): ArticleLanguage | null {
  const titled = order.filter((lang) => values[`title_${lang}`].trim() !== '');
  if (titled.some((lang) => values[`body_${lang}`].trim() !== '')) return null;
  return titled[0] ?? null;
}

/** A field's message: the schemas speak catalogue keys; anything else is a general one. */
export function fieldErrorText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return /^(articles\.validation|validation|errors\.codes)\./.test(message) ? t(message) : t('validation.invalidInput');
}
