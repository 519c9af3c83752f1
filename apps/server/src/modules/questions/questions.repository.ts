import type { QuestionStatus } from '@maktaba/shared/schemas/questions';
import { and, asc, count, desc, eq, gte, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { escapeLike } from '../../db/like.js';
import type { Queryable } from '../../db/queryable.js';
import {
  authUsers,
  books,
  categories,
  faqEntries,
  librarianQuestions,
  profiles,
  questionMessages,
} from '../../db/schema/index.js';
import { summaryColumns } from '../catalogue/catalogue.repository.js';
import { findAppSetting, writeAppSetting } from '../settings/app-settings.repository.js';

const askers = alias(profiles, 'asker');
const assignees = alias(profiles, 'assignee');

const questionColumns = {
  id: librarianQuestions.id,
  userId: librarianQuestions.userId,
  subject: librarianQuestions.subject,
  status: librarianQuestions.status,
  locale: librarianQuestions.locale,
  publishConsent: librarianQuestions.publishConsent,
  assignedTo: librarianQuestions.assignedTo,
  answeredAt: librarianQuestions.answeredAt,
  resolvedAt: librarianQuestions.resolvedAt,
  createdAt: librarianQuestions.createdAt,
  updatedAt: librarianQuestions.updatedAt,
  topicId: categories.id,
  topicNameEn: categories.nameEn,
  topicNameAr: categories.nameAr,
  bookId: books.id,
  bookTitleEn: books.titleEn,
  bookTitleAr: books.titleAr,
  askerName: askers.displayName,
  assigneeName: assignees.displayName,
  messageCount: sql<number>`(select count(*)::int from question_messages m where m.question_id = ${librarianQuestions.id})`,
  faqEntryId: sql<
    string | null
  >`(select f.id from faq_entries f where f.question_id = ${librarianQuestions.id} order by f.published_at desc limit 1)`,
};

export type QuestionRow = {
  id: string;
  userId: string;
  subject: string;
  status: string;
  locale: string;
  publishConsent: boolean;
  assignedTo: string | null;
  answeredAt: Date | null;
  resolvedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  topicId: string | null;
  topicNameEn: string | null;
  topicNameAr: string | null;
  bookId: string | null;
  bookTitleEn: string | null;
  bookTitleAr: string | null;
  askerName: string | null;
  assigneeName: string | null;
  messageCount: number;
  faqEntryId: string | null;
};

const selectQuestions = (db: Queryable) =>
  db
    .select(questionColumns)
    .from(librarianQuestions)
    .leftJoin(categories, eq(categories.id, librarianQuestions.topicId))
    .leftJoin(books, eq(books.id, librarianQuestions.bookId))
    .leftJoin(askers, eq(askers.id, librarianQuestions.userId))
    .leftJoin(assignees, eq(assignees.id, librarianQuestions.assignedTo));

export async function findQuestion(db: Queryable, id: string): Promise<QuestionRow | undefined> {
  const [row] = await selectQuestions(db).where(eq(librarianQuestions.id, id));
  return row;
}

/** The question's row, locked until the transaction ends (changes to one question take turns). */
export async function lockQuestion(db: Queryable, id: string) {
  const [row] = await db.select().from(librarianQuestions).where(eq(librarianQuestions.id, id)).for('update');
  return row;
}

/**
 * Locks the reader's account row until the transaction ends: two questions asked at once by one
 * reader take turns, so the day's count each sees is the one it adds to.
 */
export async function lockAsker(db: Queryable, userId: string): Promise<void> {
  await db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.id, userId)).for('no key update');
}

export async function countAskedSince(db: Queryable, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(librarianQuestions)
    .where(and(eq(librarianQuestions.userId, userId), gte(librarianQuestions.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertQuestion(
  db: Queryable,
  values: typeof librarianQuestions.$inferInsert,
): Promise<{ id: string }> {
  const [row] = await db.insert(librarianQuestions).values(values).returning({ id: librarianQuestions.id });
  return row as { id: string };
}

export async function updateQuestion(
  db: Queryable,
  id: string,
  values: Partial<typeof librarianQuestions.$inferInsert>,
): Promise<void> {
  await db
    .update(librarianQuestions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(librarianQuestions.id, id));
}

export async function insertMessage(db: Queryable, values: typeof questionMessages.$inferInsert): Promise<void> {
  await db.insert(questionMessages).values(values);
}

export type MessageRow = {
  id: string;
  authorId: string | null;
  authorName: string | null;
  fromStaff: boolean;
  body: string;
  bookIds: string[];
  createdAt: Date;
};

/** Whether the thread's latest message is a librarian's. */
export async function lastMessageFromStaff(db: Queryable, questionId: string): Promise<boolean> {
  const [row] = await db
    .select({ fromStaff: questionMessages.fromStaff })
    .from(questionMessages)
    .where(eq(questionMessages.questionId, questionId))
    .orderBy(desc(questionMessages.createdAt), desc(questionMessages.id))
    .limit(1);
  return row?.fromStaff ?? false;
}

export async function findMessages(db: Queryable, questionId: string): Promise<MessageRow[]> {
  return db
    .select({
      id: questionMessages.id,
      authorId: questionMessages.authorId,
      authorName: profiles.displayName,
      fromStaff: questionMessages.fromStaff,
      body: questionMessages.body,
      bookIds: questionMessages.bookIds,
      createdAt: questionMessages.createdAt,
    })
    .from(questionMessages)
    .leftJoin(profiles, eq(profiles.id, questionMessages.authorId))
    .where(eq(questionMessages.questionId, questionId))
    .orderBy(asc(questionMessages.createdAt), asc(questionMessages.id));
}

/** Catalogue cards for these books, with their status (the caller skips what the viewer may not see). */
export async function findBookCards(db: Queryable, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ ...summaryColumns, status: books.status })
    .from(books)
    .where(inArray(books.id, ids));
}

export async function findBookStatuses(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: books.id, status: books.status }).from(books).where(inArray(books.id, ids));
  return new Map(rows.map((row) => [row.id, row.status]));
}

export async function categoryExists(db: Queryable, id: string): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  return Boolean(row);
}

export type QuestionFilters = {
  userId?: string;
  status?: QuestionStatus;
  assignedTo?: string | null;
  q?: string;
};

function conditionsOf(filters: QuestionFilters, withStatus: boolean): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.userId) conditions.push(eq(librarianQuestions.userId, filters.userId));
  if (withStatus && filters.status) conditions.push(eq(librarianQuestions.status, filters.status));
  if (filters.assignedTo === null) conditions.push(isNull(librarianQuestions.assignedTo));
  else if (filters.assignedTo) conditions.push(eq(librarianQuestions.assignedTo, filters.assignedTo));
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q)}%`;
    conditions.push(
      or(
        sql`${librarianQuestions.subject} ilike ${pattern}`,
        sql`${askers.displayName} ilike ${pattern}`,
        sql`exists (select 1 from question_messages m where m.question_id = ${librarianQuestions.id} and m.body ilike ${pattern})`,
      ) as SQL,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function listQuestions(
  db: Queryable,
  filters: QuestionFilters,
  order: 'oldest' | 'newest',
  limit: number,
  offset: number,
): Promise<{ rows: QuestionRow[]; total: number }> {
  const where = conditionsOf(filters, true);
  const ordering =
    order === 'oldest'
      ? [asc(librarianQuestions.updatedAt), asc(librarianQuestions.id)]
      : [desc(librarianQuestions.updatedAt), asc(librarianQuestions.id)];
  const [rows, [total]] = await Promise.all([
    selectQuestions(db)
      .where(where)
      .orderBy(...ordering)
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(librarianQuestions)
      .leftJoin(askers, eq(askers.id, librarianQuestions.userId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** How many questions in each status, under the same filters but the status. */
export async function countByStatus(db: Queryable, filters: QuestionFilters): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: librarianQuestions.status, n: count() })
    .from(librarianQuestions)
    .leftJoin(askers, eq(askers.id, librarianQuestions.userId))
    .where(conditionsOf(filters, false))
    .groupBy(librarianQuestions.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

/** The reader's profile and address, for the notice of an answer. */
export async function findReader(db: Queryable, userId: string) {
  const [row] = await db
    .select({
      id: profiles.id,
      email: authUsers.email,
      preferredLanguage: profiles.preferredLanguage,
      notificationPreferences: profiles.notificationPreferences,
    })
    .from(profiles)
    .innerJoin(authUsers, eq(authUsers.id, profiles.id))
    .where(eq(profiles.id, userId));
  return row;
}

export async function findProfileRole(db: Queryable, userId: string) {
  const [row] = await db
    .select({ id: profiles.id, role: profiles.role, status: profiles.status })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row;
}

// --- FAQ -----------------------------------------------------------------------------------------

const faqColumns = {
  id: faqEntries.id,
  questionId: faqEntries.questionId,
  questionEn: faqEntries.questionEn,
  questionAr: faqEntries.questionAr,
  answerEn: faqEntries.answerEn,
  answerAr: faqEntries.answerAr,
  publishedAt: faqEntries.publishedAt,
  topicId: categories.id,
  topicNameEn: categories.nameEn,
  topicNameAr: categories.nameAr,
};

export type FaqRow = {
  id: string;
  questionId: string | null;
  questionEn: string | null;
  questionAr: string | null;
  answerEn: string | null;
  answerAr: string | null;
  publishedAt: Date;
  topicId: string | null;
  topicNameEn: string | null;
  topicNameAr: string | null;
};

const selectFaq = (db: Queryable) =>
  db.select(faqColumns).from(faqEntries).leftJoin(categories, eq(categories.id, faqEntries.topicId));

export async function findFaq(db: Queryable, id: string): Promise<FaqRow | undefined> {
  const [row] = await selectFaq(db).where(eq(faqEntries.id, id));
  return row;
}

export async function findFaqByQuestion(db: Queryable, questionId: string): Promise<FaqRow | undefined> {
  const [row] = await selectFaq(db).where(eq(faqEntries.questionId, questionId));
  return row;
}

export async function findCategoryNames(db: Queryable, id: string | null) {
  if (!id) return undefined;
  const [row] = await db
    .select({ nameEn: categories.nameEn, nameAr: categories.nameAr })
    .from(categories)
    .where(eq(categories.id, id));
  return row;
}

export type FaqValues = {
  questionEn: string | null;
  questionAr: string | null;
  answerEn: string | null;
  answerAr: string | null;
  topicId: string | null;
  searchText: string;
};

export async function insertFaq(
  db: Queryable,
  values: FaqValues & { questionId: string; publishedBy: string },
): Promise<string> {
  const [row] = await db
    .insert(faqEntries)
    .values({ ...values, searchVersion: 1 })
    .returning({ id: faqEntries.id });
  return (row as { id: string }).id;
}

export async function updateFaq(db: Queryable, id: string, values: FaqValues): Promise<void> {
  await db
    .update(faqEntries)
    .set({ ...values, searchVersion: 1, updatedAt: new Date() })
    .where(eq(faqEntries.id, id));
}

export async function deleteFaq(db: Queryable, id: string): Promise<void> {
  await db.delete(faqEntries).where(eq(faqEntries.id, id));
}

/** Removes the FAQ entries made from a question; their ids. */
export async function deleteFaqOfQuestion(db: Queryable, questionId: string): Promise<string[]> {
  const rows = await db
    .delete(faqEntries)
    .where(eq(faqEntries.questionId, questionId))
    .returning({ id: faqEntries.id });
  return rows.map((row) => row.id);
}

/** Published entries; by relevance when searching (each word found at a word's start), else newest first. */
export async function listFaq(
  db: Queryable,
  filters: { words: string[]; normalized: string; topicId?: string },
  limit: number,
  offset: number,
): Promise<{ rows: FaqRow[]; total: number }> {
  const conditions: SQL[] = [];
  for (const word of filters.words) {
    conditions.push(sql`(' ' || ${faqEntries.searchText}) like ${`% ${escapeLike(word)}%`}`);
  }
  if (filters.topicId) conditions.push(eq(faqEntries.topicId, filters.topicId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const order =
    filters.words.length > 0
      ? [
          sql`(case when (' ' || ${faqEntries.searchText} || ' ') like ${`% ${escapeLike(filters.normalized)} %`} then 1 else 0 end) desc`,
          sql`similarity(${faqEntries.searchText}, ${filters.normalized}) desc`,
          desc(faqEntries.publishedAt),
          asc(faqEntries.id),
        ]
      : [desc(faqEntries.publishedAt), asc(faqEntries.id)];
  const [rows, [total]] = await Promise.all([
    selectFaq(db)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(faqEntries).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// --- Setting -------------------------------------------------------------------------------------

const SETTINGS_KEY = 'ask';

export async function findAskSettings(db: Queryable): Promise<{ response_time_hours?: number } | undefined> {
  return findAppSetting<{ response_time_hours: number }>(db, SETTINGS_KEY);
}

export async function saveAskSettings(db: Queryable, value: { response_time_hours: number }): Promise<void> {
  await writeAppSetting(db, SETTINGS_KEY, value);
}
