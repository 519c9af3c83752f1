import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { books } from './catalogue.js';
import { createdAt, id, timestamps, updatedAt } from './columns.js';
import { userRef } from './user-ref.js';

/*
 * Study guides (ordered reading paths written by librarians, followed by readers) and study
 * circles (reading groups with meetings, members, a waiting list and a discussion).
 */

/** A reading path: its level is the catalogue's difficulty (introductory, intermediate, advanced). */
export const studyGuides = pgTable(
  'study_guides',
  {
    id: id(),
    titleEn: text('title_en'),
    titleAr: text('title_ar'),
    descriptionEn: text('description_en'),
    descriptionAr: text('description_ar'),
    level: text('level').notNull(),
    status: text('status').notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    authorId: userRef('author_id', { onDelete: 'set null' }),
    searchText: text('search_text').notNull().default(''),
    searchVersion: smallint('search_version').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    index('study_guides_status_published_idx').on(table.status, table.publishedAt.desc(), table.id),
    index('study_guides_search_text_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    check('study_guides_has_title', sql`${table.titleEn} is not null or ${table.titleAr} is not null`),
    check('study_guides_level', sql`${table.level} in ('introductory', 'intermediate', 'advanced')`),
    check('study_guides_status', sql`${table.status} in ('draft', 'published')`),
  ],
);

/** A step of a guide: a book, or a chapter of it, with why and what to read for. */
export const studyGuideSteps = pgTable(
  'study_guide_steps',
  {
    id: id(),
    guideId: uuid('guide_id')
      .notNull()
      .references(() => studyGuides.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    /** The part to read (a chapter, volume or pages), as written; null: the whole book. */
    chapter: text('chapter'),
    noteEn: text('note_en'),
    noteAr: text('note_ar'),
    ...timestamps(),
  },
  (table) => [
    index('study_guide_steps_order_idx').on(table.guideId, table.position),
    index('study_guide_steps_book_idx').on(table.bookId),
  ],
);

/** A reader following a guide: where they left off, for "resume" and My Imam. */
export const studyGuideFollows = pgTable(
  'study_guide_follows',
  {
    userId: userRef('user_id', { onDelete: 'cascade' }).notNull(),
    guideId: uuid('guide_id')
      .notNull()
      .references(() => studyGuides.id, { onDelete: 'cascade' }),
    lastStepId: uuid('last_step_id').references(() => studyGuideSteps.id, { onDelete: 'set null' }),
    startedAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.guideId] }),
    index('study_guide_follows_user_updated_idx').on(table.userId, table.updatedAt.desc()),
    index('study_guide_follows_guide_idx').on(table.guideId),
  ],
);

/** A step a reader marked done. */
export const studyGuideProgress = pgTable(
  'study_guide_progress',
  {
    userId: userRef('user_id', { onDelete: 'cascade' }).notNull(),
    stepId: uuid('step_id')
      .notNull()
      .references(() => studyGuideSteps.id, { onDelete: 'cascade' }),
    completedAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.stepId] }),
    index('study_guide_progress_step_idx').on(table.stepId),
  ],
);

/**
 * A reading group around a book or a guide, in one language, with a capacity. The host is a
 * librarian or a patron a librarian allowed; members beyond the capacity wait in `sort_key` order.
 */
export const studyCircles = pgTable(
  'study_circles',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    language: text('language').notNull(),
    bookId: uuid('book_id').references(() => books.id, { onDelete: 'set null' }),
    guideId: uuid('guide_id').references(() => studyGuides.id, { onDelete: 'set null' }),
    capacity: integer('capacity').notNull(),
    hostId: userRef('host_id', { onDelete: 'set null' }),
    status: text('status').notNull().default('open'),
    createdBy: userRef('created_by', { onDelete: 'set null' }),
    /** Members with status `member`, kept with the rows (capacity checks under a lock read it). */
    memberCount: integer('member_count').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    index('study_circles_status_updated_idx').on(table.status, table.updatedAt.desc(), table.id),
    index('study_circles_host_idx').on(table.hostId),
    index('study_circles_book_idx').on(table.bookId),
    index('study_circles_guide_idx').on(table.guideId),
    check('study_circles_language', sql`${table.language} in ('en', 'ar')`),
    check('study_circles_capacity', sql`${table.capacity} > 0`),
    check('study_circles_status', sql`${table.status} in ('open', 'closed', 'archived')`),
    check('study_circles_member_count', sql`${table.memberCount} >= 0`),
  ],
);

/** A meeting of a circle: when (shown in each reader's time zone, downloadable as .ics) and where. */
export const circleMeetings = pgTable(
  'circle_meetings',
  {
    id: id(),
    circleId: uuid('circle_id')
      .notNull()
      .references(() => studyCircles.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    /** A place or an online meeting link. */
    location: text('location'),
    note: text('note'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    index('circle_meetings_circle_starts_idx').on(table.circleId, table.startsAt),
    check('circle_meetings_duration', sql`${table.durationMinutes} > 0 and ${table.durationMinutes} <= 1440`),
  ],
);

/** Who is in a circle: members, the waiting list (in `sort_key` order), and who left or was removed. */
export const circleMembers = pgTable(
  'circle_members',
  {
    circleId: uuid('circle_id')
      .notNull()
      .references(() => studyCircles.id, { onDelete: 'cascade' }),
    userId: userRef('user_id', { onDelete: 'cascade' }).notNull(),
    status: text('status').notNull(),
    sortKey: bigint('sort_key', { mode: 'number' }).notNull(),
    joinedAt: createdAt(),
    updatedAt: updatedAt(),
    /** Why a host removed the member (they are told). */
    removedReason: text('removed_reason'),
  },
  (table) => [
    primaryKey({ columns: [table.circleId, table.userId] }),
    index('circle_members_circle_status_idx').on(table.circleId, table.status, table.sortKey),
    index('circle_members_user_idx').on(table.userId, table.status),
    check('circle_members_status', sql`${table.status} in ('member', 'waiting', 'left', 'removed')`),
  ],
);

/**
 * The circle's discussion: plain text (shown with dir="auto", never as HTML), a reply points at the
 * post it answers. The author edits or deletes their own; a host hides a post (kept, not shown).
 * A deleted account's posts stay without their author.
 */
export const circlePosts = pgTable(
  'circle_posts',
  {
    id: id(),
    circleId: uuid('circle_id')
      .notNull()
      .references(() => studyCircles.id, { onDelete: 'cascade' }),
    authorId: userRef('author_id', { onDelete: 'set null' }),
    replyTo: uuid('reply_to').references((): AnyPgColumn => circlePosts.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: userRef('hidden_by', { onDelete: 'set null' }),
    hiddenReason: text('hidden_reason'),
    createdAt: createdAt(),
  },
  (table) => [
    index('circle_posts_circle_created_idx').on(table.circleId, table.createdAt, table.id),
    index('circle_posts_author_idx').on(table.authorId, table.createdAt.desc()),
    index('circle_posts_reply_idx').on(table.replyTo),
  ],
);
