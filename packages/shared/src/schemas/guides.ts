import { z } from 'zod';
import { sanitizeMultilineText, sanitizeText } from '../sanitize.js';
import { BOOK_DIFFICULTIES, BookSummarySchema } from './catalogue.js';

/**
 * Study guides: ordered reading paths written by librarians (title, description, level, steps —
 * each a book or a chapter of it, with a note on why and what to read for). Readers follow a guide,
 * mark its steps done and resume where they left off. The level is the catalogue's difficulty.
 * Validation messages are i18n keys (`validation.*`, `guides.validation.*`).
 */

export const GUIDE_LEVELS = BOOK_DIFFICULTIES;
export type GuideLevel = (typeof GUIDE_LEVELS)[number];

export const GUIDE_STATUSES = ['draft', 'published'] as const;
export type GuideStatus = (typeof GUIDE_STATUSES)[number];

export const GUIDE_LIMITS = {
  titleMax: 200,
  descriptionMax: 4_000,
  chapterMax: 200,
  noteMax: 2_000,
  stepsMax: 50,
  pageSize: 12,
  libraryPageSize: 20,
  /** My Imam lists at most this many guides. */
  mineMax: 20,
  filterMax: 300,
} as const;

export const GUIDE_MESSAGES = {
  titleRequired: 'guides.validation.titleRequired',
  tooManySteps: 'guides.validation.tooManySteps',
  unknownBook: 'guides.validation.unknownBook',
  duplicateStep: 'guides.validation.duplicateStep',
} as const;

// ——— Reads ———

/** A reader's progress in a guide: steps done of the total, whether they follow it, when they finished. */
export const GuideProgressSchema = z.object({
  done: z.number().int(),
  total: z.number().int(),
  following: z.boolean(),
  completed_at: z.string().nullable(),
  /** When the reader last marked a step or started following; null when never. */
  touched_at: z.string().nullable(),
});
export type GuideProgress = z.infer<typeof GuideProgressSchema>;

export const GuideSummarySchema = z.object({
  id: z.uuid(),
  title_en: z.string().nullable(),
  title_ar: z.string().nullable(),
  description_en: z.string().nullable(),
  description_ar: z.string().nullable(),
  level: z.enum(GUIDE_LEVELS),
  status: z.enum(GUIDE_STATUSES),
  published_at: z.string().nullable(),
  updated_at: z.string(),
  step_count: z.number().int(),
  progress: GuideProgressSchema,
  /** The first step the reader has not done (null: none left, or no steps). */
  resume_step_id: z.uuid().nullable(),
});
export type GuideSummary = z.infer<typeof GuideSummarySchema>;

/** A step's book: the catalogue's book summary with its availability. */
export const GuideBookSchema = BookSummarySchema.extend({
  copies_available: z.number().int(),
  available: z.boolean(),
});
export type GuideBook = z.infer<typeof GuideBookSchema>;

export const GuideStepSchema = z.object({
  id: z.uuid(),
  position: z.number().int(),
  book: GuideBookSchema,
  chapter: z.string().nullable(),
  note_en: z.string().nullable(),
  note_ar: z.string().nullable(),
  /** Whether the reader marked it done, and when. */
  done: z.boolean(),
  done_at: z.string().nullable(),
});
export type GuideStep = z.infer<typeof GuideStepSchema>;

export const GuideSchema = GuideSummarySchema.extend({
  steps: z.array(GuideStepSchema),
  author: z.object({ id: z.string(), display_name: z.string().nullable() }).nullable(),
  created_at: z.string(),
});
export type Guide = z.infer<typeof GuideSchema>;

export const GuideListSchema = z.object({
  items: z.array(GuideSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type GuideList = z.infer<typeof GuideListSchema>;

export const MyGuidesSchema = z.object({ items: z.array(GuideSummarySchema) });
export type MyGuides = z.infer<typeof MyGuidesSchema>;

const filterText = z.string().trim().max(GUIDE_LIMITS.filterMax, 'validation.tooLong');
const pageNumber = z.coerce.number().int().min(1).max(10_000).default(1);
/** An empty level in the address means any level. */
const levelFilter = z.preprocess((value) => (value === '' ? undefined : value), z.enum(GUIDE_LEVELS).optional());

/** GET /api/guides: published guides, searched (Arabic-aware) and filtered by level. */
export const GuideListQuerySchema = z.object({
  q: filterText.optional(),
  level: levelFilter,
  page: pageNumber,
});
export type GuideListQuery = z.infer<typeof GuideListQuerySchema>;

/** GET /api/library/guides: every guide, drafts too. */
export const LibraryGuideListQuerySchema = GuideListQuerySchema.extend({
  status: z.preprocess((value) => (value === '' ? undefined : value), z.enum(GUIDE_STATUSES).optional()),
});
export type LibraryGuideListQuery = z.infer<typeof LibraryGuideListQuerySchema>;

// ——— Writes ———

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

/** A step as the editor sends it: an existing step keeps its id (and readers' progress on it). */
export const GuideStepInputSchema = z.strictObject({
  id: z.uuid().optional(),
  book_id: z.uuid(),
  chapter: optionalText(GUIDE_LIMITS.chapterMax),
  note_en: optionalText(GUIDE_LIMITS.noteMax, true),
  note_ar: optionalText(GUIDE_LIMITS.noteMax, true),
});
export type GuideStepInput = z.input<typeof GuideStepInputSchema>;

const guideFields = {
  title_en: optionalText(GUIDE_LIMITS.titleMax),
  title_ar: optionalText(GUIDE_LIMITS.titleMax),
  description_en: optionalText(GUIDE_LIMITS.descriptionMax, true),
  description_ar: optionalText(GUIDE_LIMITS.descriptionMax, true),
  level: z.enum(GUIDE_LEVELS),
  status: z.enum(GUIDE_STATUSES),
  /** The steps in order; the list replaces the guide's steps. */
  steps: z
    .array(GuideStepInputSchema)
    .max(GUIDE_LIMITS.stepsMax, GUIDE_MESSAGES.tooManySteps)
    .superRefine((steps, ctx) => {
      const seen = new Set<string>();
      steps.forEach((step, index) => {
        if (!step.id) return;
        if (seen.has(step.id))
          ctx.addIssue({ code: 'custom', path: [index, 'id'], message: GUIDE_MESSAGES.duplicateStep });
        seen.add(step.id);
      });
    }),
};

/** POST /api/library/guides: at least one title; a draft unless said otherwise. */
export const GuideInputSchema = z
  .strictObject({
    ...guideFields,
    status: guideFields.status.default('draft'),
    steps: guideFields.steps.default([]),
  })
  .superRefine((input, ctx) => {
    if (!input.title_en && !input.title_ar) {
      ctx.addIssue({ code: 'custom', path: ['title_en'], message: GUIDE_MESSAGES.titleRequired });
    }
  });
export type GuideInput = z.input<typeof GuideInputSchema>;
export type GuideInputParsed = z.output<typeof GuideInputSchema>;

/** PATCH /api/library/guides/{id}: only the fields given change; both titles may not end up empty. */
export const GuideUpdateSchema = z.strictObject(guideFields).partial();
export type GuideUpdate = z.input<typeof GuideUpdateSchema>;
export type GuideUpdateParsed = z.output<typeof GuideUpdateSchema>;

/** The title in the reader's language, else the other one. */
export function guideTitle(guide: { title_en: string | null; title_ar: string | null }, language: string): string {
  return (language === 'ar' ? (guide.title_ar ?? guide.title_en) : (guide.title_en ?? guide.title_ar)) ?? '';
}
