import { z } from 'zod';
import { LANGUAGES, LIMITS } from '../constants.js';

/**
 * Feedback and bug reports (reader-area §3, §5). §5 gives two readings, both kept: the fields are
 * required, and they have minimum lengths (goal and improvements 10, description and steps 10,
 * expected and actual 5). A field left empty says "required"; one too short says how long it must be.
 */

/** `post_report`: a reader reported a study circle post (written by the server, never sent to POST /api/feedback). */
export const FEEDBACK_KINDS = ['feedback', 'bug', 'post_report'] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];
export const HELPFUL_ANSWERS = ['yes', 'partially', 'no'] as const;
export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const FEEDBACK_STATUSES = ['new', 'handled'] as const;

/** A required text of at least `min` characters (after trimming). */
function requiredText(min: number, tooShortKey: string) {
  return z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .min(min, tooShortKey)
    .max(LIMITS.feedbackTextMax, 'validation.tooLong');
}

export const FeedbackFormSchema = z.object({
  goal: requiredText(10, 'validation.feedback.goalMin'),
  helpful: z.enum(HELPFUL_ANSWERS, { error: 'validation.feedback.helpfulRequired' }),
  improvements: requiredText(10, 'validation.feedback.improvementsMin'),
  topic_requests: z.string().trim().max(LIMITS.feedbackTextMax, 'validation.tooLong').optional(),
});
export type FeedbackForm = z.infer<typeof FeedbackFormSchema>;

const HttpUrlSchema = z.url({ protocol: /^https?$/ });

/** A web address: empty, or an absolute http(s) URL. */
const PageUrlSchema = z
  .string()
  .trim()
  .max(LIMITS.feedbackUrlMax, 'validation.tooLong')
  .refine((value) => value === '' || HttpUrlSchema.safeParse(value).success, 'validation.feedback.pageUrl')
  .optional();

export const BugReportFormSchema = z.object({
  bug_description: requiredText(10, 'validation.feedback.descriptionMin'),
  steps_to_reproduce: requiredText(10, 'validation.feedback.stepsMin'),
  expected_behavior: requiredText(5, 'validation.feedback.expectedMin'),
  actual_behavior: requiredText(5, 'validation.feedback.actualMin'),
  severity: z.enum(SEVERITIES, { error: 'validation.feedback.severityRequired' }),
  page_url: PageUrlSchema,
});
export type BugReportForm = z.infer<typeof BugReportFormSchema>;

const shortText = z.string().trim().max(200);

/** Attached automatically by the dialog; the server adds the browser from the User-Agent. */
export const DeviceInfoSchema = z.object({
  browser: shortText.optional(),
  platform: shortText.optional(),
  screen: shortText.optional(),
  viewport: shortText.optional(),
});
export type DeviceInfo = z.infer<typeof DeviceInfoSchema>;

const common = {
  page_context: z.string().trim().max(LIMITS.feedbackUrlMax, 'validation.tooLong').optional(),
  device: DeviceInfoSchema.optional(),
  language: z.enum(LANGUAGES).optional(),
};

/**
 * POST /api/feedback. Name and e-mail are not part of it: for a signed-in reader the server takes
 * them from the profile, and unknown keys are dropped.
 */
export const FeedbackSubmitSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('feedback'), fields: FeedbackFormSchema, ...common }),
  z.object({ kind: z.literal('bug'), fields: BugReportFormSchema, ...common }),
]);
export type FeedbackSubmit = z.infer<typeof FeedbackSubmitSchema>;

export const FeedbackSubmittedSchema = z.object({ id: z.uuid() });

/** The staff inbox's filters (GET /api/admin/feedback). */
export const FeedbackInboxQuerySchema = z.object({
  kind: z.enum(FEEDBACK_KINDS).optional(),
  status: z.enum(FEEDBACK_STATUSES).optional(),
  severity: z.enum(SEVERITIES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type FeedbackInboxQuery = z.infer<typeof FeedbackInboxQuerySchema>;

export const FeedbackReportSchema = z.object({
  id: z.uuid(),
  kind: z.enum(FEEDBACK_KINDS),
  user_id: z.uuid().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  fields: z.record(z.string(), z.unknown()),
  severity: z.enum(SEVERITIES).nullable(),
  page_context: z.string().nullable(),
  device: z.record(z.string(), z.unknown()).nullable(),
  language: z.string().nullable(),
  status: z.enum(FEEDBACK_STATUSES),
  handled_by: z.uuid().nullable(),
  handled_at: z.string().nullable(),
  created_at: z.string(),
});
export type FeedbackReport = z.infer<typeof FeedbackReportSchema>;

export const FeedbackInboxPageSchema = z.object({
  items: z.array(FeedbackReportSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type FeedbackInboxPage = z.infer<typeof FeedbackInboxPageSchema>;
