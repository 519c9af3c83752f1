import { z } from 'zod';
import { sanitizeMultilineText, sanitizeText } from '../sanitize.js';
import { IMPORT_JOB_STATUSES, ImportCountsSchema, RejectedRowSchema } from './catalogue-import.js';

/**
 * Quotes and Wisdom: sayings with their English text and/or Arabic original, speaker, source and
 * topics. A reader's contribution is pending until a librarian approves it or returns it to draft
 * with a note. Validation messages are i18n keys (`validation.*`, `quotes.validation.*`); import
 * rejections are keys under `import.reasons.*`, as for the catalogue import.
 */

export const QUOTE_STATUSES = ['draft', 'pending', 'approved', 'archived'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** Statuses a quotes import may give to its quotes. */
export const QUOTE_IMPORT_STATUSES = ['approved', 'pending'] as const;
export type QuoteImportStatus = (typeof QUOTE_IMPORT_STATUSES)[number];

export const QUOTE_LIMITS = {
  textMax: 2_000,
  speakerMax: 200,
  sourceTitleMax: 300,
  sourceReferenceMax: 100,
  translatorMax: 200,
  sourceUrlMax: 500,
  topicsMax: 5,
  reviewNoteMax: 500,
  pageSizeDefault: 20,
  pageSizeMax: 50,
  /** The sign-in carousel shows at most this many featured quotes. */
  featuredMax: 8,
  externalIdMax: 300,
  /** Facet values and search query. */
  filterMax: 300,
} as const;

export const QUOTE_MESSAGES = {
  textRequired: 'quotes.validation.textRequired',
  sourceUrl: 'quotes.validation.sourceUrl',
  noteRequired: 'quotes.validation.noteRequired',
  tooManyTopics: 'quotes.validation.tooManyTopics',
} as const;

// ——— Reads ———

const PersonRefSchema = z.object({ id: z.uuid(), name_en: z.string().nullable(), name_ar: z.string().nullable() });

export const QuoteTopicSchema = z.object({
  id: z.uuid(),
  key: z.string(),
  name_en: z.string(),
  name_ar: z.string(),
});
export type QuoteTopic = z.infer<typeof QuoteTopicSchema>;

export const QuoteSchema = z.object({
  id: z.uuid(),
  text_en: z.string().nullable(),
  text_ar: z.string().nullable(),
  speaker_en: z.string().nullable(),
  speaker_ar: z.string().nullable(),
  author: PersonRefSchema.nullable(),
  scholar: PersonRefSchema.nullable(),
  source_title: z.string().nullable(),
  source_book: z.object({ id: z.uuid(), title_en: z.string().nullable(), title_ar: z.string().nullable() }).nullable(),
  source_reference: z.string().nullable(),
  translator: z.string().nullable(),
  source_url: z.string().nullable(),
  topics: z.array(QuoteTopicSchema),
  status: z.enum(QUOTE_STATUSES),
  featured: z.boolean(),
  /** Whether the caller has saved it. */
  saved: z.boolean(),
  /** Only shown to its contributor and to staff; null otherwise. */
  contributor: z.object({ id: z.string(), display_name: z.string().nullable() }).nullable(),
  /** The librarian's note when returned; only to its contributor and staff. */
  review_note: z.string().nullable(),
  created_at: z.string(),
  approved_at: z.string().nullable(),
});
export type Quote = z.infer<typeof QuoteSchema>;

export const QuoteListSchema = z.object({
  items: z.array(QuoteSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type QuoteList = z.infer<typeof QuoteListSchema>;

const filterText = z.string().trim().max(QUOTE_LIMITS.filterMax, 'validation.tooLong');
const paging = {
  limit: z.coerce.number().int().min(1).max(QUOTE_LIMITS.pageSizeMax).default(QUOTE_LIMITS.pageSizeDefault),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
};

/** GET /api/quotes: approved quotes, searched and filtered by the values the facets return. */
export const QuoteListQuerySchema = z.object({
  q: filterText.optional(),
  speaker: filterText.optional(),
  source: filterText.optional(),
  topic: filterText.optional(),
  ...paging,
});
export type QuoteListQuery = z.infer<typeof QuoteListQuerySchema>;

/** GET /api/quotes/mine and /saved. */
export const QuotePageQuerySchema = z.object(paging);
export type QuotePageQuery = z.infer<typeof QuotePageQuerySchema>;

/** GET /api/quotes/review: the librarians' queue (pending by default, oldest first). */
export const QuoteReviewQuerySchema = z.object({
  status: z.enum(QUOTE_STATUSES).default('pending'),
  ...paging,
});
export type QuoteReviewQuery = z.infer<typeof QuoteReviewQuerySchema>;

export const QuoteFacetsSchema = z.object({
  speakers: z.array(
    z.object({ value: z.string(), label: z.string(), label_ar: z.string().nullable(), count: z.number().int() }),
  ),
  sources: z.array(z.object({ value: z.string(), label: z.string(), count: z.number().int() })),
  topics: z.array(z.object({ key: z.string(), name_en: z.string(), name_ar: z.string(), count: z.number().int() })),
});
export type QuoteFacets = z.infer<typeof QuoteFacetsSchema>;

/** GET /api/quotes/today?tz=: the day is counted in the reader's time zone (an unknown zone is UTC). */
export const QuoteTodayQuerySchema = z.object({ tz: z.string().trim().max(100).optional() });
export const QuoteTodaySchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  quote: QuoteSchema.nullable(),
});
export type QuoteToday = z.infer<typeof QuoteTodaySchema>;

/** GET /api/quotes/featured: the sign-in carousel's quotes, in its own field names. */
export const FeaturedQuoteSchema = z.object({
  id: z.string(),
  quote: z.string().nullable(),
  arabicQuote: z.string().nullable(),
  author: z.string().nullable(),
  source: z.string().nullable(),
});
export type FeaturedQuote = z.infer<typeof FeaturedQuoteSchema>;
export const FeaturedQuotesSchema = z.object({ items: z.array(FeaturedQuoteSchema) });
export type FeaturedQuotes = z.infer<typeof FeaturedQuotesSchema>;

// ——— Writes ———

/** Optional text through the shared sanitiser: empty becomes null; too long is refused, not cut. */
const optionalText = (max: number, multiline = false) =>
  z
    .string()
    .max(max, 'validation.tooLong')
    .transform((value) => {
      const clean = multiline ? sanitizeMultilineText(value, max) : sanitizeText(value, max);
      return clean === '' ? null : clean;
    })
    .nullable()
    .optional();

const HttpUrlSchema = z.url({ protocol: /^https?$/ });

/** A web address: empty (none), or an absolute http(s) URL. */
const SourceUrlSchema = z
  .string()
  .trim()
  .max(QUOTE_LIMITS.sourceUrlMax, 'validation.tooLong')
  .refine((value) => value === '' || HttpUrlSchema.safeParse(value).success, QUOTE_MESSAGES.sourceUrl)
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

const quoteFields = {
  text_en: optionalText(QUOTE_LIMITS.textMax, true),
  text_ar: optionalText(QUOTE_LIMITS.textMax, true),
  speaker_en: optionalText(QUOTE_LIMITS.speakerMax),
  speaker_ar: optionalText(QUOTE_LIMITS.speakerMax),
  author_id: z.uuid().nullable().optional(),
  scholar_id: z.uuid().nullable().optional(),
  source_title: optionalText(QUOTE_LIMITS.sourceTitleMax),
  source_book_id: z.uuid().nullable().optional(),
  source_reference: optionalText(QUOTE_LIMITS.sourceReferenceMax),
  translator: optionalText(QUOTE_LIMITS.translatorMax),
  source_url: SourceUrlSchema,
  topic_ids: z.array(z.uuid()).max(QUOTE_LIMITS.topicsMax, QUOTE_MESSAGES.tooManyTopics).optional(),
  /** false keeps the contribution as a draft; true (the default) sends it for review. */
  submit: z.boolean().optional(),
  /** Staff (quotes.approve) may create a quote approved directly; anyone else is refused. */
  status: z.enum(['draft', 'pending', 'approved']).optional(),
};

/** POST /api/quotes: at least one of the two texts. */
export const QuoteInputSchema = z.object(quoteFields).superRefine((input, ctx) => {
  if (!input.text_en && !input.text_ar) {
    ctx.addIssue({ code: 'custom', path: ['text_en'], message: QUOTE_MESSAGES.textRequired });
  }
});
export type QuoteInput = z.input<typeof QuoteInputSchema>;
export type QuoteInputParsed = z.output<typeof QuoteInputSchema>;

/** PATCH /api/quotes/{id}: only the fields given change; both texts may not end up empty. */
export const QuoteUpdateSchema = z.object(quoteFields).omit({ status: true });
export type QuoteUpdate = z.input<typeof QuoteUpdateSchema>;
export type QuoteUpdateParsed = z.output<typeof QuoteUpdateSchema>;

export const QuoteReturnSchema = z.object({
  note: z
    .string({ error: QUOTE_MESSAGES.noteRequired })
    .max(QUOTE_LIMITS.reviewNoteMax, 'validation.tooLong')
    .transform((value) => sanitizeMultilineText(value, QUOTE_LIMITS.reviewNoteMax))
    .refine((value) => value.length > 0, QUOTE_MESSAGES.noteRequired),
});
export type QuoteReturn = z.input<typeof QuoteReturnSchema>;

export const QuoteFeaturedSchema = z.object({ featured: z.boolean() });
export type QuoteFeatured = z.infer<typeof QuoteFeaturedSchema>;

// ——— The quotes import (JSON Lines: id, quote, arabicQuote, author, source) ———

const reason = (key: string) => `import.reasons.${key}`;

/** The parts of a source line such as "Nahj al-Balāgha (…), Saying 6; tr. Sayed Ali Raza; https://…". */
export type QuoteSourceParts = {
  source_title: string | null;
  source_reference: string | null;
  translator: string | null;
  source_url: string | null;
};

const REFERENCE =
  /,\s*((?:saying|sermon|letter|item|hadith|hadīth|chapter|ch\.|book|volume|vol\.|part|no\.|number|page|p\.|verse|supplication|du[ʿ']?a)\s*[\w.:\-–/ ]*\d[\w.:\-–/ ]*)$/iu;

/**
 * Splits an import's `source` into title, reference, translator and URL: a trailing http(s) URL,
 * a `; tr. Name` part, and a trailing ", Saying 6"-like reference; the rest is the title.
 */
export function parseQuoteSource(source: string | null | undefined): QuoteSourceParts {
  const parts: QuoteSourceParts = { source_title: null, source_reference: null, translator: null, source_url: null };
  if (!source?.trim()) return parts;
  const segments = source
    .split(';')
    .map((segment) => segment.trim())
    .filter(Boolean);
  const rest: string[] = [];
  for (const segment of segments) {
    if (!parts.source_url && /^https?:\/\/\S+$/i.test(segment) && HttpUrlSchema.safeParse(segment).success) {
      parts.source_url = segment.slice(0, QUOTE_LIMITS.sourceUrlMax);
    } else if (!parts.translator && /^(?:tr\.|trans\.|translated by)\s*/i.test(segment)) {
      const name = segment.replace(/^(?:tr\.|trans\.|translated by)\s*/i, '');
      parts.translator = sanitizeText(name, QUOTE_LIMITS.translatorMax) || null;
    } else {
      rest.push(segment);
    }
  }
  let title = rest.join('; ');
  const reference = REFERENCE.exec(title);
  if (reference?.[1]) {
    parts.source_reference = sanitizeText(reference[1], QUOTE_LIMITS.sourceReferenceMax) || null;
    title = title.slice(0, reference.index);
  }
  parts.source_title = sanitizeText(title, QUOTE_LIMITS.sourceTitleMax) || null;
  return parts;
}

/** A valid import line, ready to write. */
export type QuoteImportRecord = QuoteSourceParts & {
  id: string;
  text_en: string | null;
  text_ar: string | null;
  speaker_en: string | null;
  speaker_ar: string | null;
};

const isBlank = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && !value.trim());
const importText = (max: number) =>
  z.preprocess(
    (value) => (isBlank(value) ? undefined : value),
    z.string(reason('notText')).max(max, reason('tooLong')).optional(),
  );

const QuoteImportLineSchema = z.object({
  id: z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : isBlank(value) ? undefined : value),
    z.string(reason('missingId')).trim().max(QUOTE_LIMITS.externalIdMax, reason('tooLong')),
  ),
  quote: importText(QUOTE_LIMITS.textMax),
  arabicQuote: importText(QUOTE_LIMITS.textMax),
  author: importText(QUOTE_LIMITS.speakerMax),
  source: importText(2_000),
});

const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]/;

export type QuoteImportRejection = { reason: string; params?: Record<string, string | number> };
export type ValidatedQuoteLine =
  | { ok: true; record: QuoteImportRecord }
  | { ok: false; rejection: QuoteImportRejection };

/** Validates one parsed line of a quotes file. */
export function validateQuoteImportRow(raw: unknown): ValidatedQuoteLine {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, rejection: { reason: reason('notAnObject') } };
  }
  const parsed = QuoteImportLineSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? '');
    const params: Record<string, string | number> = field ? { field } : {};
    if (issue?.code === 'too_big' && typeof issue.maximum === 'number') params.max = issue.maximum;
    const key = issue?.message.startsWith('import.reasons.') ? issue.message : reason('invalidValue');
    return { ok: false, rejection: { reason: key, params } };
  }
  const data = parsed.data;
  const textEn = data.quote ? sanitizeMultilineText(data.quote, QUOTE_LIMITS.textMax) || null : null;
  const textAr = data.arabicQuote ? sanitizeMultilineText(data.arabicQuote, QUOTE_LIMITS.textMax) || null : null;
  if (!textEn && !textAr) return { ok: false, rejection: { reason: reason('missingQuoteText') } };
  const speaker = data.author ? sanitizeText(data.author, QUOTE_LIMITS.speakerMax) || null : null;
  const speakerIsArabic = speaker !== null && ARABIC_LETTER.test(speaker);
  return {
    ok: true,
    record: {
      id: data.id,
      text_en: textEn,
      text_ar: textAr,
      speaker_en: speakerIsArabic ? null : speaker,
      speaker_ar: speakerIsArabic ? speaker : null,
      ...parseQuoteSource(data.source),
    },
  };
}

/** The form fields next to the file in POST /api/admin/quote-imports. */
export const QuoteImportOptionsSchema = z.object({
  status: z.enum(QUOTE_IMPORT_STATUSES).default('approved'),
});

export const QuoteImportJobSchema = ImportCountsSchema.extend({
  id: z.uuid(),
  file_name: z.string(),
  quote_status: z.enum(QUOTE_IMPORT_STATUSES),
  status: z.enum(IMPORT_JOB_STATUSES),
  rejected_rows: z.array(RejectedRowSchema),
  /** An i18n key under `import.errors.*` when the import failed. */
  error: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type QuoteImportJob = z.infer<typeof QuoteImportJobSchema>;

export const QuoteImportJobListSchema = z.object({
  jobs: z.array(QuoteImportJobSchema.omit({ rejected_rows: true })),
});
export type QuoteImportJobList = z.infer<typeof QuoteImportJobListSchema>;
