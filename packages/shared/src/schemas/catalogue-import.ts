import { z } from 'zod';
import {
  BOOK_DIFFICULTIES,
  BOOK_FORMATS,
  BOOK_LANGUAGES,
  type BOOK_STATUSES,
  CATALOGUE_LIMITS,
  CONTENT_TYPES,
} from './catalogue.js';

/**
 * One record of a catalogue import file (JSON Lines or CSV). Rejections carry an i18n key under
 * `import.reasons.*` and its params, so the page shows them in the reader's language and the
 * command line in English.
 */

export const IMPORT_LIMITS = {
  fileBytesMax: 50 * 1024 * 1024,
  batchSizeDefault: 500,
  batchSizeMax: 5_000,
  /** The job row keeps this many rejected rows; the count covers them all. */
  storedRejectionsMax: 1_000,
  sourceMax: 2_000,
  deathHijriMax: 1_500,
  /** The page polls a running import this often. */
  pollIntervalMs: 500,
} as const;

/** Statuses an import may give to its books (never archived). */
export const IMPORT_BOOK_STATUSES = [
  'draft',
  'pending',
  'approved',
] as const satisfies readonly (typeof BOOK_STATUSES)[number][];
export type ImportBookStatus = (typeof IMPORT_BOOK_STATUSES)[number];

export const IMPORT_FORMATS = ['jsonl', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const IMPORT_JOB_STATUSES = ['running', 'done', 'failed'] as const;

export type RejectionParams = Record<string, string | number>;
export type Rejection = { reason: string; params?: RejectionParams };

const reason = (key: string) => `import.reasons.${key}`;

const isBlank = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && !value.trim());
const blankToUndefined = (value: unknown) => (isBlank(value) ? undefined : value);

/** CSV gives every value as text: "1987" is a number there. */
const toNumber = (value: unknown) => {
  const present = blankToUndefined(value);
  if (typeof present === 'string' && /^\s*-?\d+\s*$/.test(present)) return Number(present);
  return present;
};
const toBoolean = (value: unknown) => {
  const present = blankToUndefined(value);
  if (typeof present !== 'string') return present;
  const text = present.trim().toLowerCase();
  if (['true', '1', 'yes'].includes(text)) return true;
  if (['false', '0', 'no'].includes(text)) return false;
  return present;
};
const toLowerCode = (value: unknown) => {
  const present = blankToUndefined(value);
  return typeof present === 'string' ? present.trim().toLowerCase() : present;
};

const text = (max: number) =>
  z.preprocess(blankToUndefined, z.string(reason('notText')).trim().max(max, reason('tooLong')).optional());

const integer = (min: number, max: number, message = reason('outOfRange')) =>
  z.preprocess(
    toNumber,
    z.number(reason('notANumber')).int(reason('notANumber')).min(min, message).max(max, message).optional(),
  );

const choice = <T extends readonly [string, ...string[]]>(values: T, message = reason('unknownValue')) =>
  z.preprocess(toLowerCode, z.enum(values, message).optional());

/** A year is plausible when it is not in the future (one year of slack for announced editions). */
const latestPlausibleYear = () => new Date().getUTCFullYear() + 1;

const AuthorEntry = z.union([
  text(CATALOGUE_LIMITS.nameMax),
  z.object({
    name: text(CATALOGUE_LIMITS.nameMax),
    name_ar: text(CATALOGUE_LIMITS.nameMax),
    death_hijri: integer(1, IMPORT_LIMITS.deathHijriMax, reason('implausibleYear')),
  }),
]);

/** `authors`: a list in JSON, `;`-separated names in CSV. */
const splitAuthors = (value: unknown) => {
  const present = blankToUndefined(value);
  if (typeof present !== 'string') return present;
  return present
    .split(';')
    .map((name) => name.trim())
    .filter(Boolean);
};

export const ImportRecordSchema = z
  .object({
    id: z.preprocess(
      (value) => (typeof value === 'number' ? String(value) : blankToUndefined(value)),
      z.string(reason('missingId')).trim().max(CATALOGUE_LIMITS.externalIdMax, reason('tooLong')),
    ),
    title: text(CATALOGUE_LIMITS.titleMax),
    title_ar: text(CATALOGUE_LIMITS.titleMax),
    author: text(CATALOGUE_LIMITS.nameMax),
    author_ar: text(CATALOGUE_LIMITS.nameMax),
    author_death_hijri: integer(1, IMPORT_LIMITS.deathHijriMax, reason('implausibleYear')),
    authors: z.preprocess(
      splitAuthors,
      z.array(AuthorEntry).max(CATALOGUE_LIMITS.authorsPerBook, reason('tooMany')).optional(),
    ),
    category: text(CATALOGUE_LIMITS.nameMax),
    category_ar: text(CATALOGUE_LIMITS.nameMax),
    language: choice(BOOK_LANGUAGES, reason('unknownLanguage')),
    publication_year: z.preprocess(
      toNumber,
      z
        .number(reason('notANumber'))
        .int(reason('notANumber'))
        .min(1, reason('implausibleYear'))
        .refine((year) => year <= latestPlausibleYear(), reason('implausibleYear'))
        .optional(),
    ),
    description: text(CATALOGUE_LIMITS.descriptionMax),
    description_ar: text(CATALOGUE_LIMITS.descriptionMax),
    publisher: text(CATALOGUE_LIMITS.publisherMax),
    format: choice(BOOK_FORMATS),
    difficulty: choice(BOOK_DIFFICULTIES),
    content_type: choice(CONTENT_TYPES),
    is_digital: z.preprocess(toBoolean, z.boolean(reason('notABoolean')).optional()),
    copies_total: integer(0, CATALOGUE_LIMITS.copiesMax),
    copies_available: integer(0, CATALOGUE_LIMITS.copiesMax),
    source: text(IMPORT_LIMITS.sourceMax),
  })
  .superRefine((record, ctx) => {
    if (!record.title && !record.title_ar) {
      ctx.addIssue({ code: 'custom', path: ['title'], message: reason('missingTitle') });
    }
    if ((record.copies_available ?? 0) > (record.copies_total ?? 0)) {
      ctx.addIssue({ code: 'custom', path: ['copies_available'], message: reason('copiesAvailable') });
    }
  });

export type ImportAuthor = { name: string | null; name_ar: string | null; death_hijri: number | null };

/** A valid record, shaped for writing: absent fields are null, authors are one list. */
export type ImportRecord = {
  id: string;
  title: string | null;
  title_ar: string | null;
  description: string | null;
  description_ar: string | null;
  publisher: string | null;
  publication_year: number | null;
  language: string | null;
  format: string | null;
  difficulty: string | null;
  content_type: string | null;
  is_digital: boolean;
  copies_total: number;
  /** Of those, how many can be lent; null when the row does not say (then all of them). */
  copies_available: number | null;
  authors: ImportAuthor[];
  category: { name: string | null; name_ar: string | null } | null;
};

const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]/;

/**
 * OpenITI's book and author URIs, which the Latin titles and names of `openiti:` records are made
 * from, write the letter ʿayn as "c", and use "c" for nothing else: "Tuhaf Cuqul" is Tuḥaf
 * al-ʿUqūl, "Jacfar" is Jaʿfar. Written with the ʿayn sign (U+02BF), the title reads as readers
 * know it, and search, which drops the sign, finds it for "Tuhaf al-Uqul" and "Shi'a" alike.
 */
export const OPENITI_ID_PREFIX = 'openiti:';

export function openitiAyn(text: string): string {
  return text.replace(/C(\p{Ll})/gu, (_, next: string) => `\u02bf${next.toUpperCase()}`).replace(/[cC]/g, '\u02bf');
}

function toAuthors(record: z.output<typeof ImportRecordSchema>): ImportAuthor[] {
  const authors: ImportAuthor[] = [];
  if (record.author || record.author_ar) {
    authors.push({
      name: record.author ?? null,
      name_ar: record.author_ar ?? null,
      death_hijri: record.author_death_hijri ?? null,
    });
  }
  for (const entry of record.authors ?? []) {
    if (entry === undefined) continue;
    if (typeof entry === 'string') {
      // A bare name in a list: its script says which of the two names it is.
      const isArabic = ARABIC_LETTER.test(entry);
      authors.push({ name: isArabic ? null : entry, name_ar: isArabic ? entry : null, death_hijri: null });
    } else if (entry.name || entry.name_ar) {
      authors.push({
        name: entry.name ?? null,
        name_ar: entry.name_ar ?? null,
        death_hijri: entry.death_hijri ?? null,
      });
    }
  }
  return authors;
}

function describeValue(value: unknown): string {
  const shown = typeof value === 'string' ? value : JSON.stringify(value);
  return (shown ?? '').slice(0, 60);
}

/** The first problem of a record as a reason key with its params (field, max, value). */
function toRejection(issue: z.core.$ZodIssue, raw: Record<string, unknown>): Rejection {
  const field = String(issue.path[0] ?? '');
  const params: RejectionParams = {};
  if (field) params.field = field;
  if (issue.code === 'too_big' && typeof issue.maximum === 'number') params.max = issue.maximum;
  // The value helps to find a wrong one; a long text or a rule across fields needs none.
  const value = field && issue.code !== 'custom' && issue.code !== 'too_big' ? describeValue(raw[field]) : '';
  if (value) params.value = value;
  const key = issue.message.startsWith('import.reasons.') ? issue.message : reason('invalidValue');
  return { reason: key, params };
}

export type ValidatedRow = { ok: true; record: ImportRecord } | { ok: false; rejection: Rejection };

/** Validates one parsed row (an object of field → value). */
export function validateImportRow(raw: unknown): ValidatedRow {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, rejection: { reason: reason('notAnObject') } };
  }
  const row = raw as Record<string, unknown>;
  const parsed = ImportRecordSchema.safeParse(row);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, rejection: issue ? toRejection(issue, row) : { reason: reason('invalidValue') } };
  }
  const data = parsed.data;
  if (data.id.startsWith(OPENITI_ID_PREFIX)) {
    if (data.title) data.title = openitiAyn(data.title);
    if (data.author) data.author = openitiAyn(data.author);
  }
  const category =
    data.category || data.category_ar ? { name: data.category ?? null, name_ar: data.category_ar ?? null } : null;
  return {
    ok: true,
    record: {
      id: data.id,
      title: data.title ?? null,
      title_ar: data.title_ar ?? null,
      description: data.description ?? null,
      description_ar: data.description_ar ?? null,
      publisher: data.publisher ?? null,
      publication_year: data.publication_year ?? null,
      language: data.language ?? null,
      format: data.format ?? null,
      difficulty: data.difficulty ?? null,
      content_type: data.content_type ?? null,
      is_digital: data.is_digital ?? false,
      copies_total: data.copies_total ?? 0,
      copies_available: data.copies_available ?? null,
      authors: toAuthors(data),
      category,
    },
  };
}

// ——— The import API ———

export const RejectedRowSchema = z.object({
  line: z.number().int(),
  id: z.string().nullable(),
  reason: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type RejectedRow = z.infer<typeof RejectedRowSchema>;

export const ImportCountsSchema = z.object({
  total: z.number().int(),
  processed: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.number().int(),
});
export type ImportCounts = z.infer<typeof ImportCountsSchema>;

export const ImportJobSchema = ImportCountsSchema.extend({
  id: z.uuid(),
  file_name: z.string(),
  book_status: z.enum(IMPORT_BOOK_STATUSES),
  status: z.enum(IMPORT_JOB_STATUSES),
  /** The first rejected rows (at most IMPORT_LIMITS.storedRejectionsMax); `rejected` counts them all. */
  rejected_rows: z.array(RejectedRowSchema),
  /** An i18n key under `import.errors.*` when the import failed. */
  error: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;

export const ImportJobListSchema = z.object({ jobs: z.array(ImportJobSchema.omit({ rejected_rows: true })) });
export type ImportJobList = z.infer<typeof ImportJobListSchema>;

/** The form fields next to the file in POST /api/admin/imports. */
export const ImportOptionsSchema = z.object({
  status: z.enum(IMPORT_BOOK_STATUSES).default('approved'),
  batch_size: z.coerce.number().int().min(1).max(IMPORT_LIMITS.batchSizeMax).default(IMPORT_LIMITS.batchSizeDefault),
});
