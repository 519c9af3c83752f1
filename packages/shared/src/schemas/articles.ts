import { z } from 'zod';
import { sanitizeText } from '../sanitize.js';
import { BookSummarySchema } from './catalogue.js';

/**
 * Articles written by librarians (`books.edit`): title, summary and Markdown body in English and/or
 * Arabic, a cover from the image store, topics (catalogue categories), and the books and authors
 * it discusses. Readers and visitors see published ones; staff also see drafts.
 *
 * The body is Markdown, rendered to sanitised HTML by the server only (raw HTML off, then an
 * allowlist: h2–h4, p, ul/ol/li, blockquote, strong/em, code/pre, hr, a[href] with http, https,
 * mailto or our own relative paths, img[src,alt] only from our storage's public path). A `#`
 * heading becomes h2 (the page has the h1). The editor's preview uses the same renderer through
 * `POST /api/library/articles/preview`, so readers never download a Markdown library.
 *
 * Validation messages are i18n keys (`validation.*`, `articles.validation.*`).
 */

export const ARTICLE_STATUSES = ['draft', 'published'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const ARTICLE_LANGUAGES = ['en', 'ar'] as const;
export type ArticleLanguage = (typeof ARTICLE_LANGUAGES)[number];

export const ARTICLE_LIMITS = {
  titleMax: 200,
  summaryMax: 600,
  bodyMax: 100_000,
  topicsMax: 10,
  booksMax: 20,
  authorsMax: 20,
  searchMax: 200,
  pageSizeDefault: 12,
  pageSizeMax: 50,
  /** Reading speed used for `reading_minutes` (at least 1 minute). */
  wordsPerMinute: { en: 200, ar: 150 },
  /** Previews a staff member may ask for per window (429 `RATE_LIMITED` beyond). */
  previewsPerWindow: 60,
  previewWindowSeconds: 60,
  /** Image uploads (cover and body images) per window and staff member. */
  uploadsPerWindow: 30,
  uploadWindowSeconds: 600,
} as const;

export const ARTICLE_MESSAGES = {
  titleRequired: 'articles.validation.titleRequired',
  bodyRequired: 'articles.validation.bodyRequired',
  titleMax: 'articles.validation.titleMax',
  summaryMax: 'articles.validation.summaryMax',
  bodyMax: 'articles.validation.bodyMax',
  tooManyTopics: 'articles.validation.tooManyTopics',
  tooManyBooks: 'articles.validation.tooManyBooks',
  tooManyAuthors: 'articles.validation.tooManyAuthors',
  unknownTopic: 'articles.validation.unknownTopic',
  unknownBook: 'articles.validation.unknownBook',
  unknownAuthor: 'articles.validation.unknownAuthor',
  nothingToUpdate: 'validation.nothingToUpdate',
} as const;

// ——— Reads ———

/** A cover from the image pipeline, like a book cover: the public URL (transforms by query string). */
export const ArticleCoverSchema = z.object({
  url: z.string(),
  /** Widths for `<img srcset>` (the URL with `?width=`), when the image has them. */
  srcset: z.string().optional(),
});
export type ArticleCover = z.infer<typeof ArticleCoverSchema>;

/** A topic: a catalogue category. */
export const ArticleTopicSchema = z.object({ id: z.uuid(), name: z.string(), name_ar: z.string() });
export type ArticleTopic = z.infer<typeof ArticleTopicSchema>;

export const ArticleAuthorRefSchema = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  name_ar: z.string().nullable(),
});
export type ArticleAuthorRef = z.infer<typeof ArticleAuthorRefSchema>;

export const ArticleSummarySchema = z.object({
  id: z.uuid(),
  title: z.string().nullable(),
  title_ar: z.string().nullable(),
  summary: z.string().nullable(),
  summary_ar: z.string().nullable(),
  cover: ArticleCoverSchema.nullable(),
  topics: z.array(ArticleTopicSchema),
  /** The languages that have a body. */
  languages: z.array(z.enum(ARTICLE_LANGUAGES)),
  /** ≈ 200 words a minute in English, 150 in Arabic, at least 1; null without a body in that language. */
  reading_minutes: z.object({ en: z.number().int().nullable(), ar: z.number().int().nullable() }),
  /** ISO date-time; null for a draft never published. */
  published_at: z.string().nullable(),
  /** The staff member who wrote it (display name only). */
  author_name: z.string().nullable(),
});
export type ArticleSummary = z.infer<typeof ArticleSummarySchema>;

export const ArticleTopicCountSchema = ArticleTopicSchema.extend({ count: z.number().int() });
export type ArticleTopicCount = z.infer<typeof ArticleTopicCountSchema>;

/** `GET /api/articles`: published, newest first, with the topics that have published articles. */
export const ArticleListSchema = z.object({
  items: z.array(ArticleSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  topics: z.array(ArticleTopicCountSchema),
});
export type ArticleList = z.infer<typeof ArticleListSchema>;

const paging = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(ARTICLE_LIMITS.pageSizeMax).default(ARTICLE_LIMITS.pageSizeDefault),
};
const searchText = z.string().trim().max(ARTICLE_LIMITS.searchMax, 'validation.tooLong');

/**
 * `GET /api/articles?q=&topic=&language=&page=&page_size=`. `q` is Arabic-aware over both
 * languages' titles, summaries and bodies; `language` keeps articles with a body in it.
 */
export const ArticleListQuerySchema = z.object({
  q: searchText.optional(),
  topic: z.uuid().optional(),
  language: z.enum(ARTICLE_LANGUAGES).optional(),
  ...paging,
});
export type ArticleListQuery = z.input<typeof ArticleListQuerySchema>;
export type ArticleListQueryParsed = z.output<typeof ArticleListQuerySchema>;

/** `GET /api/articles/{id}`: public when published; staff (`books.edit`) also read drafts. */
export const ArticleSchema = ArticleSummarySchema.extend({
  status: z.enum(ARTICLE_STATUSES),
  /** The server's sanitised rendering of each body (null when that language has none). */
  body_html: z.object({ en: z.string().nullable(), ar: z.string().nullable() }),
  /** The books it discusses, in order, as catalogue cards (approved books only). */
  books: z.array(BookSummarySchema),
  authors: z.array(ArticleAuthorRefSchema),
  updated_at: z.string(),
});
export type Article = z.infer<typeof ArticleSchema>;

/** `GET /api/library/articles` (staff): drafts and published, most recently updated first. */
export const LibraryArticleListQuerySchema = z.object({
  status: z.enum(ARTICLE_STATUSES).optional(),
  q: searchText.optional(),
  ...paging,
});
export type LibraryArticleListQuery = z.input<typeof LibraryArticleListQuerySchema>;
export type LibraryArticleListQueryParsed = z.output<typeof LibraryArticleListQuerySchema>;

export const LibraryArticleListItemSchema = ArticleSummarySchema.extend({
  status: z.enum(ARTICLE_STATUSES),
  updated_at: z.string(),
});
export type LibraryArticleListItem = z.infer<typeof LibraryArticleListItemSchema>;

export const LibraryArticleListSchema = z.object({
  items: z.array(LibraryArticleListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type LibraryArticleList = z.infer<typeof LibraryArticleListSchema>;

/** `GET /api/library/articles/{id}` (staff): the editable source. */
export const ArticleSourceSchema = z.object({
  id: z.uuid(),
  title_en: z.string().nullable(),
  title_ar: z.string().nullable(),
  summary_en: z.string().nullable(),
  summary_ar: z.string().nullable(),
  body_en: z.string().nullable(),
  body_ar: z.string().nullable(),
  cover_key: z.string().nullable(),
  cover: ArticleCoverSchema.nullable(),
  status: z.enum(ARTICLE_STATUSES),
  published_at: z.string().nullable(),
  topic_ids: z.array(z.uuid()),
  books: z.array(z.object({ id: z.uuid(), title: z.string().nullable(), title_ar: z.string().nullable() })),
  authors: z.array(ArticleAuthorRefSchema),
  author_name: z.string().nullable(),
  /** The staff member who wrote it: the author may delete their own draft. */
  author_id: z.string().nullable(),
  updated_at: z.string(),
});
export type ArticleSource = z.infer<typeof ArticleSourceSchema>;

// ——— Writes ———

/** A one-line text (title, summary): markup removed, spaces collapsed; empty means none (null). */
const lineText = (max: number, tooLong: string) =>
  z
    .string()
    .max(max, tooLong)
    .transform((value) => {
      const clean = sanitizeText(value, max);
      return clean === '' ? null : clean;
    })
    .nullable()
    .optional();

/** The Markdown body, kept as written (line endings normalised); empty means none (null). */
const bodyText = z
  .string()
  .max(ARTICLE_LIMITS.bodyMax, ARTICLE_MESSAGES.bodyMax)
  .transform((value) => {
    const clean = value.replace(/\r\n?/g, '\n');
    return clean.trim() === '' ? null : clean;
  })
  .nullable()
  .optional();

const idList = (max: number, tooMany: string) =>
  z
    .array(z.uuid())
    .max(max, tooMany)
    .transform((ids) => [...new Set(ids)])
    .optional();

const articleFields = {
  title_en: lineText(ARTICLE_LIMITS.titleMax, ARTICLE_MESSAGES.titleMax),
  title_ar: lineText(ARTICLE_LIMITS.titleMax, ARTICLE_MESSAGES.titleMax),
  summary_en: lineText(ARTICLE_LIMITS.summaryMax, ARTICLE_MESSAGES.summaryMax),
  summary_ar: lineText(ARTICLE_LIMITS.summaryMax, ARTICLE_MESSAGES.summaryMax),
  body_en: bodyText,
  body_ar: bodyText,
  topic_ids: idList(ARTICLE_LIMITS.topicsMax, ARTICLE_MESSAGES.tooManyTopics),
  /** In the order the article shows them. */
  book_ids: idList(ARTICLE_LIMITS.booksMax, ARTICLE_MESSAGES.tooManyBooks),
  /** In the order the article shows them. */
  author_ids: idList(ARTICLE_LIMITS.authorsMax, ARTICLE_MESSAGES.tooManyAuthors),
  status: z.enum(ARTICLE_STATUSES).optional(),
};

/**
 * `POST /api/library/articles` (201): at least one title. Publishing (`status: 'published'`) needs
 * a body in a language that has a title (422 `ARTICLE_BODY_REQUIRED`) and sets `published_at`.
 * Unknown topic, book or author ids: 422 naming the field. Unknown keys are refused.
 */
export const ArticleCreateSchema = z.strictObject(articleFields).superRefine((input, ctx) => {
  if (!input.title_en && !input.title_ar) {
    ctx.addIssue({ code: 'custom', path: ['title_en'], message: ARTICLE_MESSAGES.titleRequired });
  }
});
export type ArticleCreate = z.input<typeof ArticleCreateSchema>;
export type ArticleCreateParsed = z.output<typeof ArticleCreateSchema>;

/**
 * `PATCH /api/library/articles/{id}`: only the fields given change (null or '' clears a text; a
 * list replaces the whole list). The article must keep a title (422 `ARTICLE_TITLE_REQUIRED`);
 * a published one keeps a body in a titled language (422 `ARTICLE_BODY_REQUIRED`). Publishing
 * sets `published_at` the first time and keeps it when republished.
 */
export const ArticleUpdateSchema = z.strictObject(articleFields).superRefine((patch, ctx) => {
  if (Object.values(patch).every((value) => value === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['_'], message: ARTICLE_MESSAGES.nothingToUpdate });
  }
});
export type ArticleUpdate = z.input<typeof ArticleUpdateSchema>;
export type ArticleUpdateParsed = z.output<typeof ArticleUpdateSchema>;

/** `POST /api/library/articles/preview`: the same renderer as the article page (rate-limited per user). */
export const ArticlePreviewSchema = z.strictObject({
  markdown: z.string().max(ARTICLE_LIMITS.bodyMax, ARTICLE_MESSAGES.bodyMax),
});
export type ArticlePreview = z.infer<typeof ArticlePreviewSchema>;
export const ArticlePreviewResultSchema = z.object({ html: z.string() });
export type ArticlePreviewResult = z.infer<typeof ArticlePreviewResultSchema>;

/**
 * `POST /api/library/articles/images` (multipart field `file`): an image stored for use inside a
 * body. `markdown` is ready to paste: `![](url)`.
 */
export const ArticleImageSchema = z.object({ url: z.string(), markdown: z.string() });
export type ArticleImage = z.infer<typeof ArticleImageSchema>;

/** `POST /api/library/articles/{id}/cover` (multipart field `file`) answers the new cover. */
export const ArticleCoverResultSchema = z.object({ cover: ArticleCoverSchema.nullable() });
export type ArticleCoverResult = z.infer<typeof ArticleCoverResultSchema>;

/** Words per minute for a language; at least one minute. */
export function readingMinutes(markdown: string | null | undefined, language: ArticleLanguage): number | null {
  if (!markdown?.trim()) return null;
  const words = markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\]\([^)]*\)/g, ' ')
    .split(/[\s#>*_`~[\]()|-]+/u)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.round(words / ARTICLE_LIMITS.wordsPerMinute[language]));
}
