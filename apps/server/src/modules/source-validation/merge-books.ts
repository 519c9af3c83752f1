import { ACTIVE_LOAN_STATUSES } from '@maktaba/shared/lending';
import type { MergeMoved, MergeResult } from '@maktaba/shared/schemas/source-validation';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { affectedBy, rowsOf } from '../../db/raw.js';
import { AppError } from '../../errors.js';
import { insertAudit } from '../users/users.repository.js';
import type { Who } from './source-validation.service.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

type BookRow = {
  id: string;
  title_en: string | null;
  title_ar: string | null;
  description_en: string | null;
  description_ar: string | null;
  cover_key: string | null;
  publisher: string | null;
  publication_year: number | null;
  view_count: number;
  checkout_count: number;
};

/** Fields of the keeper that the duplicate fills when the keeper has none (API name → column). */
const FILLABLE = [
  ['title', 'title_en'],
  ['title_ar', 'title_ar'],
  ['description', 'description_en'],
  ['description_ar', 'description_ar'],
  ['cover', 'cover_key'],
  ['publisher', 'publisher'],
  ['publication_year', 'publication_year'],
] as const;

const ACTIVE_LOANS = sql.raw(`(${ACTIVE_LOAN_STATUSES.map((status) => `'${status}'`).join(', ')})`);

/**
 * Merges book `dupId` into book `keepId` in one transaction and deletes the duplicate. What the
 * duplicate had moves to the keeper: its copies (the counters follow through their trigger, then are
 * recounted), its loans with their events (copies move with them, so an active loan stays valid),
 * bookmarks and waiting-list places (one per reader: a reader with both keeps the keeper's, or the
 * offered one), views (one per viewer and day), quotes, collections, articles, guide steps, circles
 * and questions (one link where a key would clash), and its authors and categories (the union). The
 * keeper's empty fields are filled from the duplicate. Refused when one reader has an active loan of
 * both books (MERGE_LOAN_CONFLICT): the loans would clash. Findings about the duplicate leave the
 * latest run. Search is refreshed by the caller after the commit, and the duplicate's cover file
 * (`leftCover`: unless the keeper took it over) removed.
 */
export async function mergeBooks(
  db: Database,
  who: Who,
  keepId: string,
  dupId: string,
): Promise<{ result: MergeResult; leftCover: string | null }> {
  if (keepId === dupId) throw new AppError('MERGE_SAME_BOOK');
  return db.transaction(async (tx) => {
    const rows = await rowsOf<BookRow>(
      tx,
      sql`select id, title_en, title_ar, description_en, description_ar, cover_key, publisher, publication_year,
                 view_count, checkout_count
            from books where id in (${keepId}::uuid, ${dupId}::uuid) order by id for update`,
    );
    const keeper = rows.find((row) => row.id === keepId);
    const duplicate = rows.find((row) => row.id === dupId);
    if (!keeper || !duplicate) throw new AppError('NOT_FOUND');

    const [clash] = await rowsOf<{ user_id: string }>(
      tx,
      sql`select a.user_id from checkouts a join checkouts b on b.user_id = a.user_id
           where a.book_id = ${keepId} and b.book_id = ${dupId}
             and a.status in ${ACTIVE_LOANS} and b.status in ${ACTIVE_LOANS} limit 1`,
    );
    if (clash) throw new AppError('MERGE_LOAN_CONFLICT');

    const move = (statement: SQL) => affectedBy(tx, statement);
    const moved: MergeMoved = {
      copies: 0,
      bookmarks: 0,
      bookmarks_merged: 0,
      loans: 0,
      loan_events: 0,
      holds: 0,
      holds_closed: 0,
      views: 0,
      quotes: 0,
      collections: 0,
      articles: 0,
      guide_steps: 0,
      circles: 0,
      questions: 0,
      authors: 0,
      categories: 0,
    };

    moved.copies = await move(sql`update book_copies set book_id = ${keepId} where book_id = ${dupId}`);

    const [events] = await rowsOf<{ n: number }>(
      tx,
      sql`select count(*)::int as n from loan_events e join checkouts l on l.id = e.loan_id where l.book_id = ${dupId}`,
    );
    moved.loan_events = Number(events?.n ?? 0);
    moved.loans = await move(sql`update checkouts set book_id = ${keepId} where book_id = ${dupId}`);

    // A reader who bookmarked both keeps one bookmark (the keeper's, the older of the two dates).
    await tx.execute(
      sql`update bookmarks k set created_at = least(k.created_at, d.created_at)
            from bookmarks d where k.book_id = ${keepId} and d.book_id = ${dupId} and d.user_id = k.user_id`,
    );
    moved.bookmarks_merged = await move(
      sql`delete from bookmarks d where d.book_id = ${dupId}
            and exists (select 1 from bookmarks k where k.book_id = ${keepId} and k.user_id = d.user_id)`,
    );
    moved.bookmarks = await move(sql`update bookmarks set book_id = ${keepId} where book_id = ${dupId}`);

    moved.holds_closed = await closeDoubleHolds(tx, keepId, dupId);
    moved.holds = await move(sql`update holds set book_id = ${keepId} where book_id = ${dupId}`);
    // One queue in the order readers joined it (the keeper's and the duplicate's interleaved).
    await tx.execute(
      sql`update holds h set sort_key = o.n
            from (select id, row_number() over (order by created_at, id) as n
                    from holds where book_id = ${keepId}) o
           where h.id = o.id and h.sort_key <> o.n`,
    );

    await tx.execute(
      sql`delete from book_views d where d.book_id = ${dupId}
            and exists (select 1 from book_views k where k.book_id = ${keepId} and k.viewer = d.viewer and k.day = d.day)`,
    );
    moved.views = await move(sql`update book_views set book_id = ${keepId} where book_id = ${dupId}`);

    moved.quotes = await move(sql`update quotes set source_book_id = ${keepId} where source_book_id = ${dupId}`);
    await tx.execute(
      sql`delete from collection_books d where d.book_id = ${dupId}
            and exists (select 1 from collection_books k where k.book_id = ${keepId} and k.collection_id = d.collection_id)`,
    );
    moved.collections = await move(sql`update collection_books set book_id = ${keepId} where book_id = ${dupId}`);
    await tx.execute(
      sql`delete from article_books d where d.book_id = ${dupId}
            and exists (select 1 from article_books k where k.book_id = ${keepId} and k.article_id = d.article_id)`,
    );
    moved.articles = await move(sql`update article_books set book_id = ${keepId} where book_id = ${dupId}`);
    moved.guide_steps = await move(sql`update study_guide_steps set book_id = ${keepId} where book_id = ${dupId}`);
    moved.circles = await move(sql`update study_circles set book_id = ${keepId} where book_id = ${dupId}`);
    moved.questions = await move(sql`update librarian_questions set book_id = ${keepId} where book_id = ${dupId}`);

    moved.authors = await move(
      sql`insert into book_authors (book_id, author_id, position)
          select ${keepId}, d.author_id,
                 (select coalesce(max(position), -1) from book_authors where book_id = ${keepId}) + row_number() over (order by d.position, d.author_id)
            from book_authors d
           where d.book_id = ${dupId}
             and not exists (select 1 from book_authors k where k.book_id = ${keepId} and k.author_id = d.author_id)`,
    );
    moved.categories = await move(
      sql`insert into book_categories (book_id, category_id, position)
          select ${keepId}, d.category_id,
                 (select coalesce(max(position), -1) from book_categories where book_id = ${keepId}) + row_number() over (order by d.position, d.category_id)
            from book_categories d
           where d.book_id = ${dupId}
             and not exists (select 1 from book_categories k where k.book_id = ${keepId} and k.category_id = d.category_id)`,
    );

    const filled = FILLABLE.filter(([, column]) => {
      const mine = keeper[column];
      const theirs = duplicate[column];
      const empty = mine === null || (typeof mine === 'string' && mine.trim() === '');
      const has = theirs !== null && !(typeof theirs === 'string' && theirs.trim() === '');
      return empty && has;
    });
    const fills = filled.map(([, column]) => sql`${sql.raw(column)} = ${duplicate[column]}`);

    await tx.execute(sql`delete from books where id = ${dupId}`);
    // The keeper's counters: copies as its copies are now, signals as the two books' together.
    await tx.execute(
      sql`update books set
            ${fills.length > 0 ? sql`${sql.join(fills, sql`, `)},` : sql``}
            copies_total = (select count(*) from book_copies where book_id = ${keepId} and status not in ('withdrawn', 'lost')),
            copies_available = (select count(*) from book_copies where book_id = ${keepId} and status = 'available'),
            bookmark_count = (select count(*) from bookmarks where book_id = ${keepId}),
            view_count = view_count + ${Number(duplicate.view_count)},
            checkout_count = checkout_count + ${Number(duplicate.checkout_count)},
            search_version = 0,
            updated_at = now()
          where id = ${keepId}`,
    );

    // The latest run's findings about the duplicate are resolved: they leave it, and its counts follow.
    await tx.execute(
      sql`with latest as (select id from source_validation_runs order by started_at desc, id desc limit 1),
               gone as (delete from source_validation_findings f using latest
                         where f.run_id = latest.id and (f.target_id = ${dupId} or f.related_id = ${dupId})
                         returning f.kind)
          update source_validation_runs r
             set counts = (select coalesce(jsonb_object_agg(k.key, greatest(0, k.value::int - coalesce(g.n, 0))), '{}'::jsonb)
                             from jsonb_each_text(r.counts) k
                             left join (select kind, count(*)::int as n from gone group by kind) g on g.kind = k.key)
            from latest where r.id = latest.id`,
    );

    await insertAudit(tx, {
      actorId: who.actor.id,
      actionType: 'merge_books',
      targetType: 'book',
      targetId: keepId,
      changes: Object.fromEntries(filled.map(([name, column]) => [name, duplicate[column]])),
      metadata: {
        label: { en: keeper.title_en, ar: keeper.title_ar },
        duplicate: { id: dupId, title_en: duplicate.title_en, title_ar: duplicate.title_ar },
        moved,
      },
      ipAddress: who.request.clientIp ?? null,
    });

    const result = { keeper_id: keepId, duplicate_id: dupId, moved, filled: filled.map(([name]) => name) };
    const tookCover = filled.some(([, column]) => column === 'cover_key');
    return { result, leftCover: tookCover ? null : duplicate.cover_key };
  });
}

/**
 * A reader with an open place in both queues keeps one: the offered one (a copy waits for them),
 * else the keeper's. The other is cancelled, with the reason. Returns how many were closed.
 */
async function closeDoubleHolds(tx: Tx, keepId: string, dupId: string): Promise<number> {
  const open = sql`('waiting', 'offered')`;
  const reason = 'Merged with a duplicate record of the same book';
  const closeKeeper = await affectedBy(
    tx,
    sql`update holds k set status = 'cancelled', closed_at = now(), reason = ${reason}, updated_at = now()
          from holds d
         where k.book_id = ${keepId} and d.book_id = ${dupId} and d.user_id = k.user_id
           and k.status = 'waiting' and d.status = 'offered'`,
  );
  const closeDuplicate = await affectedBy(
    tx,
    sql`update holds d set status = 'cancelled', closed_at = now(), reason = ${reason}, updated_at = now()
          from holds k
         where d.book_id = ${dupId} and k.book_id = ${keepId} and k.user_id = d.user_id
           and d.status in ${open} and k.status in ${open}`,
  );
  return closeKeeper + closeDuplicate;
}
