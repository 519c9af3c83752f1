import { z } from 'zod';
import { LANGUAGES } from '../constants.js';

/**
 * Study circles: reading groups around a book or a guide, in one language, with a capacity, a host
 * (a librarian, or a reader a librarian chose), members and a waiting list, meetings (shown in the
 * reader's time zone, downloadable as .ics) and a discussion of plain-text posts. Every route needs
 * a signed-in reader. "Staff" have `books.edit`; the "host" is the circle's host; "moderators" are
 * the host and staff. Messages are i18n keys under `validation.circles.*`.
 *
 * Unknown keys in a request body are refused (422). NUL characters and unpaired surrogates are
 * refused for every route before these schemas run (422 `validation.invalidCharacters`).
 */

export const CIRCLE_LIMITS = {
  nameMax: 200,
  descriptionMax: 4_000,
  capacityMin: 1,
  capacityMax: 500,
  locationMax: 300,
  meetingNoteMax: 1_000,
  durationMin: 15,
  durationMax: 1_440,
  durationDefault: 60,
  postMax: 4_000,
  reportReasonMax: 1_000,
  hideReasonMax: 500,
  removeReasonMax: 1_000,
  /** The list of circles. */
  pageSizeDefault: 12,
  pageSizeMax: 50,
  /** The discussion, one page at a time. */
  postsPageDefault: 30,
  postsPageMax: 100,
  searchMax: 200,
  /** Past meetings shown after the upcoming ones on a circle's page. */
  pastMeetingsShown: 5,
  /** Posts a reader may write in the window (all circles together), then 429 CIRCLE_POST_RATE_LIMITED. */
  postsPerWindow: 10,
  postWindowSeconds: 600,
  /** The quoted start of a post replied to. */
  excerptMax: 140,
  hostCandidatesMax: 20,
} as const;

export const CIRCLE_MESSAGES = {
  nameRequired: 'validation.circles.nameRequired',
  nameMax: 'validation.circles.nameMax',
  descriptionMax: 'validation.circles.descriptionMax',
  language: 'validation.circles.language',
  capacity: 'validation.circles.capacity',
  startsAt: 'validation.circles.startsAt',
  duration: 'validation.circles.duration',
  locationMax: 'validation.circles.locationMax',
  locationLink: 'validation.circles.locationLink',
  noteMax: 'validation.circles.noteMax',
  bodyRequired: 'validation.circles.bodyRequired',
  bodyMax: 'validation.circles.bodyMax',
  reasonRequired: 'validation.circles.reasonRequired',
  reasonMax: 'validation.circles.reasonMax',
  hostInvalid: 'validation.circles.hostInvalid',
  bookInvalid: 'validation.circles.bookInvalid',
  guideInvalid: 'validation.circles.guideInvalid',
  nothingToUpdate: 'validation.nothingToUpdate',
} as const;

export const CIRCLE_STATUSES = ['open', 'closed', 'archived'] as const;
export type CircleStatus = (typeof CIRCLE_STATUSES)[number];
/** The reader's place in a circle: a member, on the waiting list, or neither (null). */
export const CIRCLE_MY_STATUSES = ['member', 'waiting'] as const;
export type CircleMyStatus = (typeof CIRCLE_MY_STATUSES)[number];

/* ------------------------------------------------------------------ requests */

const name = z
  .string({ error: CIRCLE_MESSAGES.nameRequired })
  .trim()
  .min(1, CIRCLE_MESSAGES.nameRequired)
  .max(CIRCLE_LIMITS.nameMax, CIRCLE_MESSAGES.nameMax);
/** Trimmed; empty means none (null). */
const description = z
  .string()
  .trim()
  .max(CIRCLE_LIMITS.descriptionMax, CIRCLE_MESSAGES.descriptionMax)
  .transform((value) => (value === '' ? null : value))
  .nullable();
const language = z.enum(LANGUAGES, { error: CIRCLE_MESSAGES.language });
const capacity = z
  .number({ error: CIRCLE_MESSAGES.capacity })
  .int(CIRCLE_MESSAGES.capacity)
  .min(CIRCLE_LIMITS.capacityMin, CIRCLE_MESSAGES.capacity)
  .max(CIRCLE_LIMITS.capacityMax, CIRCLE_MESSAGES.capacity);
const status = z.enum(CIRCLE_STATUSES);

/**
 * `POST /api/circles` (staff, 201 CircleDetail). The host is the creator unless `host_id` names
 * another active account (any librarian or admin, or a reader the staff member chooses: see
 * `GET /api/circles/host-candidates`); an unknown one answers 422 `hostInvalid` on `host_id`.
 */
export const CircleCreateSchema = z.strictObject({
  name,
  description: description.optional(),
  language,
  capacity,
  book_id: z.uuid(CIRCLE_MESSAGES.bookInvalid).nullable().optional(),
  guide_id: z.uuid(CIRCLE_MESSAGES.guideInvalid).nullable().optional(),
  host_id: z.uuid(CIRCLE_MESSAGES.hostInvalid).nullable().optional(),
  status: status.default('open'),
});
export type CircleCreate = z.input<typeof CircleCreateSchema>;

/**
 * `PATCH /api/circles/{id}`: only the fields given change. Moderators (the host included) change
 * name, description, language, book, guide and status; only staff change `host_id` and `capacity`
 * (a host who is not staff gets 403). Lowering the capacity never removes a member; raising it
 * makes the first readers of the waiting list members, in order (they are notified).
 */
export const CircleUpdateSchema = z
  .strictObject({
    name: name.optional(),
    description: description.optional(),
    language: language.optional(),
    capacity: capacity.optional(),
    book_id: z.uuid(CIRCLE_MESSAGES.bookInvalid).nullable().optional(),
    guide_id: z.uuid(CIRCLE_MESSAGES.guideInvalid).nullable().optional(),
    host_id: z.uuid(CIRCLE_MESSAGES.hostInvalid).nullable().optional(),
    status: status.optional(),
  })
  .superRefine((patch, ctx) => {
    if (Object.values(patch).every((value) => value === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['_'], message: CIRCLE_MESSAGES.nothingToUpdate });
    }
  });
export type CircleUpdate = z.input<typeof CircleUpdateSchema>;

const flag = z
  .enum(['1', 'true', '0', 'false'])
  .transform((value) => value === '1' || value === 'true')
  .optional();

/**
 * `GET /api/circles`: most recently updated first. `q` searches name and description (Arabic-aware:
 * letters normalised, diacritics ignored). `mine=1`: circles the reader is a member of, waits for or
 * hosts. Archived circles are listed only to staff (and only with `status=archived`).
 */
export const CircleListQuerySchema = z.object({
  q: z.string().trim().max(CIRCLE_LIMITS.searchMax).optional(),
  language: z.enum(LANGUAGES).optional(),
  status: status.optional(),
  mine: flag,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(CIRCLE_LIMITS.pageSizeMax).default(CIRCLE_LIMITS.pageSizeDefault),
});
export type CircleListQuery = z.input<typeof CircleListQuerySchema>;

/** `GET /api/circles/host-candidates?q=` (staff): active accounts whose name or e-mail matches. */
export const CircleHostCandidatesQuerySchema = z.object({
  q: z.string().trim().max(CIRCLE_LIMITS.searchMax).optional(),
});

/** `DELETE /api/circles/{id}/members/{userId}` (moderators): the reader is told the reason. */
export const CircleMemberRemoveSchema = z.strictObject({
  reason: z
    .string()
    .trim()
    .max(CIRCLE_LIMITS.removeReasonMax, CIRCLE_MESSAGES.reasonMax)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
});
export type CircleMemberRemove = z.input<typeof CircleMemberRemoveSchema>;

/**
 * A meeting place: free text (a room, an address), or a link, which must then be https. Empty
 * means none (null).
 */
const location = z
  .string()
  .trim()
  .max(CIRCLE_LIMITS.locationMax, CIRCLE_MESSAGES.locationMax)
  .refine(
    (value) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(value),
    CIRCLE_MESSAGES.locationLink,
  )
  .transform((value) => (value === '' ? null : value))
  .nullable();
const meetingNote = z
  .string()
  .trim()
  .max(CIRCLE_LIMITS.meetingNoteMax, CIRCLE_MESSAGES.noteMax)
  .transform((value) => (value === '' ? null : value))
  .nullable();
/** An ISO 8601 date and time with its offset (`2026-12-03T19:00:00+03:00` or `…Z`). */
const startsAt = z.iso.datetime({ offset: true, error: CIRCLE_MESSAGES.startsAt });
const duration = z
  .number({ error: CIRCLE_MESSAGES.duration })
  .int(CIRCLE_MESSAGES.duration)
  .min(CIRCLE_LIMITS.durationMin, CIRCLE_MESSAGES.duration)
  .max(CIRCLE_LIMITS.durationMax, CIRCLE_MESSAGES.duration);

/** `POST /api/circles/{id}/meetings` (moderators, 201 Meeting). Members are notified. */
export const CircleMeetingCreateSchema = z.strictObject({
  starts_at: startsAt,
  duration_minutes: duration.default(CIRCLE_LIMITS.durationDefault),
  location: location.optional(),
  note: meetingNote.optional(),
});
export type CircleMeetingCreate = z.input<typeof CircleMeetingCreateSchema>;

/**
 * `PATCH /api/circles/{id}/meetings/{meetingId}` (moderators). A cancelled meeting cannot be changed
 * (409 CIRCLE_MEETING_CANCELLED). Members are notified when the time or place changes.
 */
export const CircleMeetingUpdateSchema = z
  .strictObject({
    starts_at: startsAt.optional(),
    duration_minutes: duration.optional(),
    location: location.optional(),
    note: meetingNote.optional(),
  })
  .superRefine((patch, ctx) => {
    if (Object.values(patch).every((value) => value === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['_'], message: CIRCLE_MESSAGES.nothingToUpdate });
    }
  });
export type CircleMeetingUpdate = z.input<typeof CircleMeetingUpdateSchema>;

const postBody = z
  .string({ error: CIRCLE_MESSAGES.bodyRequired })
  .trim()
  .min(1, CIRCLE_MESSAGES.bodyRequired)
  .max(CIRCLE_LIMITS.postMax, CIRCLE_MESSAGES.bodyMax);

/**
 * `POST /api/circles/{id}/posts` (members and moderators, 201 Post). Plain text, shown as text
 * (never HTML). `reply_to`: a post of the same circle; its author is notified (not when replying to
 * oneself). At most 10 posts per reader in 10 minutes: 429 CIRCLE_POST_RATE_LIMITED.
 */
export const CirclePostCreateSchema = z.strictObject({
  body: postBody,
  reply_to: z.uuid().nullable().optional(),
});
export type CirclePostCreate = z.input<typeof CirclePostCreateSchema>;

/** `PATCH /api/circles/{id}/posts/{postId}` (its author only; a hidden post cannot be edited). */
export const CirclePostUpdateSchema = z.strictObject({ body: postBody });
export type CirclePostUpdate = z.input<typeof CirclePostUpdateSchema>;

/** `POST …/posts/{postId}/hide` (moderators; audited). */
export const CirclePostHideSchema = z.strictObject({
  reason: z
    .string()
    .trim()
    .max(CIRCLE_LIMITS.hideReasonMax, CIRCLE_MESSAGES.reasonMax)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
});
export type CirclePostHide = z.input<typeof CirclePostHideSchema>;

/**
 * `POST …/posts/{postId}/report` (anyone who can read the discussion; once per reader per post:
 * 409 CIRCLE_POST_ALREADY_REPORTED). It lands in the staff feedback inbox (kind `post_report`).
 */
export const CirclePostReportSchema = z.strictObject({
  reason: z
    .string({ error: CIRCLE_MESSAGES.reasonRequired })
    .trim()
    .min(1, CIRCLE_MESSAGES.reasonRequired)
    .max(CIRCLE_LIMITS.reportReasonMax, CIRCLE_MESSAGES.reasonMax),
});
export type CirclePostReport = z.input<typeof CirclePostReportSchema>;

/**
 * `GET /api/circles/{id}/posts?before=&limit=`: the newest `limit` posts older than the cursor,
 * in time order (oldest first, newest last, like a conversation). `next_cursor` loads the older
 * ones before them (null: nothing older).
 */
export const CirclePostListQuerySchema = z.object({
  before: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(CIRCLE_LIMITS.postsPageMax).default(CIRCLE_LIMITS.postsPageDefault),
});
export type CirclePostListQuery = z.input<typeof CirclePostListQuerySchema>;

/* ----------------------------------------------------------------- responses */

/** A meeting; `starts_at` is UTC (ISO); the client shows it in the reader's time zone. */
export const CircleMeetingSchema = z.object({
  id: z.uuid(),
  starts_at: z.string(),
  duration_minutes: z.number().int(),
  location: z.string().nullable(),
  note: z.string().nullable(),
  cancelled: z.boolean(),
});
export type CircleMeeting = z.infer<typeof CircleMeetingSchema>;

export const CirclePersonSchema = z.object({ id: z.uuid(), name: z.string() });

export const CircleSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  language: z.enum(LANGUAGES),
  status: status,
  capacity: z.number().int(),
  member_count: z.number().int(),
  waiting_count: z.number().int(),
  host: CirclePersonSchema.nullable(),
  book: z
    .object({
      id: z.uuid(),
      title: z.string().nullable(),
      title_ar: z.string().nullable(),
      cover: z.string().nullable(),
    })
    .nullable(),
  guide: z.object({ id: z.uuid(), title: z.string().nullable(), title_ar: z.string().nullable() }).nullable(),
  /** The next meeting not cancelled that has not ended yet. */
  next_meeting: CircleMeetingSchema.nullable(),
  my_status: z.enum(CIRCLE_MY_STATUSES).nullable(),
  /** 1 = next in line; null unless waiting. */
  my_waiting_position: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CircleSummary = z.infer<typeof CircleSummarySchema>;

export const CircleListSchema = z.object({
  items: z.array(CircleSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type CircleList = z.infer<typeof CircleListSchema>;

export const CircleMemberSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  joined_at: z.string(),
  is_host: z.boolean(),
});
export type CircleMember = z.infer<typeof CircleMemberSchema>;

export const CircleWaitingSchema = z.object({ id: z.uuid(), name: z.string(), position: z.number().int() });
export type CircleWaiting = z.infer<typeof CircleWaitingSchema>;

/**
 * `GET /api/circles/{id}`. `meetings`: upcoming (soonest first), then the last 5 past (most recent
 * first). `members`: to members and moderators (others get []); `waiting`: to moderators only.
 * `my_removed`: a moderator removed the reader (they cannot rejoin), with the reason they gave.
 * `can_manage`: staff (may change host and capacity). 404 for an archived circle to non-staff.
 */
export const CircleDetailSchema = CircleSummarySchema.extend({
  meetings: z.array(CircleMeetingSchema),
  members: z.array(CircleMemberSchema),
  waiting: z.array(CircleWaitingSchema),
  can_moderate: z.boolean(),
  can_manage: z.boolean(),
  can_post: z.boolean(),
  my_removed: z.boolean(),
  my_removed_reason: z.string().nullable(),
});
export type CircleDetail = z.infer<typeof CircleDetailSchema>;

/** `POST /api/circles/{id}/join` (idempotent) and `…/leave` (my_status null after leaving). */
export const CircleMembershipSchema = z.object({
  my_status: z.enum(CIRCLE_MY_STATUSES).nullable(),
  my_waiting_position: z.number().int().nullable(),
});
export type CircleMembership = z.infer<typeof CircleMembershipSchema>;

export const CircleHostCandidateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
});
export const CircleHostCandidatesSchema = z.object({ items: z.array(CircleHostCandidateSchema) });
export type CircleHostCandidate = z.infer<typeof CircleHostCandidateSchema>;

/**
 * A post. A hidden post shows its body and reason to moderators; everyone else (its author too) sees
 * `hidden: true` with `body: ''` and no reason. `author` is null when the account was deleted.
 */
export const CirclePostSchema = z.object({
  id: z.uuid(),
  author: CirclePersonSchema.nullable(),
  reply_to: z.object({ id: z.uuid(), author_name: z.string().nullable(), excerpt: z.string() }).nullable(),
  body: z.string(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  hidden: z.boolean(),
  hidden_reason: z.string().nullable(),
  mine: z.boolean(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  can_hide: z.boolean(),
  can_report: z.boolean(),
});
export type CirclePost = z.infer<typeof CirclePostSchema>;

export const CirclePostListSchema = z.object({
  items: z.array(CirclePostSchema),
  next_cursor: z.string().nullable(),
});
export type CirclePostList = z.infer<typeof CirclePostListSchema>;

export const CirclePostReportedSchema = z.object({ id: z.uuid() });
