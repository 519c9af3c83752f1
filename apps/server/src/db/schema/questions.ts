import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { books, categories } from './catalogue.js';
import { createdAt, id, timestamps } from './columns.js';
import { userRef } from './user-ref.js';

/*
 * Ask a Librarian: a reader's question enters the librarians' queue (new → assigned → answered),
 * is answered in a thread the reader can reply to, and is resolved by the reader. With the
 * reader's consent, a librarian may publish it, anonymised and edited, as an FAQ entry.
 */

export const librarianQuestions = pgTable(
  'librarian_questions',
  {
    id: id(),
    /** The reader; a deleted account takes its questions with it (an FAQ entry is a separate copy). */
    userId: userRef('user_id', { onDelete: 'cascade' }).notNull(),
    topicId: uuid('topic_id').references(() => categories.id, { onDelete: 'set null' }),
    bookId: uuid('book_id').references(() => books.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    status: text('status').notNull().default('new'),
    assignedTo: userRef('assigned_to', { onDelete: 'set null' }),
    /** The language the reader asked in: notices and e-mail use it. */
    locale: text('locale').notNull().default('en'),
    /** The reader agrees that the answered question may be published, anonymised, in the FAQ. */
    publishConsent: boolean('publish_consent').notNull().default(false),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    index('librarian_questions_status_created_idx').on(table.status, table.createdAt, table.id),
    index('librarian_questions_user_created_idx').on(table.userId, table.createdAt.desc()),
    index('librarian_questions_assigned_idx').on(table.assignedTo, table.status),
    check('librarian_questions_status', sql`${table.status} in ('new', 'assigned', 'answered', 'resolved')`),
    check('librarian_questions_locale', sql`${table.locale} in ('en', 'ar')`),
  ],
);

/** A message of a question's thread: the reader's question and replies, the librarians' answers. */
export const questionMessages = pgTable(
  'question_messages',
  {
    id: id(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => librarianQuestions.id, { onDelete: 'cascade' }),
    authorId: userRef('author_id', { onDelete: 'set null' }),
    /** Whether a librarian wrote it (the author may be gone). */
    fromStaff: boolean('from_staff').notNull().default(false),
    body: text('body').notNull(),
    /** Catalogue books the message points to, shown as cards (ids; a missing book is skipped). */
    bookIds: jsonb('book_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (table) => [index('question_messages_question_created_idx').on(table.questionId, table.createdAt, table.id)],
);

/** A published answer: the question and answer as a librarian edited them, without the reader. */
export const faqEntries = pgTable(
  'faq_entries',
  {
    id: id(),
    /** The question it came from, while that still exists. */
    questionId: uuid('question_id').references(() => librarianQuestions.id, { onDelete: 'set null' }),
    topicId: uuid('topic_id').references(() => categories.id, { onDelete: 'set null' }),
    questionEn: text('question_en'),
    questionAr: text('question_ar'),
    answerEn: text('answer_en'),
    answerAr: text('answer_ar'),
    publishedBy: userRef('published_by', { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    searchText: text('search_text').notNull().default(''),
    searchVersion: smallint('search_version').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    index('faq_entries_published_idx').on(table.publishedAt.desc(), table.id),
    index('faq_entries_topic_idx').on(table.topicId),
    // The queue shows each question's entry, and a question's deletion clears its link: both look it up.
    index('faq_entries_question_idx').on(table.questionId, table.publishedAt.desc()),
    index('faq_entries_search_text_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    check('faq_entries_has_question', sql`${table.questionEn} is not null or ${table.questionAr} is not null`),
    check('faq_entries_has_answer', sql`${table.answerEn} is not null or ${table.answerAr} is not null`),
  ],
);
