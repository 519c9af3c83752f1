import type { Language } from '@maktaba/shared/constants';
import { can } from '@maktaba/shared/permissions';
import {
  CIRCLE_LIMITS,
  CIRCLE_MESSAGES,
  type CircleCreateSchema,
  type CircleDetail,
  type CircleHostCandidate,
  type CircleList,
  type CircleListQuerySchema,
  type CircleMeeting,
  type CircleMeetingCreateSchema,
  type CircleMeetingUpdateSchema,
  type CircleMembership,
  type CirclePost,
  type CirclePostCreateSchema,
  type CirclePostList,
  type CircleSummary,
  type CircleUpdateSchema,
} from '@maktaba/shared/schemas/circles';
import { publicObjectUrl } from '@maktaba/shared/schemas/storage';
import { queryWords, searchTerms } from '@maktaba/shared/search-text';
import type { z } from 'zod';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import type { Queryable } from '../../db/queryable.js';
import { AppError } from '../../errors.js';
import { consumeRateLimit, type RateLimit } from '../../http/rate-limit.js';
import { insertFeedback } from '../feedback/feedback.repository.js';
import { enqueueEmail, type Transaction } from '../mail/outbox.js';
import { translator } from '../mail/templates.js';
import { notifyUser } from '../notifications/notifications.service.js';
import { readerChannels } from '../profiles/notification-channels.js';
import { insertAudit } from '../users/users.repository.js';
import * as repo from './study-circles.repository.js';

/*
 * Study circles. Who may do what is decided here: every signed-in reader lists, reads, joins and
 * leaves (a circle they may see); staff (books.edit) create circles and change anything, including
 * host and capacity; the host and staff ("moderators") change the rest, plan meetings, remove
 * members and hide posts; members and moderators read and write the discussion. Whatever a caller
 * may not see answers 404 (an archived circle to non-staff), before any other refusal.
 *
 * Places: joining, leaving, removing and a raised capacity run in one transaction with the circle
 * row locked (SELECT … FOR UPDATE), and `member_count` (a trigger keeps it) is read after the
 * lock, so readers racing for the last place take turns: one gets it, the others queue in order.
 */

export type CirclesContext = {
  db: Database;
  wakeMailer: () => void;
  publicUrl: string;
  /** The request's language, for readers who chose none. */
  locale: Language;
  ip: string | null;
};

type CreateInput = z.output<typeof CircleCreateSchema>;
type UpdateInput = z.output<typeof CircleUpdateSchema>;
type ListQuery = z.output<typeof CircleListQuerySchema>;
type MeetingInput = z.output<typeof CircleMeetingCreateSchema>;
type MeetingPatch = z.output<typeof CircleMeetingUpdateSchema>;
type PostInput = z.output<typeof CirclePostCreateSchema>;

export const POST_RATE_LIMIT: RateLimit = {
  name: 'circle-post:user',
  limit: CIRCLE_LIMITS.postsPerWindow,
  windowMs: CIRCLE_LIMITS.postWindowSeconds * 1000,
};

const notFound = () => new AppError('NOT_FOUND', 'Circle not found');
const membersOnly = () => new AppError('CIRCLE_MEMBERS_ONLY');
const iso = (date: Date | string) => new Date(date).toISOString();
const isStaff = (actor: Actor) => can(actor.role, 'books.edit');
const circlePath = (id: string) => `/circles/${id}`;
const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', undefined, { details: { fieldErrors: { [field]: [message] } } });

/* ----------------------------------------------------------------- reading */

function toMeeting(row: repo.MeetingRow): CircleMeeting {
  return {
    id: row.id,
    starts_at: iso(row.startsAt),
    duration_minutes: row.durationMinutes,
    location: row.location,
    note: row.note,
    cancelled: row.cancelledAt !== null,
  };
}

function toSummary(row: repo.SummaryRow, next: repo.MeetingRow | undefined): CircleSummary {
  const myStatus = row.myStatus === 'member' || row.myStatus === 'waiting' ? row.myStatus : null;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    language: row.language === 'ar' ? 'ar' : 'en',
    status: row.status as CircleSummary['status'],
    capacity: row.capacity,
    member_count: row.memberCount,
    waiting_count: row.waitingCount,
    host: row.hostId ? { id: row.hostId, name: row.hostName ?? '' } : null,
    book: row.bookId
      ? {
          id: row.bookId,
          title: row.bookTitleEn,
          title_ar: row.bookTitleAr,
          cover: publicObjectUrl('covers', row.bookCoverKey),
        }
      : null,
    guide: row.guideId ? { id: row.guideId, title: row.guideTitleEn, title_ar: row.guideTitleAr } : null,
    next_meeting: next ? toMeeting(next) : null,
    my_status: myStatus,
    my_waiting_position: myStatus === 'waiting' ? row.myPosition : null,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

async function summaries(db: Queryable, ids: string[], viewerId: string): Promise<CircleSummary[]> {
  const [rows, meetings] = await Promise.all([repo.findSummaries(db, ids, viewerId), repo.findNextMeetings(db, ids)]);
  return rows.map((row) =>
    toSummary(
      row,
      meetings.find((meeting) => meeting.circleId === row.id),
    ),
  );
}

/** The circle as `actor` may see it: archived ones only to staff; 404 otherwise. */
async function visible(db: Queryable, id: string, actor: Actor, lock = false): Promise<repo.CircleRow> {
  const row = lock ? await repo.lockCircle(db, id) : await repo.findCircle(db, id);
  if (!row || (row.status === 'archived' && !isStaff(actor))) throw notFound();
  return row;
}

const moderates = (circle: repo.CircleRow, actor: Actor) => isStaff(actor) || circle.hostId === actor.id;

async function isMember(db: Queryable, circleId: string, userId: string): Promise<boolean> {
  return (await repo.findMembership(db, circleId, userId))?.status === 'member';
}

/** Members and moderators read the discussion and the calendar; others get 403 CIRCLE_MEMBERS_ONLY. */
async function assertReader(db: Queryable, circle: repo.CircleRow, actor: Actor): Promise<void> {
  if (moderates(circle, actor)) return;
  if (!(await isMember(db, circle.id, actor.id))) throw membersOnly();
}

export async function listCircles(db: Database, actor: Actor, query: ListQuery): Promise<CircleList> {
  const filter: repo.ListFilter = {
    viewerId: actor.id,
    staff: isStaff(actor),
    language: query.language,
    status: query.status,
    mine: query.mine,
  };
  const offset = (query.page - 1) * query.page_size;
  let ids: string[];
  let total: number;
  const words = query.q ? queryWords(query.q) : [];
  if (words.length > 0) {
    // The circles table keeps no search column: names and descriptions are folded here with the
    // same Arabic-aware normaliser as the catalogue (each query word starts a word of the circle).
    const texts = await repo.findCircleTexts(db, filter);
    const matching = texts.filter((row) => {
      const terms = searchTerms(`${row.name} ${row.description ?? ''}`);
      return words.every((word) => terms.some((term) => term.startsWith(word)));
    });
    total = matching.length;
    ids = matching.slice(offset, offset + query.page_size).map((row) => row.id);
  } else {
    ({ ids, total } = await repo.findCirclePage(db, filter, query.page_size, offset));
  }
  return { items: await summaries(db, ids, actor.id), total, page: query.page, page_size: query.page_size };
}

export async function getCircle(db: Queryable, actor: Actor, id: string): Promise<CircleDetail> {
  const circle = await visible(db, id, actor);
  const [summary] = await summaries(db, [id], actor.id);
  if (!summary) throw notFound();
  const membership = await repo.findMembership(db, id, actor.id);
  const moderator = moderates(circle, actor);
  const member = membership?.status === 'member';
  const [upcoming, past, members, waiting] = await Promise.all([
    repo.findUpcomingMeetings(db, id),
    repo.findPastMeetings(db, id, CIRCLE_LIMITS.pastMeetingsShown),
    member || moderator ? repo.findPeople(db, id, 'member') : Promise.resolve([]),
    moderator ? repo.findPeople(db, id, 'waiting') : Promise.resolve([]),
  ]);
  return {
    ...summary,
    meetings: [...upcoming, ...past].map(toMeeting),
    members: members.map((person) => ({
      id: person.id,
      name: person.name,
      joined_at: iso(person.joinedAt),
      is_host: person.id === circle.hostId,
    })),
    waiting: waiting.map((person, index) => ({ id: person.id, name: person.name, position: index + 1 })),
    can_moderate: moderator,
    can_manage: isStaff(actor),
    can_post: (member || moderator) && circle.status !== 'archived',
    my_removed: membership?.status === 'removed',
    my_removed_reason: membership?.status === 'removed' ? membership.removedReason : null,
  };
}

export async function hostCandidates(db: Database, q: string | undefined): Promise<{ items: CircleHostCandidate[] }> {
  return { items: await repo.findHostCandidates(db, q, CIRCLE_LIMITS.hostCandidatesMax) };
}

/* ------------------------------------------------------------- notifications */

type Recipient = NonNullable<Awaited<ReturnType<typeof repo.findRecipient>>>;

/**
 * A member's language for a notice: their profile's, else the circle's (not the language of whoever
 * caused the notice: a host's browser must not decide the language of every member's e-mail).
 */
function localeOf(circle: repo.CircleRow, reader: Recipient): Language {
  if (reader.preferredLanguage === 'ar' || reader.preferredLanguage === 'en') return reader.preferredLanguage;
  return circle.language === 'ar' ? 'ar' : 'en';
}

function formatWhen(date: Date, locale: Language): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** A notice in the reader's language that has no preference (a place given, a removal): in the app only. */
async function tell(
  tx: Queryable,
  userId: string,
  circle: repo.CircleRow,
  title: string,
  message: string,
  values: Record<string, string> = {},
): Promise<void> {
  const reader = await repo.findRecipient(tx, userId);
  if (reader?.status !== 'active') return;
  const t = translator(localeOf(circle, reader));
  await notifyUser(tx, {
    userId,
    title: t(title),
    message: t(message, { circle: circle.name, ...values }),
    type: 'info',
    link: circlePath(circle.id),
  });
}

type MeetingChange = 'new' | 'changed' | 'cancelled';
const MEETING_KEYS: Record<MeetingChange, { title: string; message: string }> = {
  new: { title: 'circles.notify.meetingNewTitle', message: 'circles.notify.meetingNewMessage' },
  changed: { title: 'circles.notify.meetingChangedTitle', message: 'circles.notify.meetingChangedMessage' },
  cancelled: { title: 'circles.notify.meetingCancelledTitle', message: 'circles.notify.meetingCancelledMessage' },
};

/** Every member hears of a meeting planned, moved or cancelled, as their `circle_meeting` choices say. */
async function announceMeeting(
  ctx: CirclesContext,
  tx: Transaction,
  circle: repo.CircleRow,
  meeting: repo.MeetingRow,
  change: MeetingChange,
  actorId: string,
): Promise<boolean> {
  let mailed = false;
  for (const userId of await repo.memberIds(tx, circle.id)) {
    if (userId === actorId) continue;
    const reader = await repo.findRecipient(tx, userId);
    if (reader?.status !== 'active') continue;
    const channels = readerChannels(reader, 'circle_meeting');
    const locale = localeOf(circle, reader);
    const when = formatWhen(meeting.startsAt, locale);
    const t = translator(locale);
    if (channels.in_app) {
      await notifyUser(tx, {
        userId,
        title: t(MEETING_KEYS[change].title),
        message: t(MEETING_KEYS[change].message, { circle: circle.name, when }),
        type: change === 'cancelled' ? 'warning' : 'info',
        link: circlePath(circle.id),
      });
    }
    if (channels.email && reader.email) {
      await enqueueEmail(tx, {
        to: reader.email,
        locale,
        template: 'circle_meeting',
        data: {
          circleName: circle.name,
          change,
          when,
          location: meeting.location,
          link: new URL(circlePath(circle.id), ctx.publicUrl).toString(),
        },
      });
      mailed = true;
    }
  }
  return mailed;
}

/* ---------------------------------------------------------------- membership */

/** Gives free places to the first readers of the waiting list, in order, and tells them. */
async function promote(tx: Queryable, circle: repo.CircleRow): Promise<void> {
  const free = circle.capacity - (await repo.memberCount(tx, circle.id));
  for (const waiting of await repo.firstWaiting(tx, circle.id, free)) {
    await repo.setMembershipStatus(tx, circle.id, waiting.userId, 'member');
    await tell(tx, waiting.userId, circle, 'circles.notify.promotedTitle', 'circles.notify.promotedMessage');
  }
}

async function membershipOf(db: Queryable, circleId: string, userId: string): Promise<CircleMembership> {
  const row = await repo.findMembership(db, circleId, userId);
  if (row?.status === 'member') return { my_status: 'member', my_waiting_position: null };
  if (row?.status === 'waiting') {
    return { my_status: 'waiting', my_waiting_position: await repo.waitingPosition(db, circleId, row.sortKey) };
  }
  return { my_status: null, my_waiting_position: null };
}

/**
 * Joins a circle: a member while there is room and nobody waits, else at the end of the waiting
 * list. Idempotent; a closed circle answers 409 CIRCLE_CLOSED, a removed reader 403 CIRCLE_REMOVED.
 */
export async function joinCircle(ctx: CirclesContext, actor: Actor, id: string): Promise<CircleMembership> {
  return ctx.db.transaction(async (tx) => {
    const circle = await visible(tx, id, actor, true);
    const current = await repo.findMembership(tx, id, actor.id);
    if (current?.status === 'member' || current?.status === 'waiting') return membershipOf(tx, id, actor.id);
    if (current?.status === 'removed') {
      throw new AppError('CIRCLE_REMOVED', undefined, { details: { reason: current.removedReason } });
    }
    if (circle.hostId === actor.id) throw new AppError('CIRCLE_HOST');
    if (circle.status !== 'open') throw new AppError('CIRCLE_CLOSED');
    const room = circle.memberCount < circle.capacity && (await repo.countWaiting(tx, id)) === 0;
    await repo.upsertMembership(tx, {
      circleId: id,
      userId: actor.id,
      status: room ? 'member' : 'waiting',
      sortKey: await repo.nextSortKey(tx, id),
    });
    return membershipOf(tx, id, actor.id);
  });
}

/** Leaves a circle (or its waiting list); a place freed goes to the first reader waiting. Idempotent. */
export async function leaveCircle(ctx: CirclesContext, actor: Actor, id: string): Promise<CircleMembership> {
  await ctx.db.transaction(async (tx) => {
    const circle = await visible(tx, id, actor, true);
    const current = await repo.findMembership(tx, id, actor.id);
    if (current?.status !== 'member' && current?.status !== 'waiting') return;
    await repo.setMembershipStatus(tx, id, actor.id, 'left');
    if (current.status === 'member') await promote(tx, circle);
  });
  return { my_status: null, my_waiting_position: null };
}

/**
 * A reader whose account is being deleted leaves every circle where they hold a seat, in the
 * deletion's transaction, so each place goes to the first reader waiting (the deletion itself
 * would only drop the row and leave the place empty while others wait).
 */
export async function releaseSeatsOfDepartingReader(tx: Queryable, userId: string): Promise<void> {
  for (const circleId of await repo.seatedCircleIds(tx, userId)) {
    const circle = await repo.lockCircle(tx, circleId);
    if (!circle) continue;
    await repo.setMembershipStatus(tx, circleId, userId, 'left');
    await promote(tx, circle);
  }
}

/** A moderator removes a member (or a reader waiting), who is told why and cannot rejoin. */
export async function removeMember(
  ctx: CirclesContext,
  actor: Actor,
  id: string,
  userId: string,
  reason: string | null,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const circle = await visible(tx, id, actor, true);
    if (!moderates(circle, actor)) throw new AppError('FORBIDDEN');
    const current = await repo.findMembership(tx, id, userId);
    if (current?.status !== 'member' && current?.status !== 'waiting') {
      throw new AppError('NOT_FOUND', 'Not a member of this circle');
    }
    await repo.setMembershipStatus(tx, id, userId, 'removed', reason);
    await tell(
      tx,
      userId,
      circle,
      'circles.notify.removedTitle',
      reason ? 'circles.notify.removedReasonMessage' : 'circles.notify.removedMessage',
      reason ? { reason } : {},
    );
    await insertAudit(tx, {
      actorId: actor.id,
      actionType: 'remove_circle_member',
      targetType: 'study_circle',
      targetId: id,
      metadata: { user_id: userId, reason, was: current.status },
      ipAddress: ctx.ip,
    });
    if (current.status === 'member') await promote(tx, circle);
  });
}

/* ------------------------------------------------------------ circles (staff) */

async function checkReferences(
  db: Queryable,
  input: { book_id?: string | null; guide_id?: string | null; host_id?: string | null },
): Promise<void> {
  if (input.book_id && !(await repo.bookExists(db, input.book_id))) {
    throw fieldError('book_id', CIRCLE_MESSAGES.bookInvalid);
  }
  if (input.guide_id && !(await repo.guideExists(db, input.guide_id))) {
    throw fieldError('guide_id', CIRCLE_MESSAGES.guideInvalid);
  }
  if (input.host_id && !(await repo.findActiveAccount(db, input.host_id))) {
    throw fieldError('host_id', CIRCLE_MESSAGES.hostInvalid);
  }
}

export async function createCircle(ctx: CirclesContext, actor: Actor, input: CreateInput): Promise<CircleDetail> {
  const id = await ctx.db.transaction(async (tx) => {
    await checkReferences(tx, input);
    const row = await repo.insertCircle(tx, {
      name: input.name,
      description: input.description ?? null,
      language: input.language,
      capacity: input.capacity,
      bookId: input.book_id ?? null,
      guideId: input.guide_id ?? null,
      hostId: input.host_id === undefined ? actor.id : input.host_id,
      status: input.status,
      createdBy: actor.id,
    });
    return row.id;
  });
  return getCircle(ctx.db, actor, id);
}

/**
 * Changes a circle. Moderators change name, description, language, book, guide and status; only
 * staff change host and capacity (403 otherwise). A raised capacity gives the new places to the
 * waiting list in order; a lowered one removes nobody.
 */
export async function updateCircle(
  ctx: CirclesContext,
  actor: Actor,
  id: string,
  patch: UpdateInput,
): Promise<CircleDetail> {
  await ctx.db.transaction(async (tx) => {
    const circle = await visible(tx, id, actor, true);
    if (!moderates(circle, actor)) throw new AppError('FORBIDDEN');
    if ((patch.capacity !== undefined || patch.host_id !== undefined) && !isStaff(actor)) {
      throw new AppError('FORBIDDEN', 'Only librarians change the host or the capacity.');
    }
    await checkReferences(tx, patch);
    const values: Partial<repo.CircleRow> = {};
    if (patch.name !== undefined) values.name = patch.name;
    if (patch.description !== undefined) values.description = patch.description;
    if (patch.language !== undefined) values.language = patch.language;
    if (patch.capacity !== undefined) values.capacity = patch.capacity;
    if (patch.book_id !== undefined) values.bookId = patch.book_id;
    if (patch.guide_id !== undefined) values.guideId = patch.guide_id;
    if (patch.host_id !== undefined) values.hostId = patch.host_id;
    if (patch.status !== undefined) values.status = patch.status;
    await repo.updateCircle(tx, id, values);
    if (patch.capacity !== undefined && patch.capacity > circle.capacity) {
      await promote(tx, { ...circle, ...values });
    }
  });
  return getCircle(ctx.db, actor, id);
}

/* ------------------------------------------------------------------ meetings */

async function moderated(tx: Queryable, id: string, actor: Actor): Promise<repo.CircleRow> {
  const circle = await visible(tx, id, actor);
  if (!moderates(circle, actor)) throw new AppError('FORBIDDEN');
  return circle;
}

export async function createMeeting(
  ctx: CirclesContext,
  actor: Actor,
  id: string,
  input: MeetingInput,
): Promise<CircleMeeting> {
  const { meeting, mailed } = await ctx.db.transaction(async (tx) => {
    const circle = await moderated(tx, id, actor);
    const row = await repo.insertMeeting(tx, {
      circleId: id,
      startsAt: new Date(input.starts_at),
      durationMinutes: input.duration_minutes,
      location: input.location ?? null,
      note: input.note ?? null,
    });
    return { meeting: row, mailed: await announceMeeting(ctx, tx, circle, row, 'new', actor.id) };
  });
  if (mailed) ctx.wakeMailer();
  return toMeeting(meeting);
}

export async function updateMeeting(
  ctx: CirclesContext,
  actor: Actor,
  id: string,
  meetingId: string,
  patch: MeetingPatch,
): Promise<CircleMeeting> {
  const { meeting, mailed } = await ctx.db.transaction(async (tx) => {
    const circle = await moderated(tx, id, actor);
    const current = await repo.findMeeting(tx, id, meetingId);
    if (!current) throw new AppError('NOT_FOUND', 'Meeting not found');
    if (current.cancelledAt) throw new AppError('CIRCLE_MEETING_CANCELLED');
    const values: Partial<repo.MeetingRow> = {};
    if (patch.starts_at !== undefined) values.startsAt = new Date(patch.starts_at);
    if (patch.duration_minutes !== undefined) values.durationMinutes = patch.duration_minutes;
    if (patch.location !== undefined) values.location = patch.location;
    if (patch.note !== undefined) values.note = patch.note;
    const row = await repo.updateMeeting(tx, meetingId, values);
    const moved =
      row.startsAt.getTime() !== current.startsAt.getTime() ||
      row.durationMinutes !== current.durationMinutes ||
      row.location !== current.location;
    return { meeting: row, mailed: moved ? await announceMeeting(ctx, tx, circle, row, 'changed', actor.id) : false };
  });
  if (mailed) ctx.wakeMailer();
  return toMeeting(meeting);
}

export async function cancelMeeting(
  ctx: CirclesContext,
  actor: Actor,
  id: string,
  meetingId: string,
): Promise<CircleMeeting> {
  const { meeting, mailed } = await ctx.db.transaction(async (tx) => {
    const circle = await moderated(tx, id, actor);
    const current = await repo.findMeeting(tx, id, meetingId);
    if (!current) throw new AppError('NOT_FOUND', 'Meeting not found');
    if (current.cancelledAt) return { meeting: current, mailed: false };
    const row = await repo.updateMeeting(tx, meetingId, { cancelledAt: new Date() });
    return { meeting: row, mailed: await announceMeeting(ctx, tx, circle, row, 'cancelled', actor.id) };
  });
  if (mailed) ctx.wakeMailer();
  return toMeeting(meeting);
}

/** The circle's upcoming meetings as a calendar (members and moderators). */
export async function calendarOf(db: Database, actor: Actor, id: string) {
  const circle = await visible(db, id, actor);
  await assertReader(db, circle, actor);
  return { circle, meetings: await repo.findUpcomingMeetings(db, id) };
}

/* ------------------------------------------------------------------- posts */

function encodeCursor(post: repo.PostView): string {
  return Buffer.from(`${post.cursorAt}|${post.id}`).toString('base64url');
}

function decodeCursor(cursor: string | undefined): { at: string; id: string } | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!at || !id || !uuid.test(id) || Number.isNaN(Date.parse(at))) {
    throw fieldError('before', 'validation.invalidInput');
  }
  return { at, id };
}

const excerpt = (body: string) =>
  body.length > CIRCLE_LIMITS.excerptMax ? `${body.slice(0, CIRCLE_LIMITS.excerptMax).trimEnd()}…` : body;

function toPost(post: repo.PostView, actor: Actor, moderator: boolean): CirclePost {
  const hidden = post.hiddenAt !== null;
  const mine = post.authorId === actor.id;
  const seesHidden = moderator;
  return {
    id: post.id,
    author: post.authorId ? { id: post.authorId, name: post.authorName ?? '' } : null,
    reply_to: post.replyTo
      ? {
          id: post.replyTo,
          author_name: post.replyAuthorName,
          excerpt: post.replyHidden && !seesHidden ? '' : excerpt(post.replyBody ?? ''),
        }
      : null,
    body: hidden && !seesHidden ? '' : post.body,
    created_at: iso(post.createdAt),
    edited_at: post.editedAt ? iso(post.editedAt) : null,
    hidden,
    hidden_reason: hidden && seesHidden ? post.hiddenReason : null,
    mine,
    can_edit: mine && !hidden,
    can_delete: mine || moderator,
    can_hide: moderator,
    can_report: !mine && !hidden,
  };
}

export async function listPosts(
  db: Database,
  actor: Actor,
  id: string,
  query: { before?: string; limit: number },
): Promise<CirclePostList> {
  const circle = await visible(db, id, actor);
  await assertReader(db, circle, actor);
  const rows = await repo.findPosts(db, id, decodeCursor(query.before), query.limit + 1);
  const page = rows.slice(0, query.limit);
  const oldest = page[page.length - 1];
  const moderator = moderates(circle, actor);
  return {
    items: page.reverse().map((post) => toPost(post, actor, moderator)),
    next_cursor: rows.length > query.limit && oldest ? encodeCursor(oldest) : null,
  };
}

async function postView(db: Queryable, circleId: string, postId: string): Promise<repo.PostView> {
  const [found] = await repo.findPosts(db, circleId, null, 1, postId);
  if (!found) throw new AppError('NOT_FOUND', 'Post not found');
  return found;
}

/** One post as the list shows it (after a change). */
async function onePost(db: Queryable, circle: repo.CircleRow, postId: string, actor: Actor): Promise<CirclePost> {
  return toPost(await postView(db, circle.id, postId), actor, moderates(circle, actor));
}

export async function createPost(ctx: CirclesContext, actor: Actor, id: string, input: PostInput): Promise<CirclePost> {
  const circle = await visible(ctx.db, id, actor);
  await assertReader(ctx.db, circle, actor);
  if (circle.status === 'archived') throw new AppError('CIRCLE_CLOSED');
  const limit = await consumeRateLimit(ctx.db, POST_RATE_LIMIT, actor.id);
  if (!limit.allowed) {
    throw new AppError('CIRCLE_POST_RATE_LIMITED', undefined, { details: { retry_after: limit.retryAfterSeconds } });
  }
  const post = await ctx.db.transaction(async (tx) => {
    const replied = input.reply_to ? await repo.findPost(tx, id, input.reply_to) : undefined;
    if (input.reply_to && !replied) throw fieldError('reply_to', 'validation.invalidInput');
    const row = await repo.insertPost(tx, {
      circleId: id,
      authorId: actor.id,
      replyTo: replied?.id ?? null,
      body: input.body,
    });
    if (replied?.authorId && replied.authorId !== actor.id) {
      const author = await repo.findRecipient(tx, replied.authorId);
      const stillReads =
        author?.status === 'active' &&
        (circle.hostId === author.id ||
          can(author.role as Actor['role'], 'books.edit') ||
          (await isMember(tx, id, author.id)));
      if (author && stillReads && readerChannels(author, 'circle_reply').in_app) {
        const me = await repo.findRecipient(tx, actor.id);
        const t = translator(localeOf(circle, author));
        await notifyUser(tx, {
          userId: author.id,
          title: t('circles.notify.replyTitle'),
          message: t('circles.notify.replyMessage', {
            name: me?.displayName || t('circles.notify.someone'),
            circle: circle.name,
          }),
          type: 'info',
          link: `${circlePath(id)}?post=${row.id}`,
        });
      }
    }
    return row;
  });
  return onePost(ctx.db, circle, post.id, actor);
}

/** The post, for its circle's readers; 404 when it is not in this circle. */
async function readablePost(db: Queryable, id: string, postId: string, actor: Actor, lock = false) {
  const circle = await visible(db, id, actor);
  const post = lock ? await repo.lockPost(db, id, postId) : await repo.findPost(db, id, postId);
  if (!post) throw new AppError('NOT_FOUND', 'Post not found');
  await assertReader(db, circle, actor);
  return { circle, post };
}

export async function editPost(
  db: Database,
  actor: Actor,
  id: string,
  postId: string,
  body: string,
): Promise<CirclePost> {
  const { circle } = await db.transaction(async (tx) => {
    const found = await readablePost(tx, id, postId, actor, true);
    if (found.post.authorId !== actor.id) throw new AppError('FORBIDDEN', 'Only its author edits a post.');
    if (found.post.hiddenAt) throw new AppError('CIRCLE_POST_HIDDEN');
    await repo.updatePost(tx, postId, { body, editedAt: new Date() });
    return found;
  });
  return onePost(db, circle, postId, actor);
}

/** The author deletes their post; a moderator deletes anyone's, which the audit log records. */
export async function deletePost(ctx: CirclesContext, actor: Actor, id: string, postId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { circle, post } = await readablePost(tx, id, postId, actor);
    if (post.authorId !== actor.id && !moderates(circle, actor)) throw new AppError('FORBIDDEN');
    await repo.deletePost(tx, postId);
    if (post.authorId === actor.id) return;
    await insertAudit(tx, {
      actorId: actor.id,
      actionType: 'delete_circle_post',
      targetType: 'study_circle',
      targetId: id,
      metadata: { post_id: postId, author_id: post.authorId, body: post.body },
      ipAddress: ctx.ip,
    });
  });
}

export async function setPostHidden(
  ctx: CirclesContext,
  actor: Actor,
  id: string,
  postId: string,
  hidden: boolean,
  reason: string | null,
): Promise<CirclePost> {
  const { circle } = await ctx.db.transaction(async (tx) => {
    const found = await readablePost(tx, id, postId, actor, true);
    if (!moderates(found.circle, actor)) throw new AppError('FORBIDDEN');
    const was = found.post.hiddenAt !== null;
    if (was !== hidden || (hidden && reason !== found.post.hiddenReason)) {
      await repo.updatePost(
        tx,
        postId,
        hidden
          ? { hiddenAt: new Date(), hiddenBy: actor.id, hiddenReason: reason }
          : { hiddenAt: null, hiddenBy: null, hiddenReason: null },
      );
      await insertAudit(tx, {
        actorId: actor.id,
        actionType: hidden ? 'hide_circle_post' : 'unhide_circle_post',
        targetType: 'study_circle',
        targetId: id,
        metadata: { post_id: postId, author_id: found.post.authorId, reason },
        ipAddress: ctx.ip,
      });
    }
    return found;
  });
  return onePost(ctx.db, circle, postId, actor);
}

/**
 * A reader reports a post: it goes to the staff feedback inbox (kind `post_report`) with the post's
 * text, its circle and a link to it. Once per reader per post (409 CIRCLE_POST_ALREADY_REPORTED).
 */
export async function reportPost(
  ctx: CirclesContext,
  actor: Actor,
  id: string,
  postId: string,
  reason: string,
): Promise<{ id: string }> {
  return ctx.db.transaction(async (tx) => {
    const { circle, post } = await readablePost(tx, id, postId, actor, true);
    if (post.authorId === actor.id) throw new AppError('FORBIDDEN', 'You cannot report your own post.');
    if (await repo.hasReported(tx, actor.id, postId)) throw new AppError('CIRCLE_POST_ALREADY_REPORTED');
    const [reporter, author] = await Promise.all([
      repo.findRecipient(tx, actor.id),
      post.authorId ? repo.findRecipient(tx, post.authorId) : Promise.resolve(undefined),
    ]);
    const reportId = await insertPostReport(tx, {
      userId: actor.id,
      name: reporter?.displayName ?? null,
      email: reporter?.email ?? null,
      language: ctx.locale,
      pageContext: `${circlePath(id)}?post=${postId}`,
      fields: {
        reason,
        post_id: postId,
        post_body: post.body,
        post_author_id: post.authorId,
        post_author_name: author?.displayName ?? null,
        circle_id: id,
        circle_name: circle.name,
      },
    });
    return { id: reportId };
  });
}

async function insertPostReport(
  tx: Queryable,
  values: {
    userId: string;
    name: string | null;
    email: string | null;
    language: Language;
    pageContext: string;
    fields: Record<string, unknown>;
  },
): Promise<string> {
  return insertFeedback(tx, { kind: 'post_report', ...values });
}
