import type { Language } from '@maktaba/shared/constants';
import { startOfUtcDay } from '@maktaba/shared/lending';
import { can } from '@maktaba/shared/permissions';
import { PUBLIC_BOOK_STATUS } from '@maktaba/shared/schemas/catalogue';
import {
  type AskInfo,
  type AskSettings,
  type FaqEntry,
  type FaqList,
  type FaqPublishSchema,
  type FaqQuery,
  type FaqUpdateSchema,
  type MyQuestionsQuery,
  QUESTION_DAILY_LIMIT,
  QUESTION_LIMITS,
  QUESTION_MESSAGES,
  type QuestionAnswerSchema,
  type QuestionAssign,
  type QuestionCreateSchema,
  type QuestionDetail,
  type QuestionList,
  type QuestionQueue,
  type QuestionQueueQuery,
  type QuestionStatus,
  type QuestionSummary,
  type QueueQuestion,
} from '@maktaba/shared/schemas/questions';
import { contentSearchWords, normalizeSearchText, searchTerms } from '@maktaba/shared/search-text';
import type { z } from 'zod';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import type { Queryable } from '../../db/queryable.js';
import { AppError } from '../../errors.js';
import { toBookSummary } from '../catalogue/catalogue.mapper.js';
import { enqueueEmail, type Transaction } from '../mail/outbox.js';
import { translator } from '../mail/templates.js';
import { notifyUser } from '../notifications/notifications.service.js';
import { readerChannels } from '../profiles/notification-channels.js';
import { insertAudit } from '../users/users.repository.js';
import * as repo from './questions.repository.js';

/*
 * Ask a Librarian. A question is its asker's and the librarians' (books.edit): anyone else gets
 * 404, as if it did not exist. The daily limit holds under concurrent requests: the day's count is
 * read after locking the reader's account row, so requests racing for the last place take turns.
 * Every change of a question happens with its row locked.
 */

export type QuestionsContext = {
  db: Database;
  wakeMailer: () => void;
  publicUrl: string;
  now?: () => Date;
};

type CreateInput = z.output<typeof QuestionCreateSchema>;
type AnswerInput = z.output<typeof QuestionAnswerSchema>;
type PublishInput = z.output<typeof FaqPublishSchema>;
type FaqUpdateInput = z.output<typeof FaqUpdateSchema>;

const notFound = () => new AppError('NOT_FOUND', 'Question not found');
const faqNotFound = () => new AppError('NOT_FOUND', 'FAQ entry not found');
const iso = (date: Date | string) => new Date(date).toISOString();
const isoOrNull = (date: Date | string | null) => (date ? iso(date) : null);
const isStaff = (actor: Actor) => can(actor.role, 'books.edit');
const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', undefined, { details: { fieldErrors: { [field]: [message] } } });

/** Where a reader reads a question's thread. */
export const questionPath = (id: string) => `/ask?question=${encodeURIComponent(id)}`;

function toSummary(row: repo.QuestionRow): QuestionSummary {
  return {
    id: row.id,
    subject: row.subject,
    status: row.status as QuestionStatus,
    topic:
      row.topicId && row.topicNameEn !== null && row.topicNameAr !== null
        ? { id: row.topicId, name: row.topicNameEn, name_ar: row.topicNameAr }
        : null,
    book: row.bookId ? { id: row.bookId, title: row.bookTitleEn, title_ar: row.bookTitleAr } : null,
    locale: row.locale === 'ar' ? 'ar' : 'en',
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    answered_at: isoOrNull(row.answeredAt),
    resolved_at: isoOrNull(row.resolvedAt),
    publish_consent: row.publishConsent,
    // The last message is a librarian's answer the reader has not replied to (nor resolved).
    unread: row.status === 'answered',
    message_count: row.messageCount,
  };
}

function toQueueItem(row: repo.QuestionRow): QueueQuestion {
  return {
    ...toSummary(row),
    asker_name: row.askerName,
    assigned_to: row.assignedTo ? { id: row.assignedTo, name: row.assigneeName } : null,
  };
}

/** The question as `actor` may see it; 404 for anyone but its asker and staff. */
async function readable(db: Queryable, id: string, actor: Actor): Promise<repo.QuestionRow> {
  const row = await repo.findQuestion(db, id);
  if (!row || (row.userId !== actor.id && !isStaff(actor))) throw notFound();
  return row;
}

async function detail(db: Queryable, row: repo.QuestionRow, actor: Actor): Promise<QuestionDetail> {
  const messages = await repo.findMessages(db, row.id);
  const bookIds = [...new Set(messages.flatMap((message) => message.bookIds ?? []))];
  const cards = await repo.findBookCards(db, bookIds);
  const staff = isStaff(actor);
  const visible = new Map(
    cards.filter((card) => card.status === PUBLIC_BOOK_STATUS || staff).map((card) => [card.id, toBookSummary(card)]),
  );
  return {
    ...toSummary(row),
    messages: messages.map((message) => ({
      id: message.id,
      from_staff: message.fromStaff,
      author_name: message.fromStaff ? message.authorName : null,
      body: message.body,
      books: (message.bookIds ?? []).flatMap((bookId) => {
        const card = visible.get(bookId);
        return card ? [card] : [];
      }),
      created_at: iso(message.createdAt),
    })),
    assigned_to: staff && row.assignedTo ? { id: row.assignedTo, name: row.assigneeName } : null,
    asker: staff ? { id: row.userId, name: row.askerName } : null,
    faq_entry_id: row.faqEntryId,
  };
}

async function fresh(db: Queryable, id: string, actor: Actor): Promise<QuestionDetail> {
  const row = await repo.findQuestion(db, id);
  if (!row) throw notFound();
  return detail(db, row, actor);
}

export async function getQuestion(db: Database, id: string, actor: Actor): Promise<QuestionDetail> {
  return detail(db, await readable(db, id, actor), actor);
}

// --- The reader ----------------------------------------------------------------------------------

export async function getAskSettings(db: Queryable): Promise<AskSettings> {
  const stored = await repo.findAskSettings(db);
  return { response_time_hours: stored?.response_time_hours ?? QUESTION_LIMITS.responseTimeDefault };
}

export async function askInfo(ctx: QuestionsContext, actor: Actor): Promise<AskInfo> {
  const now = ctx.now?.() ?? new Date();
  const [settings, askedToday] = await Promise.all([
    getAskSettings(ctx.db),
    repo.countAskedSince(ctx.db, actor.id, startOfUtcDay(now)),
  ]);
  return {
    response_time_hours: settings.response_time_hours,
    daily_limit: QUESTION_DAILY_LIMIT,
    asked_today: askedToday,
    limits: { subject_max: QUESTION_LIMITS.subjectMax, body_max: QUESTION_LIMITS.bodyMax },
  };
}

/** Only approved catalogue books may be named; 422 on `field` otherwise. */
async function ensureBooks(db: Queryable, ids: string[], field: string): Promise<void> {
  const statuses = await repo.findBookStatuses(db, ids);
  if (ids.some((id) => statuses.get(id) !== PUBLIC_BOOK_STATUS)) throw invalid(field, QUESTION_MESSAGES.unknownBook);
}

async function ensureTopic(db: Queryable, id: string | null | undefined): Promise<void> {
  if (id && !(await repo.categoryExists(db, id))) throw invalid('topic_id', QUESTION_MESSAGES.unknownTopic);
}

/** A new question (status new); 429 QUESTION_DAILY_LIMIT (details.limit) over the day's limit. */
export async function askQuestion(
  ctx: QuestionsContext,
  actor: Actor,
  input: CreateInput,
  locale: Language,
): Promise<QuestionDetail> {
  const now = ctx.now?.() ?? new Date();
  await ensureTopic(ctx.db, input.topic_id);
  if (input.book_id) await ensureBooks(ctx.db, [input.book_id], 'book_id');
  const created = await ctx.db.transaction(async (tx) => {
    await repo.lockAsker(tx, actor.id);
    if ((await repo.countAskedSince(tx, actor.id, startOfUtcDay(now))) >= QUESTION_DAILY_LIMIT) {
      throw new AppError('QUESTION_DAILY_LIMIT', undefined, { details: { limit: QUESTION_DAILY_LIMIT } });
    }
    const question = await repo.insertQuestion(tx, {
      userId: actor.id,
      topicId: input.topic_id ?? null,
      bookId: input.book_id ?? null,
      subject: input.subject,
      status: 'new',
      locale,
      publishConsent: input.publish_consent ?? false,
      createdAt: now,
      updatedAt: now,
    });
    await repo.insertMessage(tx, {
      questionId: question.id,
      authorId: actor.id,
      fromStaff: false,
      body: input.body,
      bookIds: [],
      createdAt: now,
    });
    return question;
  });
  return fresh(ctx.db, created.id, actor);
}

export async function listMine(db: Database, actor: Actor, query: MyQuestionsQuery): Promise<QuestionList> {
  const pageSize = QUESTION_LIMITS.pageSizeDefault;
  const { rows, total } = await repo.listQuestions(
    db,
    { userId: actor.id, status: query.status },
    'newest',
    pageSize,
    (query.page - 1) * pageSize,
  );
  return { items: rows.map(toSummary), total, page: query.page, page_size: pageSize };
}

/** Runs `work` on the caller's own question, its row locked; another's answers 404. */
async function withOwnQuestion<T>(
  db: Database,
  actor: Actor,
  id: string,
  work: (tx: Queryable, row: NonNullable<Awaited<ReturnType<typeof repo.lockQuestion>>>) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const row = await repo.lockQuestion(tx, id);
    if (!row || row.userId !== actor.id) throw notFound();
    return work(tx, row);
  });
}

/** The reader writes again: the question goes back to the queue (assigned if someone has it). */
export async function reply(db: Database, actor: Actor, id: string, body: string): Promise<QuestionDetail> {
  await withOwnQuestion(db, actor, id, async (tx, row) => {
    if (row.status === 'resolved') throw new AppError('QUESTION_RESOLVED');
    await repo.insertMessage(tx, { questionId: id, authorId: actor.id, fromStaff: false, body, bookIds: [] });
    await repo.updateQuestion(tx, id, { status: row.assignedTo ? 'assigned' : 'new' });
  });
  return fresh(db, id, actor);
}

export async function resolve(db: Database, actor: Actor, id: string): Promise<QuestionDetail> {
  await withOwnQuestion(db, actor, id, async (tx, row) => {
    if (row.status === 'resolved') return;
    await repo.updateQuestion(tx, id, { status: 'resolved', resolvedAt: new Date() });
  });
  return fresh(db, id, actor);
}

/**
 * A resolved question opens again: answered when a librarian wrote last, else back in the queue
 * (a reader's reply after the answer still waits for a librarian).
 */
export async function reopen(db: Database, actor: Actor, id: string): Promise<QuestionDetail> {
  await withOwnQuestion(db, actor, id, async (tx, row) => {
    if (row.status !== 'resolved') {
      throw new AppError('WRONG_STATE', 'Only a resolved question can be reopened.', {
        details: { status: row.status },
      });
    }
    const answered = row.answeredAt !== null && (await repo.lastMessageFromStaff(tx, id));
    const status = answered ? 'answered' : row.assignedTo ? 'assigned' : 'new';
    await repo.updateQuestion(tx, id, { status, resolvedAt: null });
  });
  return fresh(db, id, actor);
}

/** The reader's consent to publishing; withdrawing it removes the FAQ entry made from the question. */
export async function setConsent(db: Database, actor: Actor, id: string, consent: boolean): Promise<QuestionDetail> {
  await withOwnQuestion(db, actor, id, async (tx) => {
    await repo.updateQuestion(tx, id, { publishConsent: consent });
    if (!consent) await repo.deleteFaqOfQuestion(tx, id);
  });
  return fresh(db, id, actor);
}

// --- The librarians ------------------------------------------------------------------------------

export async function listQueue(db: Database, actor: Actor, query: QuestionQueueQuery): Promise<QuestionQueue> {
  const pageSize = QUESTION_LIMITS.pageSizeDefault;
  const filters: repo.QuestionFilters = {
    status: query.status,
    assignedTo: query.assigned === 'me' ? actor.id : query.assigned === 'none' ? null : undefined,
    q: query.q || undefined,
  };
  const waiting = query.status === 'new' || query.status === 'assigned';
  const [{ rows, total }, counts] = await Promise.all([
    repo.listQuestions(db, filters, waiting ? 'oldest' : 'newest', pageSize, (query.page - 1) * pageSize),
    repo.countByStatus(db, filters),
  ]);
  return {
    items: rows.map(toQueueItem),
    total,
    page: query.page,
    page_size: pageSize,
    counts: {
      new: counts.new ?? 0,
      assigned: counts.assigned ?? 0,
      answered: counts.answered ?? 0,
      resolved: counts.resolved ?? 0,
    },
  };
}

async function withQuestion<T>(
  db: Database,
  id: string,
  work: (tx: Transaction, row: NonNullable<Awaited<ReturnType<typeof repo.lockQuestion>>>) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const row = await repo.lockQuestion(tx, id);
    if (!row) throw notFound();
    return work(tx, row);
  });
}

/** Assigns the question to the caller or to another staff member (a new question becomes assigned). */
export async function assign(db: Database, actor: Actor, id: string, input: QuestionAssign): Promise<QuestionDetail> {
  const to = 'to' in input ? actor.id : input.user_id;
  if (to !== actor.id) {
    const person = await repo.findProfileRole(db, to);
    if (person?.status !== 'active' || !can(person.role as Actor['role'], 'books.edit')) {
      throw invalid('user_id', QUESTION_MESSAGES.assigneeNotStaff);
    }
  }
  await withQuestion(db, id, async (tx, row) => {
    await repo.updateQuestion(tx, id, { assignedTo: to, status: row.status === 'new' ? 'assigned' : row.status });
  });
  return fresh(db, id, actor);
}

export async function unassign(db: Database, actor: Actor, id: string): Promise<QuestionDetail> {
  await withQuestion(db, id, async (tx, row) => {
    await repo.updateQuestion(tx, id, { assignedTo: null, status: row.status === 'assigned' ? 'new' : row.status });
  });
  return fresh(db, id, actor);
}

/**
 * A librarian's answer: the question is answered (and theirs if nobody had it); the reader hears
 * of it in the app and by e-mail, as their notification choices for `question_answered` say, in
 * their language (their profile's, else the one they asked in).
 */
export async function answer(
  ctx: QuestionsContext,
  actor: Actor,
  id: string,
  input: AnswerInput,
): Promise<QuestionDetail> {
  const bookIds = [...new Set(input.book_ids ?? [])];
  await ensureBooks(ctx.db, bookIds, 'book_ids');
  const mailed = await withQuestion(ctx.db, id, async (tx, row) => {
    if (row.status === 'resolved') throw new AppError('QUESTION_RESOLVED');
    const now = new Date();
    await repo.insertMessage(tx, { questionId: id, authorId: actor.id, fromStaff: true, body: input.body, bookIds });
    await repo.updateQuestion(tx, id, {
      status: 'answered',
      answeredAt: now,
      assignedTo: row.assignedTo ?? actor.id,
    });
    const reader = await repo.findReader(tx, row.userId);
    const locale: Language = (reader?.preferredLanguage ?? row.locale) === 'ar' ? 'ar' : 'en';
    const t = translator(locale);
    const channels = readerChannels(reader, 'question_answered');
    const link = questionPath(id);
    if (channels.in_app) {
      await notifyUser(tx, {
        userId: row.userId,
        link,
        title: t('questions.notify.answeredTitle'),
        message: t('questions.notify.answeredMessage', { subject: row.subject }),
        type: 'info',
      });
    }
    if (reader?.email && channels.email) {
      await enqueueEmail(tx, {
        to: reader.email,
        locale,
        template: 'question_answered',
        data: { subject: row.subject, link: new URL(link, ctx.publicUrl).toString() },
      });
      return true;
    }
    return false;
  });
  if (mailed) ctx.wakeMailer();
  return fresh(ctx.db, id, actor);
}

// --- The FAQ -------------------------------------------------------------------------------------

function toFaq(row: repo.FaqRow): FaqEntry {
  return {
    id: row.id,
    question_en: row.questionEn,
    question_ar: row.questionAr,
    answer_en: row.answerEn,
    answer_ar: row.answerAr,
    topic:
      row.topicId && row.topicNameEn !== null && row.topicNameAr !== null
        ? { id: row.topicId, name: row.topicNameEn, name_ar: row.topicNameAr }
        : null,
    published_at: iso(row.publishedAt),
  };
}

/** The normalised words of an entry (both languages and its topic's names): `faq_entries.search_text`. */
async function faqValues(db: Queryable, entry: Omit<repo.FaqValues, 'searchText'>): Promise<repo.FaqValues> {
  const topic = await repo.findCategoryNames(db, entry.topicId);
  const text = [entry.questionEn, entry.questionAr, entry.answerEn, entry.answerAr, topic?.nameEn, topic?.nameAr]
    .filter((part): part is string => Boolean(part))
    .join(' ');
  return { ...entry, searchText: searchTerms(text).join(' ') };
}

/**
 * Publishes an answered question, as the librarian edited it, in the FAQ: only with the asker's
 * consent (409 QUESTION_NO_CONSENT), only once answered (409 WRONG_STATE). Publishing again
 * replaces the entry's texts.
 */
export async function publish(
  db: Database,
  actor: Actor,
  id: string,
  input: PublishInput,
  ipAddress: string | null,
): Promise<FaqEntry> {
  await ensureTopic(db, input.topic_id);
  const faqId = await withQuestion(db, id, async (tx, row) => {
    if (!row.publishConsent) throw new AppError('QUESTION_NO_CONSENT');
    if (row.status !== 'answered' && row.status !== 'resolved') {
      throw new AppError('WRONG_STATE', 'Only an answered question can be published.', {
        details: { status: row.status },
      });
    }
    const values = await faqValues(tx, {
      questionEn: input.question_en ?? null,
      questionAr: input.question_ar ?? null,
      answerEn: input.answer_en ?? null,
      answerAr: input.answer_ar ?? null,
      topicId: input.topic_id ?? row.topicId ?? null,
    });
    const existing = await repo.findFaqByQuestion(tx, id);
    let entryId: string;
    if (existing) {
      await repo.updateFaq(tx, existing.id, values);
      entryId = existing.id;
    } else {
      entryId = await repo.insertFaq(tx, { ...values, questionId: id, publishedBy: actor.id });
    }
    await insertAudit(tx, {
      actorId: actor.id,
      actionType: existing ? 'update_faq_entry' : 'publish_faq_entry',
      targetType: 'question',
      targetId: id,
      metadata: { faq_entry_id: entryId },
      ipAddress,
    });
    return entryId;
  });
  const entry = await repo.findFaq(db, faqId);
  if (!entry) throw faqNotFound();
  return toFaq(entry);
}

/** Changes an entry; it keeps a question and an answer in one language at least. */
export async function updateFaqEntry(
  db: Database,
  actor: Actor,
  id: string,
  patch: FaqUpdateInput,
  ipAddress: string | null,
): Promise<FaqEntry> {
  await ensureTopic(db, patch.topic_id);
  await db.transaction(async (tx) => {
    const current = await repo.findFaq(tx, id);
    if (!current) throw faqNotFound();
    const pick = <T>(given: T | undefined, before: T) => (given === undefined ? before : given);
    const next = {
      questionEn: pick(patch.question_en, current.questionEn) ?? null,
      questionAr: pick(patch.question_ar, current.questionAr) ?? null,
      answerEn: pick(patch.answer_en, current.answerEn) ?? null,
      answerAr: pick(patch.answer_ar, current.answerAr) ?? null,
      topicId: pick(patch.topic_id, current.topicId) ?? null,
    };
    if (!next.questionEn && !next.questionAr) throw invalid('question_en', QUESTION_MESSAGES.faqQuestionRequired);
    if (!next.answerEn && !next.answerAr) throw invalid('answer_en', QUESTION_MESSAGES.faqAnswerRequired);
    await repo.updateFaq(tx, id, await faqValues(tx, next));
    await insertAudit(tx, {
      actorId: actor.id,
      actionType: 'update_faq_entry',
      targetType: 'question',
      targetId: current.questionId ?? id,
      changes: Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)),
      metadata: { faq_entry_id: id },
      ipAddress,
    });
  });
  const entry = await repo.findFaq(db, id);
  if (!entry) throw faqNotFound();
  return toFaq(entry);
}

export async function deleteFaqEntry(db: Database, actor: Actor, id: string, ipAddress: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await repo.findFaq(tx, id);
    if (!current) throw faqNotFound();
    await repo.deleteFaq(tx, id);
    await insertAudit(tx, {
      actorId: actor.id,
      actionType: 'delete_faq_entry',
      targetType: 'question',
      targetId: current.questionId ?? id,
      metadata: { faq_entry_id: id },
      ipAddress,
    });
  });
}

export async function listFaq(db: Database, query: FaqQuery): Promise<FaqList> {
  const pageSize = QUESTION_LIMITS.pageSizeDefault;
  const { rows, total } = await repo.listFaq(
    db,
    { words: contentSearchWords(query.q), normalized: normalizeSearchText(query.q ?? ''), topicId: query.topic },
    pageSize,
    (query.page - 1) * pageSize,
  );
  return { items: rows.map(toFaq), total, page: query.page, page_size: pageSize };
}

// --- The setting ---------------------------------------------------------------------------------

export async function saveAskSettings(
  db: Database,
  actor: Actor,
  settings: AskSettings,
  ipAddress: string | null,
): Promise<AskSettings> {
  await db.transaction(async (tx) => {
    const before = await getAskSettings(tx);
    await repo.saveAskSettings(tx, settings);
    if (before.response_time_hours === settings.response_time_hours) return;
    await insertAudit(tx, {
      actorId: actor.id,
      actionType: 'update_ask_settings',
      targetType: 'settings',
      targetId: null,
      changes: { response_time_hours: settings.response_time_hours },
      metadata: { previous: { response_time_hours: before.response_time_hours } },
      ipAddress,
    });
  });
  return getAskSettings(db);
}
