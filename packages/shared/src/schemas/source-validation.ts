import { z } from 'zod';

/**
 * The catalogue's source validation under /api/admin/source-validation: a run walks the books,
 * authors and categories in the background and records each problem it finds; an administrator
 * reads the findings by kind (JSON or CSV) and merges probable duplicates into the older record
 * (POST /api/admin/books/{keepId}/merge). Validation messages are i18n keys.
 */

export const FINDING_KINDS = [
  'missing_title_en',
  'missing_title_ar',
  'no_author',
  'no_category',
  'no_cover',
  'no_copies',
  'duplicate',
  'broken_external_id',
  'author_without_books',
  'category_without_books',
] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

export const FINDING_TARGET_TYPES = ['book', 'author', 'category'] as const;
export type FindingTargetType = (typeof FINDING_TARGET_TYPES)[number];

export const RUN_STATUSES = ['running', 'done', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const SOURCE_VALIDATION_LIMITS = {
  /** Records read and checked per step of a run. */
  batchSize: 500,
  /** Findings per page of the report. */
  pageSize: 25,
  /** A running run whose heartbeat is older than this is dead (marked failed when another starts). */
  staleAfterMs: 2 * 60 * 1000,
  /** Runs one administrator may start per window. */
  runsPerWindow: 10,
  runWindowMs: 60 * 60 * 1000,
  /** Merges one administrator may make per window. */
  mergesPerWindow: 120,
  mergeWindowMs: 60 * 60 * 1000,
  /** The most an external id may be (as the catalogue's own limit). */
  externalIdMax: 300,
} as const;

/** The ISBN check digits: ISBN-10 (mod 11, X for ten) and ISBN-13 (weights 1 and 3, mod 10). */
export function isValidIsbn(value: string): boolean {
  const digits = value.replace(/[\s-]/g, '').toUpperCase();
  if (/^\d{9}[\dX]$/.test(digits)) {
    let sum = 0;
    for (let index = 0; index < 10; index++) {
      const char = digits[index] ?? '0';
      sum += (char === 'X' ? 10 : Number(char)) * (10 - index);
    }
    return sum % 11 === 0;
  }
  if (/^\d{13}$/.test(digits)) {
    let sum = 0;
    for (let index = 0; index < 13; index++) sum += Number(digits[index]) * (index % 2 === 0 ? 1 : 3);
    return sum % 10 === 0;
  }
  return false;
}

export const EXTERNAL_ID_PROBLEMS = ['blank', 'too_long', 'control_characters', 'isbn_checksum', 'demo_key'] as const;
export type ExternalIdProblem = (typeof EXTERNAL_ID_PROBLEMS)[number];

const ISBN_PREFIX = /^isbn(?:10|13)?:/i;
/** A bare ISBN-13 (978/979…) or ISBN-10 as a whole id, hyphens allowed. */
const BARE_ISBN13 = /^97[89][\d-]{10,14}$/;
const BARE_ISBN10 = /^\d[\d-]{8,11}[\dXx]$/;
const DEMO_KEY = /^demo:[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * What is wrong with a book's external id (its id in the source it came from), or null. The ids in
 * use are `demo:<kebab-key>` for the shipped catalogue and the import file's own ids; an id that is,
 * or is marked as, an ISBN must pass its checksum.
 */
export function externalIdProblem(value: string): ExternalIdProblem | null {
  if (value.trim() === '') return 'blank';
  if (value.length > SOURCE_VALIDATION_LIMITS.externalIdMax) return 'too_long';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
  if (/[\u0000-\u001f\u007f]/.test(value) || value !== value.trim()) return 'control_characters';
  if (value.startsWith('demo:')) return DEMO_KEY.test(value) ? null : 'demo_key';
  if (ISBN_PREFIX.test(value)) return isValidIsbn(value.replace(ISBN_PREFIX, '')) ? null : 'isbn_checksum';
  const compact = value.replaceAll('-', '');
  if ((BARE_ISBN13.test(value) && compact.length === 13) || (BARE_ISBN10.test(value) && compact.length === 10)) {
    return isValidIsbn(value) ? null : 'isbn_checksum';
  }
  return null;
}

const UserRefSchema = z.object({ id: z.string(), name: z.string().nullable() });

export const ValidationRunSchema = z.object({
  id: z.uuid(),
  status: z.enum(RUN_STATUSES),
  started_by: UserRefSchema.nullable(),
  checked: z.number().int(),
  total: z.number().int(),
  counts: z.record(z.string(), z.number().int()),
  error: z.string().nullable(),
  heartbeat_at: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ValidationRun = z.infer<typeof ValidationRunSchema>;

export const LatestRunSchema = z.object({ run: ValidationRunSchema.nullable() });
export type LatestRun = z.infer<typeof LatestRunSchema>;

export const FindingsQuerySchema = z.object({
  kind: z.enum(FINDING_KINDS, 'validation.invalidInput').optional(),
  page: z.coerce
    .number('validation.invalidInput')
    .int('validation.invalidInput')
    .min(1, 'validation.invalidInput')
    .default(1),
  format: z.enum(['json', 'csv'], 'validation.invalidInput').default('json'),
});
export type FindingsQuery = z.infer<typeof FindingsQuerySchema>;

const NameSchema = z.object({ name_en: z.string().nullable(), name_ar: z.string().nullable() });

/** The record a finding is about (or the one it duplicates), as it is now; null once deleted. */
export const FindingRecordSchema = z.object({
  id: z.uuid(),
  type: z.enum(FINDING_TARGET_TYPES),
  title_en: z.string().nullable(),
  title_ar: z.string().nullable(),
  /** A book's authors; empty for an author or a category. */
  authors: z.array(NameSchema),
  external_id: z.string().nullable(),
  /** A book's copies that count (not withdrawn or lost), its bookmarks and its loans ever. */
  copies: z.number().int(),
  bookmarks: z.number().int(),
  loans: z.number().int(),
  created_at: z.string(),
});
export type FindingRecord = z.infer<typeof FindingRecordSchema>;

export const FindingSchema = z.object({
  id: z.number().int(),
  kind: z.enum(FINDING_KINDS),
  target_type: z.enum(FINDING_TARGET_TYPES),
  target_id: z.uuid(),
  related_id: z.uuid().nullable(),
  details: z.record(z.string(), z.unknown()),
  record: FindingRecordSchema.nullable(),
  related: FindingRecordSchema.nullable(),
});
export type Finding = z.infer<typeof FindingSchema>;

export const FindingsPageSchema = z.object({
  items: z.array(FindingSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type FindingsPage = z.infer<typeof FindingsPageSchema>;

export const MergeBooksBodySchema = z.object({
  /** The book merged into the keeper (then deleted). */
  duplicate_id: z.uuid('validation.invalidInput'),
});
export type MergeBooksBody = z.infer<typeof MergeBooksBodySchema>;

export const MergeMovedSchema = z.object({
  copies: z.number().int(),
  bookmarks: z.number().int(),
  bookmarks_merged: z.number().int(),
  loans: z.number().int(),
  loan_events: z.number().int(),
  holds: z.number().int(),
  holds_closed: z.number().int(),
  views: z.number().int(),
  quotes: z.number().int(),
  collections: z.number().int(),
  articles: z.number().int(),
  guide_steps: z.number().int(),
  circles: z.number().int(),
  questions: z.number().int(),
  authors: z.number().int(),
  categories: z.number().int(),
});
export type MergeMoved = z.infer<typeof MergeMovedSchema>;

export const MergeResultSchema = z.object({
  keeper_id: z.uuid(),
  duplicate_id: z.uuid(),
  moved: MergeMovedSchema,
  /** The keeper's empty fields filled from the duplicate (API names). */
  filled: z.array(z.string()),
});
export type MergeResult = z.infer<typeof MergeResultSchema>;
