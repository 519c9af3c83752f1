import { z } from 'zod';
import { sanitizeMultilineText, sanitizeText } from '../sanitize.js';
import { BookSummarySchema } from './catalogue.js';

/**
 * Ask a Librarian: a reader asks a question (subject, text, optional topic and book); it enters
 * the librarians' queue (new → assigned → answered), is answered in a thread the reader can reply
 * to, and is resolved by the reader. With the reader's consent a librarian may publish it,
 * anonymised and edited, as an FAQ entry. Librarians (people, `books.edit`) answer, within the
 * response time the library sets. Validation messages are i18n keys (`validation.*`,
 * `questions.validation.*`).
 */

export const QUESTION_STATUSES = ['new', 'assigned', 'answered', 'resolved'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

/**
 * Questions a reader may ask per day. The day is the library's day, the UTC calendar day
 * (00:00–24:00 UTC), as for the lending dates; over it: 429 `QUESTION_DAILY_LIMIT`.
 */
export const QUESTION_DAILY_LIMIT = 3;

export const QUESTION_LIMITS = {
  subjectMin: 3,
  subjectMax: 200,
  bodyMin: 10,
  bodyMax: 4_000,
  /** A reader's reply in the thread. */
  replyMax: 4_000,
  /** A librarian's answer. */
  answerMax: 8_000,
  /** Catalogue books a librarian's answer may point to. */
  answerBooksMax: 10,
  /** FAQ entry texts (the librarian's anonymised edit). */
  faqQuestionMax: 1_000,
  faqAnswerMax: 8_000,
  /** The library's expected response time, in hours (1 hour to 14 days). */
  responseTimeMin: 1,
  responseTimeMax: 336,
  responseTimeDefault: 48,
  searchMax: 200,
  pageSizeDefault: 20,
  pageSizeMax: 50,
} as const;

export const QUESTION_MESSAGES = {
  subjectRequired: 'questions.validation.subjectRequired',
  subjectTooShort: 'questions.validation.subjectTooShort',
  subjectTooLong: 'questions.validation.subjectTooLong',
  bodyRequired: 'questions.validation.bodyRequired',
  bodyTooShort: 'questions.validation.bodyTooShort',
  bodyTooLong: 'questions.validation.bodyTooLong',
  tooManyBooks: 'questions.validation.tooManyBooks',
  unknownBook: 'questions.validation.unknownBook',
  unknownTopic: 'questions.validation.unknownTopic',
  faqQuestionRequired: 'questions.validation.faqQuestionRequired',
  faqAnswerRequired: 'questions.validation.faqAnswerRequired',
  /** Assigning to someone who is not an active librarian or admin. */
  assigneeNotStaff: 'questions.validation.assigneeNotStaff',
  nothingToUpdate: 'validation.nothingToUpdate',
} as const;

// ——— Reads ———

export const QuestionTopicSchema = z.object({ id: z.uuid(), name: z.string(), name_ar: z.string() });
export type QuestionTopic = z.infer<typeof QuestionTopicSchema>;

export const QuestionBookRefSchema = z.object({
  id: z.uuid(),
  title: z.string().nullable(),
  title_ar: z.string().nullable(),
});
export type QuestionBookRef = z.infer<typeof QuestionBookRefSchema>;

const PersonSchema = z.object({ id: z.string(), name: z.string().nullable() });

export const QuestionSummarySchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  status: z.enum(QUESTION_STATUSES),
  topic: QuestionTopicSchema.nullable(),
  book: QuestionBookRefSchema.nullable(),
  /** The language the reader asked in. */
  locale: z.enum(['en', 'ar']),
  created_at: z.string(),
  updated_at: z.string(),
  answered_at: z.string().nullable(),
  resolved_at: z.string().nullable(),
  publish_consent: z.boolean(),
  /** For the reader: the last message is a librarian's answer the reader has not replied to. */
  unread: z.boolean(),
  message_count: z.number().int(),
});
export type QuestionSummary = z.infer<typeof QuestionSummarySchema>;

export const QuestionMessageSchema = z.object({
  id: z.uuid(),
  from_staff: z.boolean(),
  /** A librarian's display name; null for the reader's own messages (shown as "You") or a gone author. */
  author_name: z.string().nullable(),
  body: z.string(),
  /** Catalogue cards of the books the message points to (missing books are skipped). */
  books: z.array(BookSummarySchema),
  created_at: z.string(),
});
export type QuestionMessage = z.infer<typeof QuestionMessageSchema>;

export const QuestionDetailSchema = QuestionSummarySchema.extend({
  messages: z.array(QuestionMessageSchema),
  /** Staff only (null for the reader). */
  assigned_to: PersonSchema.nullable(),
  /** Staff only (null for the reader). */
  asker: PersonSchema.nullable(),
  faq_entry_id: z.uuid().nullable(),
});
export type QuestionDetail = z.infer<typeof QuestionDetailSchema>;

export const QuestionListSchema = z.object({
  items: z.array(QuestionSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type QuestionList = z.infer<typeof QuestionListSchema>;

export const QueueQuestionSchema = QuestionSummarySchema.extend({
  asker_name: z.string().nullable(),
  assigned_to: PersonSchema.nullable(),
});
export type QueueQuestion = z.infer<typeof QueueQuestionSchema>;

export const QuestionQueueSchema = z.object({
  items: z.array(QueueQuestionSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  counts: z.object({
    new: z.number().int(),
    assigned: z.number().int(),
    answered: z.number().int(),
    resolved: z.number().int(),
  }),
});
export type QuestionQueue = z.infer<typeof QuestionQueueSchema>;

export const FaqEntrySchema = z.object({
  id: z.uuid(),
  question_en: z.string().nullable(),
  question_ar: z.string().nullable(),
  answer_en: z.string().nullable(),
  answer_ar: z.string().nullable(),
  topic: QuestionTopicSchema.nullable(),
  published_at: z.string(),
});
export type FaqEntry = z.infer<typeof FaqEntrySchema>;

export const FaqListSchema = z.object({
  items: z.array(FaqEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type FaqList = z.infer<typeof FaqListSchema>;

/** GET /api/ask/info: what the Ask page tells the reader before they ask. */
export const AskInfoSchema = z.object({
  response_time_hours: z.number().int(),
  daily_limit: z.number().int(),
  asked_today: z.number().int(),
  limits: z.object({ subject_max: z.number().int(), body_max: z.number().int() }),
});
export type AskInfo = z.infer<typeof AskInfoSchema>;

export const AskSettingsSchema = z.object({ response_time_hours: z.number().int() });
export type AskSettings = z.infer<typeof AskSettingsSchema>;

// ——— Queries ———

const page = z.coerce.number().int().min(1).max(10_000).default(1);

/** GET /api/questions/mine: newest activity first. */
export const MyQuestionsQuerySchema = z.object({ status: z.enum(QUESTION_STATUSES).optional(), page });
export type MyQuestionsQuery = z.infer<typeof MyQuestionsQuerySchema>;

export const QUEUE_ASSIGNED_FILTERS = ['me', 'anyone', 'none'] as const;

/** GET /api/library/questions: oldest waiting first for new and assigned, newest first otherwise. */
export const QuestionQueueQuerySchema = z.object({
  status: z.enum(QUESTION_STATUSES).default('new'),
  assigned: z.enum(QUEUE_ASSIGNED_FILTERS).default('anyone'),
  q: z.string().trim().max(QUESTION_LIMITS.searchMax, 'validation.tooLong').optional(),
  page,
});
export type QuestionQueueQuery = z.infer<typeof QuestionQueueQuerySchema>;

/** GET /api/faq: Arabic-aware search over both languages, newest first. */
export const FaqQuerySchema = z.object({
  q: z.string().trim().max(QUESTION_LIMITS.searchMax, 'validation.tooLong').optional(),
  topic: z.uuid().optional(),
  page,
});
export type FaqQuery = z.infer<typeof FaqQuerySchema>;

// ——— Writes (unknown keys are refused) ———

/** Required text through the shared sanitiser, with its own too-short/too-long messages. */
const requiredText = (
  min: number,
  max: number,
  messages: { required: string; short: string; long: string },
  multiline: boolean,
) =>
  z
    .string({ error: messages.required })
    .max(max, messages.long)
    .transform((value) => (multiline ? sanitizeMultilineText(value, max) : sanitizeText(value, max)))
    .refine((value) => value.length > 0, messages.required)
    .refine((value) => value.length === 0 || value.length >= min, messages.short);

const subjectText = requiredText(
  QUESTION_LIMITS.subjectMin,
  QUESTION_LIMITS.subjectMax,
  {
    required: QUESTION_MESSAGES.subjectRequired,
    short: QUESTION_MESSAGES.subjectTooShort,
    long: QUESTION_MESSAGES.subjectTooLong,
  },
  false,
);
const bodyText = (min: number, max: number) =>
  requiredText(
    min,
    max,
    {
      required: QUESTION_MESSAGES.bodyRequired,
      short: QUESTION_MESSAGES.bodyTooShort,
      long: QUESTION_MESSAGES.bodyTooLong,
    },
    true,
  );

/** POST /api/questions. */
export const QuestionCreateSchema = z.strictObject({
  subject: subjectText,
  body: bodyText(QUESTION_LIMITS.bodyMin, QUESTION_LIMITS.bodyMax),
  topic_id: z.uuid().nullable().optional(),
  book_id: z.uuid().nullable().optional(),
  publish_consent: z.boolean().default(false),
});
export type QuestionCreate = z.input<typeof QuestionCreateSchema>;

/** POST /api/questions/{id}/messages: the reader's reply. */
export const QuestionReplySchema = z.strictObject({ body: bodyText(1, QUESTION_LIMITS.replyMax) });
export type QuestionReply = z.input<typeof QuestionReplySchema>;

/** PATCH /api/questions/{id}: withdrawing consent unpublishes its FAQ entry. */
export const QuestionConsentSchema = z.strictObject({ publish_consent: z.boolean() });
export type QuestionConsent = z.infer<typeof QuestionConsentSchema>;

/** POST /api/library/questions/{id}/assign: to oneself, or to another staff member. */
export const QuestionAssignSchema = z.union([
  z.strictObject({ to: z.literal('me') }),
  z.strictObject({ user_id: z.uuid('validation.invalidInput') }),
]);
export type QuestionAssign = z.infer<typeof QuestionAssignSchema>;

/** POST /api/library/questions/{id}/answer. */
export const QuestionAnswerSchema = z.strictObject({
  body: bodyText(1, QUESTION_LIMITS.answerMax),
  book_ids: z
    .array(z.uuid(QUESTION_MESSAGES.unknownBook))
    .max(QUESTION_LIMITS.answerBooksMax, QUESTION_MESSAGES.tooManyBooks)
    .optional(),
});
export type QuestionAnswer = z.input<typeof QuestionAnswerSchema>;

/** Optional text: empty becomes null; too long is refused, not cut. */
const optionalText = (max: number) =>
  z
    .string()
    .max(max, 'validation.tooLong')
    .transform((value) => {
      const clean = sanitizeMultilineText(value, max);
      return clean === '' ? null : clean;
    })
    .nullable()
    .optional();

const faqFields = {
  question_en: optionalText(QUESTION_LIMITS.faqQuestionMax),
  question_ar: optionalText(QUESTION_LIMITS.faqQuestionMax),
  answer_en: optionalText(QUESTION_LIMITS.faqAnswerMax),
  answer_ar: optionalText(QUESTION_LIMITS.faqAnswerMax),
  topic_id: z.uuid().nullable().optional(),
};

/** POST /api/library/questions/{id}/publish: at least one question and one answer text. */
export const FaqPublishSchema = z.strictObject(faqFields).superRefine((entry, ctx) => {
  if (!entry.question_en && !entry.question_ar) {
    ctx.addIssue({ code: 'custom', path: ['question_en'], message: QUESTION_MESSAGES.faqQuestionRequired });
  }
  if (!entry.answer_en && !entry.answer_ar) {
    ctx.addIssue({ code: 'custom', path: ['answer_en'], message: QUESTION_MESSAGES.faqAnswerRequired });
  }
});
export type FaqPublish = z.input<typeof FaqPublishSchema>;

/** PATCH /api/library/faq/{id}: only the fields given change; the entry keeps a question and an answer. */
export const FaqUpdateSchema = z.strictObject(faqFields).superRefine((patch, ctx) => {
  if (Object.values(patch).every((value) => value === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['_'], message: QUESTION_MESSAGES.nothingToUpdate });
  }
});
export type FaqUpdate = z.input<typeof FaqUpdateSchema>;

/** PUT /api/library/ask-settings. */
export const AskSettingsUpdateSchema = z.strictObject({
  response_time_hours: z.number().int().min(QUESTION_LIMITS.responseTimeMin).max(QUESTION_LIMITS.responseTimeMax),
});
export type AskSettingsUpdate = z.infer<typeof AskSettingsUpdateSchema>;
