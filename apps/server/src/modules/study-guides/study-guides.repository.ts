import { PUBLIC_BOOK_STATUS } from '@maktaba/shared/schemas/catalogue';
import type { GuideLevel, GuideStatus } from '@maktaba/shared/schemas/guides';
import { searchTerms } from '@maktaba/shared/search-text';
import { and, asc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../db/like.js';
import type { Queryable } from '../../db/queryable.js';
import { rowsOf } from '../../db/raw.js';
import { books, studyGuideFollows, studyGuideProgress, studyGuideSteps, studyGuides } from '../../db/schema/index.js';
import { type BookSummaryRow, summaryColumns } from '../catalogue/catalogue.repository.js';

/** A guide as listed, with the viewer's progress (raw SQL row). */
export type GuideRow = {
  id: string;
  title_en: string | null;
  title_ar: string | null;
  description_en: string | null;
  description_ar: string | null;
  level: GuideLevel;
  status: GuideStatus;
  published_at: Date | string | null;
  updated_at: Date | string;
  created_at: Date | string;
  author_id: string | null;
  author_name: string | null;
  step_count: number;
  done: number;
  following: boolean;
  completed_at: Date | string | null;
  touched_at: Date | string | null;
  resume_step_id: string | null;
};

function selectGuides(viewerId: string): SQL {
  return sql`
    select g.id, g.title_en, g.title_ar, g.description_en, g.description_ar, g.level, g.status,
           g.published_at, g.updated_at, g.created_at, g.author_id, p.display_name as author_name,
           (select count(*)::int from study_guide_steps s where s.guide_id = g.id) as step_count,
           (select count(*)::int from study_guide_progress d join study_guide_steps s on s.id = d.step_id
             where s.guide_id = g.id and d.user_id = ${viewerId}) as done,
           (f.user_id is not null) as following, f.completed_at, f.updated_at as touched_at,
           (select s.id from study_guide_steps s
             where s.guide_id = g.id
               and not exists (select 1 from study_guide_progress d where d.step_id = s.id and d.user_id = ${viewerId})
             order by s.position, s.id limit 1) as resume_step_id
      from study_guides g
      left join study_guide_follows f on f.guide_id = g.id and f.user_id = ${viewerId}
      left join profiles p on p.id = g.author_id`;
}

export async function findGuide(db: Queryable, id: string, viewerId: string): Promise<GuideRow | undefined> {
  const [row] = await rowsOf<GuideRow>(db, sql`${selectGuides(viewerId)} where g.id = ${id}`);
  return row;
}

export type GuideFilters = {
  words: string[];
  normalized: string;
  level?: GuideLevel;
  /** Only this status; undefined: any. */
  status?: GuideStatus;
};

/** Guides, filtered; by relevance when searching, else most recently published (or updated) first. */
export async function listGuides(
  db: Queryable,
  viewerId: string,
  filters: GuideFilters,
  limit: number,
  offset: number,
): Promise<{ rows: GuideRow[]; total: number }> {
  const conditions: SQL[] = [sql`true`];
  if (filters.status) conditions.push(sql`g.status = ${filters.status}`);
  if (filters.level) conditions.push(sql`g.level = ${filters.level}`);
  for (const word of filters.words) {
    conditions.push(sql`(' ' || g.search_text) like ${`% ${escapeLike(word)}%`}`);
  }
  const where = sql.join(conditions, sql` and `);
  const order =
    filters.words.length > 0
      ? sql`similarity(g.search_text, ${filters.normalized}) desc, g.published_at desc nulls last, g.id`
      : sql`coalesce(g.published_at, g.updated_at) desc, g.id`;
  const [rows, counted] = await Promise.all([
    rowsOf<GuideRow>(
      db,
      sql`${selectGuides(viewerId)} where ${where} order by ${order} limit ${limit} offset ${offset}`,
    ),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from study_guides g where ${where}`),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}

/** Published guides the reader follows: those in progress first, then most recently touched. */
export function listFollowed(db: Queryable, viewerId: string, limit: number): Promise<GuideRow[]> {
  return rowsOf<GuideRow>(
    db,
    sql`select * from (${selectGuides(viewerId)}
          where g.status = 'published' and f.user_id is not null) mine
        order by (mine.step_count = 0 or mine.done < mine.step_count) desc, mine.touched_at desc nulls last, mine.id
        limit ${limit}`,
  );
}

export type StepRow = BookSummaryRow & {
  stepId: string;
  position: number;
  chapter: string | null;
  noteEn: string | null;
  noteAr: string | null;
  copiesAvailable: number;
  isDigital: boolean;
  doneAt: Date | null;
};

/**
 * A guide's steps in order, each with its book and whether the viewer marked it done. With
 * `publicOnly` (readers), a step whose book was withdrawn from the catalogue since is left out.
 */
export function findSteps(db: Queryable, guideId: string, viewerId: string, publicOnly: boolean): Promise<StepRow[]> {
  return db
    .select({
      ...summaryColumns,
      stepId: studyGuideSteps.id,
      position: studyGuideSteps.position,
      chapter: studyGuideSteps.chapter,
      noteEn: studyGuideSteps.noteEn,
      noteAr: studyGuideSteps.noteAr,
      copiesAvailable: books.copiesAvailable,
      isDigital: books.isDigital,
      doneAt: studyGuideProgress.completedAt,
    })
    .from(studyGuideSteps)
    .innerJoin(books, eq(books.id, studyGuideSteps.bookId))
    .leftJoin(
      studyGuideProgress,
      and(eq(studyGuideProgress.stepId, studyGuideSteps.id), eq(studyGuideProgress.userId, viewerId)),
    )
    .where(and(eq(studyGuideSteps.guideId, guideId), publicOnly ? eq(books.status, PUBLIC_BOOK_STATUS) : undefined))
    .orderBy(asc(studyGuideSteps.position), asc(studyGuideSteps.id));
}

export async function stepIdsOf(db: Queryable, guideId: string): Promise<string[]> {
  const rows = await db
    .select({ id: studyGuideSteps.id })
    .from(studyGuideSteps)
    .where(eq(studyGuideSteps.guideId, guideId));
  return rows.map((row) => row.id);
}

/** Which of these books readers can see (approved): the only ones a step may point at. */
export async function publicBookIds(db: Queryable, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: books.id })
    .from(books)
    .where(and(inArray(books.id, ids), eq(books.status, PUBLIC_BOOK_STATUS)));
  return new Set(rows.map((row) => row.id));
}

/** The words of a guide's titles and descriptions, in both languages. */
export function guideSearchText(parts: Array<string | null | undefined>): string {
  return searchTerms(parts.filter((part): part is string => Boolean(part)).join(' ')).join(' ');
}

export type GuideFields = {
  titleEn: string | null;
  titleAr: string | null;
  descriptionEn: string | null;
  descriptionAr: string | null;
  level: GuideLevel;
  status: GuideStatus;
  publishedAt: Date | null;
  searchText: string;
  searchVersion: number;
};

export async function insertGuide(db: Queryable, fields: GuideFields & { authorId: string }): Promise<string> {
  const [row] = await db.insert(studyGuides).values(fields).returning({ id: studyGuides.id });
  if (!row) throw new Error('The guide was not written.');
  return row.id;
}

export async function updateGuide(db: Queryable, id: string, fields: Partial<GuideFields>): Promise<void> {
  await db
    .update(studyGuides)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(studyGuides.id, id));
}

export async function deleteGuide(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.delete(studyGuides).where(eq(studyGuides.id, id)).returning({ id: studyGuides.id });
  return rows.length > 0;
}

export type StepWrite = {
  id?: string;
  bookId: string;
  chapter: string | null;
  noteEn: string | null;
  noteAr: string | null;
};

/**
 * Replaces a guide's steps by `steps`, in order: a step whose id is the guide's keeps its id (and
 * the readers' progress on it); the others are new; steps left out are removed with their progress.
 */
export async function replaceSteps(db: Queryable, guideId: string, steps: StepWrite[]): Promise<void> {
  const current = new Set(await stepIdsOf(db, guideId));
  const kept = steps.flatMap((step) => (step.id && current.has(step.id) ? [step.id] : []));
  await db
    .delete(studyGuideSteps)
    .where(
      kept.length > 0
        ? and(eq(studyGuideSteps.guideId, guideId), notInArray(studyGuideSteps.id, kept))
        : eq(studyGuideSteps.guideId, guideId),
    );
  for (const [index, step] of steps.entries()) {
    const values = {
      position: index + 1,
      bookId: step.bookId,
      chapter: step.chapter,
      noteEn: step.noteEn,
      noteAr: step.noteAr,
    };
    if (step.id && current.has(step.id)) {
      await db
        .update(studyGuideSteps)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(studyGuideSteps.id, step.id));
    } else {
      await db.insert(studyGuideSteps).values({ guideId, ...values });
    }
  }
}

// ——— A reader's progress ———

/** Follows the guide (idempotent); `lastStepId` records where the reader was. */
export async function follow(db: Queryable, userId: string, guideId: string, lastStepId?: string): Promise<void> {
  const now = new Date();
  await db
    .insert(studyGuideFollows)
    .values({ userId, guideId, lastStepId: lastStepId ?? null, updatedAt: now })
    .onConflictDoUpdate({
      target: [studyGuideFollows.userId, studyGuideFollows.guideId],
      set: lastStepId ? { lastStepId, updatedAt: now } : { updatedAt: now },
    });
}

export async function unfollow(db: Queryable, userId: string, guideId: string): Promise<void> {
  await db
    .delete(studyGuideFollows)
    .where(and(eq(studyGuideFollows.userId, userId), eq(studyGuideFollows.guideId, guideId)));
}

export async function markDone(db: Queryable, userId: string, stepId: string): Promise<void> {
  await db.insert(studyGuideProgress).values({ userId, stepId }).onConflictDoNothing();
}

export async function unmarkDone(db: Queryable, userId: string, stepId: string): Promise<void> {
  await db
    .delete(studyGuideProgress)
    .where(and(eq(studyGuideProgress.userId, userId), eq(studyGuideProgress.stepId, stepId)));
}

/**
 * Sets or clears a follow's completion: complete when every step is done. With `userId`, after that
 * reader's own change (which also counts as their latest touch of the guide); without, for every
 * follower after a librarian changed the steps, so a reader who had finished is no longer done when
 * a step is added, and the date of finishing is the day they finish the new one.
 */
export async function settleCompletion(db: Queryable, guideId: string, userId?: string): Promise<void> {
  await db.execute(sql`
    update study_guide_follows f
       set completed_at = case
             when (select count(*) from study_guide_steps s where s.guide_id = ${guideId}) > 0
              and not exists (select 1 from study_guide_steps s
                               where s.guide_id = ${guideId}
                                 and not exists (select 1 from study_guide_progress d
                                                  where d.step_id = s.id and d.user_id = f.user_id))
             then coalesce(f.completed_at, now()) else null end
           ${userId ? sql`, updated_at = now()` : sql``}
     where f.guide_id = ${guideId} ${userId ? sql`and f.user_id = ${userId}` : sql``}`);
}
