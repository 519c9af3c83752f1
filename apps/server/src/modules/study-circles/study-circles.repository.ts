import { and, asc, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable.js';
import { rowsOf } from '../../db/raw.js';
import {
  authUsers,
  books,
  circleMeetings,
  circleMembers,
  circlePosts,
  feedbackReports,
  profiles,
  studyCircles,
  studyGuides,
} from '../../db/schema/index.js';

/*
 * Study circles' rows. Membership changes run with the circle row locked (`lockCircle`): the
 * capacity check reads `member_count` (kept by a trigger on circle_members) after the lock, so
 * readers racing for the last place take turns and exactly one gets it.
 */

export type CircleRow = typeof studyCircles.$inferSelect;
export type MeetingRow = typeof circleMeetings.$inferSelect;
export type MemberRow = typeof circleMembers.$inferSelect;
export type PostRow = typeof circlePosts.$inferSelect;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

export async function findCircle(db: Queryable, id: string): Promise<CircleRow | undefined> {
  const [row] = await db.select().from(studyCircles).where(eq(studyCircles.id, id));
  return row;
}

/** The circle row, locked until the transaction ends. */
export async function lockCircle(db: Queryable, id: string): Promise<CircleRow | undefined> {
  const [row] = await db.select().from(studyCircles).where(eq(studyCircles.id, id)).for('update');
  return row;
}

export async function insertCircle(db: Queryable, values: typeof studyCircles.$inferInsert): Promise<CircleRow> {
  const [row] = await db.insert(studyCircles).values(values).returning();
  if (!row) throw new Error('circle insert returned no row');
  return row;
}

export async function updateCircle(
  db: Queryable,
  id: string,
  values: Partial<typeof studyCircles.$inferInsert>,
): Promise<void> {
  await db
    .update(studyCircles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(studyCircles.id, id));
}

export type ListFilter = {
  viewerId: string;
  staff: boolean;
  language?: 'en' | 'ar';
  status?: 'open' | 'closed' | 'archived';
  mine?: boolean;
};

function listConditions(filter: ListFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.status === 'archived' && filter.staff) conditions.push(eq(studyCircles.status, 'archived'));
  else if (filter.status && filter.status !== 'archived') conditions.push(eq(studyCircles.status, filter.status));
  else conditions.push(ne(studyCircles.status, 'archived'));
  if (filter.status === 'archived' && !filter.staff) conditions.push(sql`false`);
  if (filter.language) conditions.push(eq(studyCircles.language, filter.language));
  if (filter.mine) {
    conditions.push(
      or(
        eq(studyCircles.hostId, filter.viewerId),
        sql`exists (select 1 from circle_members m where m.circle_id = ${studyCircles.id}
                    and m.user_id = ${filter.viewerId} and m.status in ('member', 'waiting'))`,
      ) as SQL,
    );
  }
  return conditions;
}

/** Every circle matching the filter, most recently updated first: id, name and description (for the search). */
export async function findCircleTexts(db: Queryable, filter: ListFilter) {
  return db
    .select({ id: studyCircles.id, name: studyCircles.name, description: studyCircles.description })
    .from(studyCircles)
    .where(and(...listConditions(filter)))
    .orderBy(desc(studyCircles.updatedAt), desc(studyCircles.id));
}

export async function findCirclePage(db: Queryable, filter: ListFilter, limit: number, offset: number) {
  const where = and(...listConditions(filter));
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: studyCircles.id })
      .from(studyCircles)
      .where(where)
      .orderBy(desc(studyCircles.updatedAt), desc(studyCircles.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(studyCircles).where(where),
  ]);
  return { ids: rows.map((row) => row.id), total: Number(counted?.total ?? 0) };
}

export type SummaryRow = CircleRow & {
  hostName: string | null;
  bookTitleEn: string | null;
  bookTitleAr: string | null;
  bookCoverKey: string | null;
  guideTitleEn: string | null;
  guideTitleAr: string | null;
  waitingCount: number;
  myStatus: string | null;
  myPosition: number | null;
  myRemovedReason: string | null;
};

/** The circles with what a card shows, for `viewerId` (their own place in each). */
export async function findSummaries(db: Queryable, ids: string[], viewerId: string): Promise<SummaryRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      circle: studyCircles,
      hostName: profiles.displayName,
      bookTitleEn: books.titleEn,
      bookTitleAr: books.titleAr,
      bookCoverKey: books.coverKey,
      guideTitleEn: studyGuides.titleEn,
      guideTitleAr: studyGuides.titleAr,
      waitingCount: sql<number>`(select count(*) from circle_members w
        where w.circle_id = ${studyCircles.id} and w.status = 'waiting')::int`,
      myStatus: circleMembers.status,
      myPosition: sql<number | null>`case when ${circleMembers.status} = 'waiting' then
        (select count(*) from circle_members w where w.circle_id = ${studyCircles.id}
          and w.status = 'waiting' and w.sort_key <= ${circleMembers.sortKey})::int end`,
      myRemovedReason: circleMembers.removedReason,
    })
    .from(studyCircles)
    .leftJoin(profiles, eq(profiles.id, studyCircles.hostId))
    .leftJoin(books, eq(books.id, studyCircles.bookId))
    .leftJoin(studyGuides, eq(studyGuides.id, studyCircles.guideId))
    .leftJoin(circleMembers, and(eq(circleMembers.circleId, studyCircles.id), eq(circleMembers.userId, viewerId)))
    .where(inArray(studyCircles.id, ids));
  const byId = new Map(
    rows.map((row) => [
      row.circle.id,
      {
        ...row.circle,
        hostName: row.hostName,
        bookTitleEn: row.bookTitleEn,
        bookTitleAr: row.bookTitleAr,
        bookCoverKey: row.bookCoverKey,
        guideTitleEn: row.guideTitleEn,
        guideTitleAr: row.guideTitleAr,
        waitingCount: Number(row.waitingCount),
        myStatus: row.myStatus,
        myPosition: row.myPosition === null ? null : Number(row.myPosition),
        myRemovedReason: row.myRemovedReason,
      },
    ]),
  );
  return ids.map((id) => byId.get(id)).filter((row): row is SummaryRow => row !== undefined);
}

/** The next meeting of each circle that is not cancelled and has not ended. */
export async function findNextMeetings(db: Queryable, circleIds: string[]): Promise<MeetingRow[]> {
  if (circleIds.length === 0) return [];
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select distinct on (circle_id) id from circle_meetings
        where circle_id in ${circleIds} and cancelled_at is null
          and starts_at + duration_minutes * interval '1 minute' > now()
        order by circle_id, starts_at, id`,
  );
  if (rows.length === 0) return [];
  return db
    .select()
    .from(circleMeetings)
    .where(
      inArray(
        circleMeetings.id,
        rows.map((row) => row.id),
      ),
    );
}

/** Upcoming meetings (not ended; cancelled ones too), soonest first. */
export async function findUpcomingMeetings(db: Queryable, circleId: string): Promise<MeetingRow[]> {
  return db
    .select()
    .from(circleMeetings)
    .where(
      and(
        eq(circleMeetings.circleId, circleId),
        sql`${circleMeetings.startsAt} + ${circleMeetings.durationMinutes} * interval '1 minute' > now()`,
      ),
    )
    .orderBy(asc(circleMeetings.startsAt), asc(circleMeetings.id));
}

/** The last `limit` meetings that have ended, most recent first. */
export async function findPastMeetings(db: Queryable, circleId: string, limit: number): Promise<MeetingRow[]> {
  return db
    .select()
    .from(circleMeetings)
    .where(
      and(
        eq(circleMeetings.circleId, circleId),
        sql`${circleMeetings.startsAt} + ${circleMeetings.durationMinutes} * interval '1 minute' <= now()`,
      ),
    )
    .orderBy(desc(circleMeetings.startsAt), desc(circleMeetings.id))
    .limit(limit);
}

export async function findMeeting(db: Queryable, circleId: string, id: string): Promise<MeetingRow | undefined> {
  const [row] = await db
    .select()
    .from(circleMeetings)
    .where(and(eq(circleMeetings.circleId, circleId), eq(circleMeetings.id, id)));
  return row;
}

export async function insertMeeting(db: Queryable, values: typeof circleMeetings.$inferInsert): Promise<MeetingRow> {
  const [row] = await db.insert(circleMeetings).values(values).returning();
  if (!row) throw new Error('meeting insert returned no row');
  return row;
}

export async function updateMeeting(
  db: Queryable,
  id: string,
  values: Partial<typeof circleMeetings.$inferInsert>,
): Promise<MeetingRow> {
  const [row] = await db
    .update(circleMeetings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(circleMeetings.id, id))
    .returning();
  if (!row) throw new Error('meeting update returned no row');
  return row;
}

/* ---------------------------------------------------------------- membership */

export async function findMembership(db: Queryable, circleId: string, userId: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(circleMembers)
    .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.userId, userId)));
  return row;
}

/** 1 for the next in line. */
export async function waitingPosition(db: Queryable, circleId: string, sortKey: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(circleMembers)
    .where(
      and(
        eq(circleMembers.circleId, circleId),
        eq(circleMembers.status, 'waiting'),
        sql`${circleMembers.sortKey} <= ${sortKey}`,
      ),
    );
  return Number(row?.n ?? 0);
}

export async function countWaiting(db: Queryable, circleId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(circleMembers)
    .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.status, 'waiting')));
  return Number(row?.n ?? 0);
}

/** After every place ever given: the end of the line (call with the circle locked). */
export async function nextSortKey(db: Queryable, circleId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${circleMembers.sortKey}), 0)` })
    .from(circleMembers)
    .where(eq(circleMembers.circleId, circleId));
  return Number(row?.n ?? 0) + 1;
}

export async function upsertMembership(
  db: Queryable,
  values: { circleId: string; userId: string; status: 'member' | 'waiting'; sortKey: number },
): Promise<void> {
  const now = new Date();
  await db
    .insert(circleMembers)
    .values({ ...values, joinedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [circleMembers.circleId, circleMembers.userId],
      set: { status: values.status, sortKey: values.sortKey, joinedAt: now, updatedAt: now, removedReason: null },
    });
}

export async function setMembershipStatus(
  db: Queryable,
  circleId: string,
  userId: string,
  status: 'member' | 'left' | 'removed',
  removedReason: string | null = null,
): Promise<void> {
  await db
    .update(circleMembers)
    .set({ status, removedReason, updatedAt: new Date(), ...(status === 'member' ? { joinedAt: new Date() } : {}) })
    .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.userId, userId)));
}

/** The current member count (the trigger keeps it; read it after a change in the same transaction). */
export async function memberCount(db: Queryable, circleId: string): Promise<number> {
  const [row] = await db
    .select({ n: studyCircles.memberCount })
    .from(studyCircles)
    .where(eq(studyCircles.id, circleId));
  return Number(row?.n ?? 0);
}

/** The circles where a reader holds a seat (not those where they wait). */
export async function seatedCircleIds(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: circleMembers.circleId })
    .from(circleMembers)
    .where(and(eq(circleMembers.userId, userId), eq(circleMembers.status, 'member')));
  return rows.map((row) => row.id);
}

/** The first `limit` readers of the waiting list, in order. */
export async function firstWaiting(db: Queryable, circleId: string, limit: number): Promise<MemberRow[]> {
  if (limit <= 0) return [];
  return db
    .select()
    .from(circleMembers)
    .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.status, 'waiting')))
    .orderBy(asc(circleMembers.sortKey))
    .limit(limit);
}

export async function findPeople(db: Queryable, circleId: string, status: 'member' | 'waiting') {
  return db
    .select({
      id: circleMembers.userId,
      name: sql<string>`coalesce(${profiles.displayName}, '')`,
      joinedAt: circleMembers.joinedAt,
    })
    .from(circleMembers)
    .innerJoin(profiles, eq(profiles.id, circleMembers.userId))
    .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.status, status)))
    .orderBy(asc(circleMembers.sortKey));
}

/** Members' ids (status member). */
export async function memberIds(db: Queryable, circleId: string): Promise<string[]> {
  const rows = await db
    .select({ id: circleMembers.userId })
    .from(circleMembers)
    .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.status, 'member')));
  return rows.map((row) => row.id);
}

/** What a notice to a reader needs: their address, language and choices. */
export async function findRecipient(db: Queryable, userId: string) {
  const [row] = await db
    .select({
      id: profiles.id,
      email: authUsers.email,
      status: profiles.status,
      preferredLanguage: profiles.preferredLanguage,
      notificationPreferences: profiles.notificationPreferences,
      displayName: profiles.displayName,
      role: profiles.role,
    })
    .from(profiles)
    .innerJoin(authUsers, eq(authUsers.id, profiles.id))
    .where(eq(profiles.id, userId));
  return row;
}

export async function findActiveAccount(db: Queryable, userId: string) {
  const [row] = await db
    .select({ id: profiles.id, role: profiles.role })
    .from(profiles)
    .where(and(eq(profiles.id, userId), eq(profiles.status, 'active')));
  return row;
}

export async function bookExists(db: Queryable, id: string): Promise<boolean> {
  const [row] = await db.select({ id: books.id }).from(books).where(eq(books.id, id));
  return Boolean(row);
}

export async function guideExists(db: Queryable, id: string): Promise<boolean> {
  const [row] = await db.select({ id: studyGuides.id }).from(studyGuides).where(eq(studyGuides.id, id));
  return Boolean(row);
}

export async function findHostCandidates(db: Queryable, q: string | undefined, limit: number) {
  const pattern = q ? `%${escapeLike(q)}%` : undefined;
  return db
    .select({
      id: profiles.id,
      name: sql<string>`coalesce(${profiles.displayName}, '')`,
      email: profiles.email,
      role: profiles.role,
    })
    .from(profiles)
    .where(
      and(
        eq(profiles.status, 'active'),
        pattern ? or(ilike(profiles.displayName, pattern), ilike(profiles.email, pattern)) : undefined,
      ),
    )
    .orderBy(
      sql`case ${profiles.role} when 'admin' then 0 when 'librarian' then 1 else 2 end`,
      asc(profiles.displayName),
    )
    .limit(limit);
}

/* ------------------------------------------------------------------- posts */

export type PostView = PostRow & {
  authorName: string | null;
  cursorAt: string;
  replyAuthorName: string | null;
  replyBody: string | null;
  replyHidden: boolean;
};

const replies = sql.raw('r');

/** The newest `limit` posts before the cursor (a `created_at` text of the last page), newest first. */
export async function findPosts(
  db: Queryable,
  circleId: string,
  before: { at: string; id: string } | null,
  limit: number,
  onlyId?: string,
): Promise<PostView[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select p.id, p.circle_id, p.author_id, p.reply_to, p.body, p.edited_at, p.hidden_at, p.hidden_by,
               p.hidden_reason, p.created_at,
               to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at,
               a.display_name as author_name, ra.display_name as reply_author_name,
               ${replies}.body as reply_body, (${replies}.hidden_at is not null) as reply_hidden
        from circle_posts p
        left join profiles a on a.id = p.author_id
        left join circle_posts ${replies} on ${replies}.id = p.reply_to
        left join profiles ra on ra.id = ${replies}.author_id
        where p.circle_id = ${circleId}
          ${before ? sql`and (p.created_at, p.id) < (${before.at}::timestamptz, ${before.id}::uuid)` : sql``}
          ${onlyId ? sql`and p.id = ${onlyId}` : sql``}
        order by p.created_at desc, p.id desc
        limit ${limit}`,
  );
  return rows.map((row) => ({
    id: row.id as string,
    circleId: row.circle_id as string,
    authorId: (row.author_id as string | null) ?? null,
    replyTo: (row.reply_to as string | null) ?? null,
    body: row.body as string,
    editedAt: row.edited_at ? new Date(row.edited_at as string) : null,
    hiddenAt: row.hidden_at ? new Date(row.hidden_at as string) : null,
    hiddenBy: (row.hidden_by as string | null) ?? null,
    hiddenReason: (row.hidden_reason as string | null) ?? null,
    createdAt: new Date(row.created_at as string),
    cursorAt: row.cursor_at as string,
    authorName: (row.author_name as string | null) ?? null,
    replyAuthorName: (row.reply_author_name as string | null) ?? null,
    replyBody: (row.reply_body as string | null) ?? null,
    replyHidden: Boolean(row.reply_hidden),
  }));
}

export async function findPost(db: Queryable, circleId: string, id: string): Promise<PostRow | undefined> {
  const [row] = await db
    .select()
    .from(circlePosts)
    .where(and(eq(circlePosts.circleId, circleId), eq(circlePosts.id, id)));
  return row;
}

export async function lockPost(db: Queryable, circleId: string, id: string): Promise<PostRow | undefined> {
  const [row] = await db
    .select()
    .from(circlePosts)
    .where(and(eq(circlePosts.circleId, circleId), eq(circlePosts.id, id)))
    .for('update');
  return row;
}

export async function insertPost(db: Queryable, values: typeof circlePosts.$inferInsert): Promise<PostRow> {
  const [row] = await db.insert(circlePosts).values(values).returning();
  if (!row) throw new Error('post insert returned no row');
  return row;
}

export async function updatePost(db: Queryable, id: string, values: Partial<typeof circlePosts.$inferInsert>) {
  await db.update(circlePosts).set(values).where(eq(circlePosts.id, id));
}

export async function deletePost(db: Queryable, id: string) {
  await db.delete(circlePosts).where(eq(circlePosts.id, id));
}

export async function hasReported(db: Queryable, userId: string, postId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: feedbackReports.id })
    .from(feedbackReports)
    .where(
      and(
        eq(feedbackReports.kind, 'post_report'),
        eq(feedbackReports.userId, userId),
        sql`${feedbackReports.fields}->>'post_id' = ${postId}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}
