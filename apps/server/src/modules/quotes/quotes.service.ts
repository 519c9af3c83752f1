import type { Language } from '@maktaba/shared/constants';
import { can } from '@maktaba/shared/permissions';
import {
  type FeaturedQuotes,
  QUOTE_LIMITS,
  type Quote,
  type QuoteFacets,
  type QuoteInputParsed,
  type QuoteList,
  type QuoteListQuery,
  type QuotePageQuery,
  type QuoteReviewQuery,
  type QuoteToday,
  type QuoteUpdateParsed,
} from '@maktaba/shared/schemas/quotes';
import { contentSearchWords, normalizeSearchText } from '@maktaba/shared/search-text';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import type { Queryable } from '../../db/queryable.js';
import { AppError } from '../../errors.js';
import type { RequestMetadata } from '../../request-metadata.js';
import { pickLocale } from '../mail/locale.js';
import { translator } from '../mail/templates.js';
import { notifyUser } from '../notifications/notifications.service.js';
import { insertAudit } from '../users/users.repository.js';
import * as repo from './quotes.repository.js';

const iso = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

const isStaff = (actor: Actor | null) =>
  !!actor && (can(actor.role, 'quotes.approve') || can(actor.role, 'quotes.edit'));

/** A quote as the API answers it; the contributor and the review note only to the contributor and staff. */
export function toQuote(row: repo.QuoteRow, viewer: Actor | null): Quote {
  const privy = isStaff(viewer) || (!!viewer && viewer.id === row.created_by);
  const topics = typeof row.topics === 'string' ? JSON.parse(row.topics) : row.topics;
  return {
    id: row.id,
    text_en: row.text_en,
    text_ar: row.text_ar,
    speaker_en: row.speaker_en,
    speaker_ar: row.speaker_ar,
    author: row.author_id ? { id: row.author_id, name_en: row.author_name_en, name_ar: row.author_name_ar } : null,
    scholar: row.scholar_id ? { id: row.scholar_id, name_en: row.scholar_name_en, name_ar: row.scholar_name_ar } : null,
    source_title: row.source_title,
    source_book: row.source_book_id
      ? { id: row.source_book_id, title_en: row.book_title_en, title_ar: row.book_title_ar }
      : null,
    source_reference: row.source_reference,
    translator: row.translator,
    source_url: row.source_url,
    topics,
    status: row.status,
    featured: row.featured,
    saved: row.saved,
    contributor: privy && row.created_by ? { id: row.created_by, display_name: row.contributor_name ?? null } : null,
    review_note: privy ? row.review_note : null,
    created_at: iso(row.created_at) ?? '',
    approved_at: iso(row.approved_at),
  };
}

const notFound = () => new AppError('NOT_FOUND', 'No such quote.');
const wrongState = (status: string) =>
  new AppError('WRONG_STATE', 'The quote is not in a state that allows this.', { details: { status } });

/** Whether `actor` may see the quote at all: approved to anyone signed in, else its contributor and editors. */
function canSee(row: { status: string; created_by: string | null }, actor: Actor): boolean {
  return row.status === 'approved' || row.created_by === actor.id || can(actor.role, 'quotes.edit');
}

async function visibleQuote(db: Queryable, actor: Actor, id: string): Promise<repo.QuoteRow> {
  const row = await repo.findQuote(db, id, actor.id);
  if (!row || !canSee(row, actor)) throw notFound();
  return row;
}

export async function getQuote(db: Queryable, actor: Actor, id: string): Promise<Quote> {
  return toQuote(await visibleQuote(db, actor, id), actor);
}

const list = (
  result: { rows: repo.QuoteRow[]; total: number },
  viewer: Actor,
  paging: { limit: number; offset: number },
): QuoteList => ({
  items: result.rows.map((row) => toQuote(row, viewer)),
  total: result.total,
  limit: paging.limit,
  offset: paging.offset,
});

export async function listQuotes(db: Queryable, actor: Actor, query: QuoteListQuery): Promise<QuoteList> {
  const words = contentSearchWords(query.q);
  const result = await repo.listApproved(
    db,
    actor.id,
    {
      words,
      normalized: normalizeSearchText(query.q ?? ''),
      speaker: query.speaker || undefined,
      source: query.source || undefined,
      topic: query.topic || undefined,
    },
    query.limit,
    query.offset,
  );
  return list(result, actor, query);
}

export async function listMine(db: Queryable, actor: Actor, query: QuotePageQuery): Promise<QuoteList> {
  return list(await repo.listByContributor(db, actor.id, query.limit, query.offset), actor, query);
}

export async function listSavedQuotes(db: Queryable, actor: Actor, query: QuotePageQuery): Promise<QuoteList> {
  return list(await repo.listSaved(db, actor.id, query.limit, query.offset), actor, query);
}

export async function listReview(db: Queryable, actor: Actor, query: QuoteReviewQuery): Promise<QuoteList> {
  return list(await repo.listForReview(db, actor.id, query.status, query.limit, query.offset), actor, query);
}

export async function quoteFacets(db: Queryable): Promise<QuoteFacets> {
  const { speakers, sources, topics } = await repo.facets(db);
  return {
    speakers: speakers.map((row) => ({
      value: row.value,
      label: row.label ?? row.label_ar ?? '',
      label_ar: row.label_ar,
      count: row.count,
    })),
    sources: sources.map((row) => ({ value: row.value, label: row.label ?? '', count: row.count })),
    topics,
  };
}

/** The calendar day in `timeZone` (an unknown zone counts as UTC), as YYYY-MM-DD. */
export function dayIn(timeZone: string | undefined, now: Date = new Date()): string {
  let zone = 'UTC';
  if (timeZone) {
    try {
      new Intl.DateTimeFormat('en', { timeZone });
      zone = timeZone;
    } catch {
      zone = 'UTC';
    }
  }
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(now)
    .reduce<Record<string, string>>((all, part) => {
      all[part.type] = part.value;
      return all;
    }, {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** A stable index for a day (FNV-1a of the date): the same quote for everyone on that day. */
export function dayIndex(date: string, count: number): number {
  let hash = 0x811c9dc5;
  for (const char of date) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return count > 0 ? hash % count : 0;
}

export async function quoteOfTheDay(
  db: Queryable,
  actor: Actor,
  timeZone: string | undefined,
  now: Date = new Date(),
): Promise<QuoteToday> {
  const date = dayIn(timeZone, now);
  const count = await repo.countApproved(db);
  if (count === 0) return { date, quote: null };
  const row = await repo.findApprovedAt(db, actor.id, dayIndex(date, count));
  return { date, quote: row ? toQuote(row, actor) : null };
}

/** The sign-in carousel's quotes, in its own field names. */
export async function featuredQuotes(db: Queryable): Promise<FeaturedQuotes> {
  const rows = await repo.listFeatured(db, QUOTE_LIMITS.featuredMax);
  return {
    items: rows.map((row) => ({
      id: row.id,
      quote: row.text_en,
      arabicQuote: row.text_ar,
      author:
        row.speaker_en ?? row.author_name_en ?? row.scholar_name_en ?? row.speaker_ar ?? row.author_name_ar ?? null,
      source:
        [row.source_title ?? row.book_title_en ?? row.book_title_ar, row.source_reference].filter(Boolean).join(', ') ||
        null,
    })),
  };
}

// ——— Writes ———

type Links = {
  author_id?: string | null;
  scholar_id?: string | null;
  source_book_id?: string | null;
  topic_ids?: string[];
};

/** Linked records must exist: an unknown id is a 422 on its field. */
async function assertLinks(db: Queryable, input: Links): Promise<void> {
  const fieldErrors: Record<string, string[]> = {};
  const check = async (field: string, table: 'authors' | 'scholars' | 'books' | 'categories', ids: string[]) => {
    if (ids.length === 0) return;
    const found = await repo.existingIds(db, table, ids);
    if (ids.some((id) => !found.has(id))) fieldErrors[field] = ['quotes.validation.unknownLink'];
  };
  await Promise.all([
    check('author_id', 'authors', input.author_id ? [input.author_id] : []),
    check('scholar_id', 'scholars', input.scholar_id ? [input.scholar_id] : []),
    check('source_book_id', 'books', input.source_book_id ? [input.source_book_id] : []),
    check('topic_ids', 'categories', input.topic_ids ?? []),
  ]);
  if (Object.keys(fieldErrors).length > 0) {
    throw new AppError('VALIDATION_FAILED', undefined, { details: { fieldErrors } });
  }
}

type Fields = {
  textEn: string | null;
  textAr: string | null;
  speakerEn: string | null;
  speakerAr: string | null;
  authorId: string | null;
  scholarId: string | null;
  sourceTitle: string | null;
  sourceBookId: string | null;
  sourceReference: string | null;
  translator: string | null;
  sourceUrl: string | null;
};

/** The search text of a quote's fields, with the names and title it links to. */
export async function searchTextOf(db: Queryable, fields: Fields): Promise<string> {
  const names = await repo.linkedNames(db, fields);
  return repo.quoteSearchText([
    fields.textEn,
    fields.textAr,
    fields.speakerEn,
    fields.speakerAr,
    ...(names.author ?? []),
    ...(names.scholar ?? []),
    fields.sourceTitle,
    ...(names.book ?? []),
    fields.sourceReference,
    fields.translator,
  ]);
}

function fieldsOf(input: QuoteUpdateParsed, current?: Fields): Fields {
  const pick = <K extends keyof Fields>(key: K, value: Fields[K] | undefined): Fields[K] =>
    value === undefined ? (current?.[key] ?? null) : value;
  return {
    textEn: pick('textEn', input.text_en),
    textAr: pick('textAr', input.text_ar),
    speakerEn: pick('speakerEn', input.speaker_en),
    speakerAr: pick('speakerAr', input.speaker_ar),
    authorId: pick('authorId', input.author_id),
    scholarId: pick('scholarId', input.scholar_id),
    sourceTitle: pick('sourceTitle', input.source_title),
    sourceBookId: pick('sourceBookId', input.source_book_id),
    sourceReference: pick('sourceReference', input.source_reference),
    translator: pick('translator', input.translator),
    sourceUrl: pick('sourceUrl', input.source_url),
  };
}

export async function createQuote(db: Database, actor: Actor, input: QuoteInputParsed): Promise<Quote> {
  let status: 'draft' | 'pending' | 'approved' = input.status ?? (input.submit === false ? 'draft' : 'pending');
  if (input.submit === false && status !== 'approved') status = 'draft';
  if (status === 'approved' && !can(actor.role, 'quotes.approve')) {
    throw new AppError('FORBIDDEN', 'Only librarians may add a quote as approved.');
  }
  await assertLinks(db, input);
  const fields = fieldsOf(input);
  if (!fields.textEn && !fields.textAr) throw new AppError('QUOTE_TEXT_REQUIRED');
  const id = await db.transaction(async (tx) => {
    const quoteId = await repo.insertQuote(tx, {
      ...fields,
      status,
      createdBy: actor.id,
      ...(status === 'approved' ? { approvedAt: new Date(), reviewedBy: actor.id, reviewedAt: new Date() } : {}),
      searchText: await searchTextOf(tx, fields),
      searchVersion: 1,
    });
    if (input.topic_ids) await repo.replaceTopics(tx, quoteId, input.topic_ids);
    return quoteId;
  });
  return getQuote(db, actor, id);
}

function currentFields(row: repo.QuoteRow): Fields {
  return {
    textEn: row.text_en,
    textAr: row.text_ar,
    speakerEn: row.speaker_en,
    speakerAr: row.speaker_ar,
    authorId: row.author_id,
    scholarId: row.scholar_id,
    sourceTitle: row.source_title,
    sourceBookId: row.source_book_id,
    sourceReference: row.source_reference,
    translator: row.translator,
    sourceUrl: row.source_url,
  };
}

/**
 * Editors change any quote; its contributor changes it while it is a draft or pending (saving with
 * `submit: true` sends it for review again, `submit: false` keeps it as a draft). Anyone else: 404.
 */
export async function updateQuote(db: Database, actor: Actor, id: string, input: QuoteUpdateParsed): Promise<Quote> {
  const row = await repo.findQuote(db, id, actor.id);
  const editor = can(actor.role, 'quotes.edit');
  if (!row || !(editor || row.created_by === actor.id)) throw notFound();
  if (!editor && row.status !== 'draft' && row.status !== 'pending') throw wrongState(row.status);
  await assertLinks(db, input);
  const fields = fieldsOf(input, currentFields(row));
  if (!fields.textEn && !fields.textAr) throw new AppError('QUOTE_TEXT_REQUIRED');
  const statusChange =
    row.status === 'draft' || row.status === 'pending'
      ? input.submit === true
        ? { status: 'pending', reviewNote: null }
        : input.submit === false
          ? { status: 'draft' }
          : {}
      : {};
  await db.transaction(async (tx) => {
    await repo.updateQuote(tx, id, {
      ...fields,
      ...statusChange,
      searchText: await searchTextOf(tx, fields),
      searchVersion: 1,
    });
    if (input.topic_ids) await repo.replaceTopics(tx, id, input.topic_ids);
  });
  return getQuote(db, actor, id);
}

const EXCERPT = 80;
function excerptOf(row: repo.QuoteRow, locale: Language): string {
  const text = (locale === 'ar' ? (row.text_ar ?? row.text_en) : (row.text_en ?? row.text_ar)) ?? '';
  return text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1).trimEnd()}…` : text;
}

/** The contributor hears of the review in their language (their profile's, else the request's). */
async function tellContributor(
  db: Queryable,
  row: repo.QuoteRow,
  actor: Actor,
  request: RequestMetadata,
  outcome: { approved: true } | { approved: false; note: string },
): Promise<void> {
  if (!row.created_by || row.created_by === actor.id) return;
  const locale: Language =
    row.contributor_language === 'ar' || row.contributor_language === 'en'
      ? row.contributor_language
      : pickLocale(undefined, request.acceptLanguage);
  const t = translator(locale);
  const excerpt = excerptOf(row, locale);
  await notifyUser(
    db,
    outcome.approved
      ? {
          userId: row.created_by,
          title: t('quotes.notifications.approvedTitle'),
          message: t('quotes.notifications.approvedMessage', { excerpt, interpolation: { escapeValue: false } }),
          type: 'success',
          link: `/quotes/${row.id}`,
        }
      : {
          userId: row.created_by,
          title: t('quotes.notifications.returnedTitle'),
          message: t('quotes.notifications.returnedMessage', {
            excerpt,
            note: outcome.note,
            interpolation: { escapeValue: false },
          }),
          type: 'info',
          link: '/quotes?tab=mine',
        },
  );
}

/** A quote as the audit log names it: the start of each text. */
function quoteLabel(row: { text_en: string | null; text_ar: string | null }) {
  const start = (text: string | null) => (text && text.length > 80 ? `${text.slice(0, 79)}…` : text);
  return { en: start(row.text_en ?? row.text_ar), ar: start(row.text_ar ?? row.text_en) };
}

/** A librarian's decision on a quote, in the audit log, in the transaction that made it. */
function auditQuote(
  tx: Queryable,
  actor: Actor,
  request: RequestMetadata,
  action:
    | 'approve_quote'
    | 'return_quote'
    | 'archive_quote'
    | 'restore_quote'
    | 'feature_quote'
    | 'unfeature_quote'
    | 'delete_quote',
  row: repo.QuoteRow,
  metadata: Record<string, unknown> = {},
) {
  return insertAudit(tx, {
    actorId: actor.id,
    actionType: action,
    targetType: 'quote',
    targetId: row.id,
    ipAddress: request.clientIp ?? null,
    metadata: { label: quoteLabel(row), ...metadata },
  });
}

export async function approveQuote(db: Database, actor: Actor, id: string, request: RequestMetadata): Promise<Quote> {
  const row = await repo.findQuote(db, id, actor.id);
  if (!row) throw notFound();
  await db.transaction(async (tx) => {
    const moved = await repo.transition(tx, id, ['pending'], {
      status: 'approved',
      approvedAt: new Date(),
      reviewedBy: actor.id,
      reviewedAt: new Date(),
      reviewNote: null,
    });
    if (!moved) throw wrongState(row.status);
    await auditQuote(tx, actor, request, 'approve_quote', row);
    await tellContributor(tx, row, actor, request, { approved: true });
  });
  return getQuote(db, actor, id);
}

export async function returnQuote(
  db: Database,
  actor: Actor,
  id: string,
  note: string,
  request: RequestMetadata,
): Promise<Quote> {
  const row = await repo.findQuote(db, id, actor.id);
  if (!row) throw notFound();
  await db.transaction(async (tx) => {
    const moved = await repo.transition(tx, id, ['pending'], {
      status: 'draft',
      reviewNote: note,
      reviewedBy: actor.id,
      reviewedAt: new Date(),
    });
    if (!moved) throw wrongState(row.status);
    await auditQuote(tx, actor, request, 'return_quote', row, { note });
    await tellContributor(tx, row, actor, request, { approved: false, note });
  });
  return getQuote(db, actor, id);
}

export async function archiveQuote(
  db: Database,
  actor: Actor,
  id: string,
  archive: boolean,
  request: RequestMetadata,
): Promise<Quote> {
  const row = await repo.findQuote(db, id, actor.id);
  if (!row) throw notFound();
  await db.transaction(async (tx) => {
    const moved = archive
      ? await repo.transition(tx, id, ['approved'], { status: 'archived', featured: false })
      : await repo.transition(tx, id, ['archived'], { status: 'approved' });
    if (!moved) throw wrongState(row.status);
    await auditQuote(tx, actor, request, archive ? 'archive_quote' : 'restore_quote', row);
  });
  return getQuote(db, actor, id);
}

export async function setFeatured(
  db: Database,
  actor: Actor,
  id: string,
  featured: boolean,
  request: RequestMetadata,
): Promise<Quote> {
  const row = await repo.findQuote(db, id, actor.id);
  if (!row) throw notFound();
  await db.transaction(async (tx) => {
    if (featured) {
      if (!(await repo.transition(tx, id, ['approved'], { featured: true }))) throw wrongState(row.status);
    } else {
      await repo.updateQuote(tx, id, { featured: false });
    }
    if (featured !== row.featured)
      await auditQuote(tx, actor, request, featured ? 'feature_quote' : 'unfeature_quote', row);
  });
  return getQuote(db, actor, id);
}

export async function removeQuote(db: Database, actor: Actor, id: string, request: RequestMetadata): Promise<void> {
  const row = await repo.findQuote(db, id, actor.id);
  if (!row) throw notFound();
  await db.transaction(async (tx) => {
    if (!(await repo.deleteQuote(tx, id))) throw notFound();
    await auditQuote(tx, actor, request, 'delete_quote', row);
  });
}

/** Only an approved quote can be saved; saving twice is the same as once. */
export async function saveQuote(db: Database, actor: Actor, id: string): Promise<void> {
  const row = await repo.findStatus(db, id);
  if (row?.status !== 'approved') throw notFound();
  await repo.saveQuote(db, actor.id, id);
}

export async function unsaveQuote(db: Database, actor: Actor, id: string): Promise<void> {
  await repo.unsaveQuote(db, actor.id, id);
}
