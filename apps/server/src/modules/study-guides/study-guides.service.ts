import { can } from '@maktaba/shared/permissions';
import type { AuditAction } from '@maktaba/shared/schemas/admin-users';
import {
  GUIDE_LIMITS,
  GUIDE_MESSAGES,
  type Guide,
  type GuideInputParsed,
  type GuideList,
  type GuideListQuery,
  type GuideStep,
  type GuideSummary,
  type GuideUpdateParsed,
  type LibraryGuideListQuery,
  type MyGuides,
} from '@maktaba/shared/schemas/guides';
import { contentSearchWords, normalizeSearchText } from '@maktaba/shared/search-text';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import type { Queryable } from '../../db/queryable.js';
import { AppError } from '../../errors.js';
import type { RequestMetadata } from '../../request-metadata.js';
import { toBookSummary } from '../catalogue/catalogue.mapper.js';
import { insertAudit } from '../users/users.repository.js';
import * as repo from './study-guides.repository.js';

const iso = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

const isEditor = (actor: Actor) => can(actor.role, 'books.edit');

export function toGuideSummary(row: repo.GuideRow): GuideSummary {
  const total = row.step_count;
  const done = Math.min(row.done, total);
  const complete = total > 0 && done >= total;
  return {
    id: row.id,
    title_en: row.title_en,
    title_ar: row.title_ar,
    description_en: row.description_en,
    description_ar: row.description_ar,
    level: row.level,
    status: row.status,
    published_at: iso(row.published_at),
    updated_at: iso(row.updated_at) ?? '',
    step_count: total,
    progress: {
      done,
      total,
      following: row.following,
      completed_at: complete ? (iso(row.completed_at) ?? null) : null,
      touched_at: iso(row.touched_at),
    },
    resume_step_id: row.resume_step_id,
  };
}

function toStep(row: repo.StepRow): GuideStep {
  return {
    id: row.stepId,
    position: row.position,
    book: {
      ...toBookSummary(row),
      copies_available: row.copiesAvailable,
      available: row.isDigital || row.copiesAvailable > 0,
    },
    chapter: row.chapter,
    note_en: row.noteEn,
    note_ar: row.noteAr,
    done: row.doneAt !== null,
    done_at: iso(row.doneAt),
  };
}

const notFound = () => new AppError('NOT_FOUND', 'No such guide.');

/** Readers see published guides; librarians see drafts too (to preview them). */
async function visibleGuide(db: Queryable, actor: Actor, id: string): Promise<repo.GuideRow> {
  const row = await repo.findGuide(db, id, actor.id);
  if (!row || (row.status !== 'published' && !isEditor(actor))) throw notFound();
  return row;
}

async function fullGuide(db: Queryable, actor: Actor, row: repo.GuideRow): Promise<Guide> {
  const steps = await repo.findSteps(db, row.id, actor.id, !isEditor(actor));
  return {
    ...toGuideSummary(row),
    steps: steps.map(toStep),
    author: row.author_id ? { id: row.author_id, display_name: row.author_name } : null,
    created_at: iso(row.created_at) ?? '',
  };
}

export async function getGuide(db: Queryable, actor: Actor, id: string): Promise<Guide> {
  return fullGuide(db, actor, await visibleGuide(db, actor, id));
}

async function page(
  db: Queryable,
  actor: Actor,
  query: GuideListQuery & { status?: 'draft' | 'published' },
  pageSize: number,
): Promise<GuideList> {
  const { rows, total } = await repo.listGuides(
    db,
    actor.id,
    {
      words: contentSearchWords(query.q),
      normalized: normalizeSearchText(query.q ?? ''),
      level: query.level,
      status: query.status,
    },
    pageSize,
    (query.page - 1) * pageSize,
  );
  return { items: rows.map(toGuideSummary), total, page: query.page, page_size: pageSize };
}

export function listGuides(db: Queryable, actor: Actor, query: GuideListQuery): Promise<GuideList> {
  return page(db, actor, { ...query, status: 'published' }, GUIDE_LIMITS.pageSize);
}

export function listLibraryGuides(db: Queryable, actor: Actor, query: LibraryGuideListQuery): Promise<GuideList> {
  return page(db, actor, query, GUIDE_LIMITS.libraryPageSize);
}

export async function listMyGuides(db: Queryable, actor: Actor): Promise<MyGuides> {
  const rows = await repo.listFollowed(db, actor.id, GUIDE_LIMITS.mineMax);
  return { items: rows.map(toGuideSummary) };
}

// ——— A reader's progress ———

async function publishedGuide(db: Queryable, actor: Actor, id: string): Promise<repo.GuideRow> {
  const row = await repo.findGuide(db, id, actor.id);
  if (!row) throw notFound();
  if (row.status !== 'published') throw notFound();
  return row;
}

export async function followGuide(db: Database, actor: Actor, id: string): Promise<Guide> {
  await publishedGuide(db, actor, id);
  await db.transaction(async (tx) => {
    await repo.follow(tx, actor.id, id);
    await repo.settleCompletion(tx, id, actor.id);
  });
  return getGuide(db, actor, id);
}

/** Stops following: the guide leaves My Imam; the steps marked done are kept. */
export async function unfollowGuide(db: Database, actor: Actor, id: string): Promise<Guide> {
  await publishedGuide(db, actor, id);
  await repo.unfollow(db, actor.id, id);
  return getGuide(db, actor, id);
}

/** Marks a step done (or not): marking follows the guide; the last step done completes it. Idempotent. */
export async function setStepDone(
  db: Database,
  actor: Actor,
  guideId: string,
  stepId: string,
  done: boolean,
): Promise<Guide> {
  await publishedGuide(db, actor, guideId);
  const steps = await repo.stepIdsOf(db, guideId);
  if (!steps.includes(stepId)) throw new AppError('NOT_FOUND', 'No such step in this guide.');
  await db.transaction(async (tx) => {
    if (done) {
      await repo.markDone(tx, actor.id, stepId);
      await repo.follow(tx, actor.id, guideId, stepId);
    } else {
      await repo.unmarkDone(tx, actor.id, stepId);
    }
    await repo.settleCompletion(tx, guideId, actor.id);
  });
  return getGuide(db, actor, guideId);
}

// ——— Librarians' writes ———

/** Every step's book must exist: an unknown one is a 422 on its step. */
async function assertBooks(db: Queryable, steps: Array<{ book_id: string }>): Promise<void> {
  const found = await repo.publicBookIds(db, [...new Set(steps.map((step) => step.book_id))]);
  const fieldErrors: Record<string, string[]> = {};
  steps.forEach((step, index) => {
    if (!found.has(step.book_id)) fieldErrors[`steps.${index}.book_id`] = [GUIDE_MESSAGES.unknownBook];
  });
  if (Object.keys(fieldErrors).length > 0) {
    throw new AppError('VALIDATION_FAILED', undefined, { details: { fieldErrors } });
  }
}

const stepWrites = (steps: NonNullable<GuideUpdateParsed['steps']>): repo.StepWrite[] =>
  steps.map((step) => ({
    id: step.id,
    bookId: step.book_id,
    chapter: step.chapter ?? null,
    noteEn: step.note_en ?? null,
    noteAr: step.note_ar ?? null,
  }));

type Texts = {
  titleEn: string | null;
  titleAr: string | null;
  descriptionEn: string | null;
  descriptionAr: string | null;
};
const searchTextOf = (texts: Texts) =>
  repo.guideSearchText([texts.titleEn, texts.titleAr, texts.descriptionEn, texts.descriptionAr]);

function audit(
  tx: Queryable,
  actor: Actor,
  request: RequestMetadata,
  action: AuditAction,
  guide: { id: string; title_en: string | null; title_ar: string | null },
) {
  return insertAudit(tx, {
    actorId: actor.id,
    actionType: action,
    targetType: 'study_guide',
    targetId: guide.id,
    metadata: { label: { en: guide.title_en, ar: guide.title_ar } },
    ipAddress: request.clientIp ?? null,
  });
}

export async function createGuide(
  db: Database,
  actor: Actor,
  input: GuideInputParsed,
  request: RequestMetadata,
): Promise<Guide> {
  await assertBooks(db, input.steps);
  const texts: Texts = {
    titleEn: input.title_en ?? null,
    titleAr: input.title_ar ?? null,
    descriptionEn: input.description_en ?? null,
    descriptionAr: input.description_ar ?? null,
  };
  const id = await db.transaction(async (tx) => {
    const guideId = await repo.insertGuide(tx, {
      ...texts,
      level: input.level,
      status: input.status,
      publishedAt: input.status === 'published' ? new Date() : null,
      authorId: actor.id,
      searchText: searchTextOf(texts),
      searchVersion: 1,
    });
    await repo.replaceSteps(tx, guideId, stepWrites(input.steps));
    if (input.status === 'published') {
      await audit(tx, actor, request, 'publish_study_guide', {
        id: guideId,
        title_en: texts.titleEn,
        title_ar: texts.titleAr,
      });
    }
    return guideId;
  });
  return getGuide(db, actor, id);
}

export async function updateGuide(
  db: Database,
  actor: Actor,
  id: string,
  input: GuideUpdateParsed,
  request: RequestMetadata,
): Promise<Guide> {
  const row = await repo.findGuide(db, id, actor.id);
  if (!row) throw notFound();
  if (input.steps) await assertBooks(db, input.steps);
  const pick = (value: string | null | undefined, current: string | null) => (value === undefined ? current : value);
  const texts: Texts = {
    titleEn: pick(input.title_en, row.title_en),
    titleAr: pick(input.title_ar, row.title_ar),
    descriptionEn: pick(input.description_en, row.description_en),
    descriptionAr: pick(input.description_ar, row.description_ar),
  };
  if (!texts.titleEn && !texts.titleAr) {
    throw new AppError('VALIDATION_FAILED', undefined, {
      details: { fieldErrors: { title_en: [GUIDE_MESSAGES.titleRequired] } },
    });
  }
  const status = input.status ?? row.status;
  const publishing = status === 'published' && row.status !== 'published';
  const unpublishing = status === 'draft' && row.status === 'published';
  await db.transaction(async (tx) => {
    await repo.updateGuide(tx, id, {
      ...texts,
      ...(input.level ? { level: input.level } : {}),
      status,
      ...(publishing ? { publishedAt: new Date() } : {}),
      searchText: searchTextOf(texts),
      searchVersion: 1,
    });
    if (input.steps) {
      await repo.replaceSteps(tx, id, stepWrites(input.steps));
      await repo.settleCompletion(tx, id);
    }
    const label = { id, title_en: texts.titleEn, title_ar: texts.titleAr };
    if (publishing) await audit(tx, actor, request, 'publish_study_guide', label);
    if (unpublishing) await audit(tx, actor, request, 'unpublish_study_guide', label);
  });
  return getGuide(db, actor, id);
}

/** The author deletes their own draft; an administrator (books.delete) deletes any guide. */
export async function deleteGuide(db: Database, actor: Actor, id: string, request: RequestMetadata): Promise<void> {
  const row = await repo.findGuide(db, id, actor.id);
  if (!row) throw notFound();
  const mayDelete = can(actor.role, 'books.delete') || (row.status === 'draft' && row.author_id === actor.id);
  if (!mayDelete)
    throw new AppError('FORBIDDEN', 'Only its author may delete a draft; only an admin a published guide.');
  await db.transaction(async (tx) => {
    await audit(tx, actor, request, 'delete_study_guide', row);
    await repo.deleteGuide(tx, id);
  });
}
