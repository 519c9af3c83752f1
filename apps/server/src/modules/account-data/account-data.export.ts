import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/raw.js';
import { NEVER_EXPORTED } from './account-data.coverage.js';

/*
 * The reader's export (privacy policy: the right of access). Written to the response section by
 * section as it is read, a page of rows at a time in key order, so neither the server nor the
 * database holds more than one page of it at once, however long a reader's history.
 */

/** Rows read per query. */
export const EXPORT_PAGE_SIZE = 200;

type Who = { id: string; email: string };

type Section = {
  name: string;
  /** One row (an object) or null, written as a value rather than a list. */
  single?: boolean;
  /**
   * The next page: rows whose `cursor` (text, in key order) comes after `after`, at most `limit`,
   * each as `{ cursor, row }` with `row` the exported object.
   */
  page: (who: Who, after: string | null, limit: number) => SQL;
};

const after = (column: SQL, cursor: string | null) => (cursor === null ? sql`true` : sql`${column} > ${cursor}`);

/** `select … from (inner) x`: every inner column but `cursor` becomes the exported object. */
const paged = (inner: SQL, limit: number) =>
  sql`select x.cursor, to_jsonb(x) - 'cursor' as row from (${inner} order by 1 limit ${limit}) x`;

const SECTIONS: Section[] = [
  {
    name: 'account',
    single: true,
    page: (who) => sql`select id::text as cursor, jsonb_build_object(
        'id', id, 'name', name, 'email', email, 'email_verified', email_verified, 'image', image,
        'two_factor_enabled', two_factor_enabled, 'created_at', created_at, 'updated_at', updated_at) as row
      from auth_users where id = ${who.id}`,
  },
  {
    name: 'profile',
    single: true,
    page: (who) => sql`select id::text as cursor, to_jsonb(p) - 'registration_complete' - 'created_by' as row
      from profiles p where id = ${who.id}`,
  },
  {
    name: 'sign_in_methods',
    page: (who, cursor, limit) =>
      paged(
        sql`select id::text as cursor, provider_id as provider, (password is not null) as has_password, scope, created_at, updated_at
          from auth_accounts where user_id = ${who.id} and ${after(sql`id::text`, cursor)}`,
        limit,
      ),
  },
  {
    name: 'two_factor',
    page: (who, cursor, limit) =>
      paged(
        sql`select id::text as cursor, verified, created_at
          from auth_two_factors where user_id = ${who.id} and ${after(sql`id::text`, cursor)}`,
        limit,
      ),
  },
  {
    name: 'passkeys',
    page: (who, cursor, limit) =>
      paged(
        sql`select id::text as cursor, name, device_type, backed_up, created_at
          from auth_passkeys where user_id = ${who.id} and ${after(sql`id::text`, cursor)}`,
        limit,
      ),
  },
  {
    name: 'sessions',
    page: (who, cursor, limit) =>
      paged(
        sql`select id::text as cursor, id, ip_address, user_agent, created_at, last_active_at, expires_at
          from auth_sessions where user_id = ${who.id} and ${after(sql`id::text`, cursor)}`,
        limit,
      ),
  },
  {
    name: 'ended_sessions',
    page: (who, cursor, limit) =>
      paged(
        sql`select token_hash as cursor, reason, revoked_at
          from revoked_sessions where user_id = ${who.id} and ${after(sql`token_hash`, cursor)}`,
        limit,
      ),
  },
  {
    name: 'loans',
    page: (who, cursor, limit) =>
      paged(
        sql`select c.id::text as cursor, c.id, c.book_id, b.title_en as title, b.title_ar, c.status,
            c.checked_out_at as requested_at, c.approved_at, c.denied_at, c.denial_reason, c.cancelled_at,
            c.shipped_at, c.carrier, c.tracking_number, c.delivered_at, c.due_date, c.renewal_count,
            c.return_shipped_at, c.return_carrier, c.return_tracking_number, c.returned_at, c.return_condition,
            c.lost_at, c.confirm_by, c.confirmed_at, c.shipping_address, c.locale,
            coalesce((select jsonb_agg(jsonb_build_object(
                'action', e.action, 'from_status', e.from_status, 'to_status', e.to_status,
                'by', case when e.actor_id = c.user_id then 'you' else 'library' end,
                'note', case when e.actor_id = c.user_id or e.action = 'deny' then e.note end,
                'at', e.created_at) order by e.created_at, e.id)
              from loan_events e where e.loan_id = c.id), '[]'::jsonb) as events
          from checkouts c join books b on b.id = c.book_id
          where c.user_id = ${who.id} and ${after(sql`c.id::text`, cursor)}`,
        limit,
      ),
  },
  {
    name: 'waiting_lists',
    page: (who, cursor, limit) =>
      paged(
        sql`select h.id::text as cursor, h.id, h.book_id, b.title_en as title, b.title_ar, h.status, h.locale,
            h.loan_id, h.offered_at, h.closed_at, h.reason, h.created_at, h.updated_at
          from holds h join books b on b.id = h.book_id
          where h.user_id = ${who.id} and ${after(sql`h.id::text`, cursor)}`,
        limit,
      ),
  },
  {
    name: 'bookmarks',
    page: (who, cursor, limit) =>
      paged(
        sql`select k.id::text as cursor, k.id, k.book_id, b.title_en as title, b.title_ar, k.created_at
          from bookmarks k join books b on b.id = k.book_id
          where k.user_id = ${who.id} and ${after(sql`k.id::text`, cursor)}`,
        limit,
      ),
  },
  {
    name: 'collections',
    page: (who, cursor, limit) =>
      paged(
        sql`select c.id::text as cursor, c.id, c.title_en, c.title_ar, c.description_en, c.description_ar,
            c.is_public, c.featured_at, c.created_at, c.updated_at,
            coalesce((select jsonb_agg(jsonb_build_object(
                'book_id', cb.book_id, 'title', b.title_en, 'title_ar', b.title_ar, 'note', cb.note,
                'added_at', cb.added_at) order by cb.position, cb.book_id)
              from collection_books cb join books b on b.id = cb.book_id
              where cb.collection_id = c.id), '[]'::jsonb) as books
          from collections c
          where c.owner_id = ${who.id} and ${after(sql`c.id::text`, cursor)}`,
        limit,
      ),
  },
  {
    name: 'quotes',
    page: (who, cursor, limit) =>
      paged(
        sql`select q.id::text as cursor, q.id, q.text_en, q.text_ar, q.speaker_en, q.speaker_ar, q.source_title,
            q.source_reference, q.translator, q.source_url, q.status, q.review_note, q.created_at, q.updated_at,
            q.approved_at
          from quotes q where q.created_by = ${who.id} and ${after(sql`q.id::text`, cursor)}`,
        limit,
      ),
  },
  {
    name: 'saved_quotes',
    page: (who, cursor, limit) =>
      paged(
        sql`select s.quote_id::text as cursor, s.quote_id, q.text_en, q.text_ar, q.speaker_en, q.speaker_ar,
            s.created_at as saved_at
          from quote_saves s join quotes q on q.id = s.quote_id
          where s.user_id = ${who.id} and ${after(sql`s.quote_id::text`, cursor)}`,
        limit,
      ),
  },
  {
    // A staff member's articles: which they wrote, by id and title (their text is the library's).
    name: 'articles',
    page: (who, cursor, limit) =>
      paged(
        sql`select a.id::text as cursor, a.id, a.title_en, a.title_ar, a.status, a.published_at, a.created_at,
            a.updated_at
          from articles a where a.author_id = ${who.id} and ${after(sql`a.id::text`, cursor)}`,
        limit,
      ),
  },
  {
    name: 'study_guides_followed',
    page: (who, cursor, limit) =>
      paged(
        sql`select f.guide_id::text as cursor, f.guide_id, g.title_en, g.title_ar, f.last_step_id, f.created_at as started_at,
            f.updated_at, f.completed_at
          from study_guide_follows f join study_guides g on g.id = f.guide_id
          where f.user_id = ${who.id} and ${after(sql`f.guide_id::text`, cursor)}`,
        limit,
      ),
  },
  {
    name: 'study_guide_steps_done',
    page: (who, cursor, limit) =>
      paged(
        sql`select d.step_id::text as cursor, d.step_id, s.guide_id, g.title_en as guide_title, g.title_ar as guide_title_ar,
            s.position, s.book_id, b.title_en as book_title, b.title_ar as book_title_ar, s.chapter,
            d.created_at as completed_at
          from study_guide_progress d join study_guide_steps s on s.id = d.step_id
          join study_guides g on g.id = s.guide_id join books b on b.id = s.book_id
          where d.user_id = ${who.id} and ${after(sql`d.step_id::text`, cursor)}`,
        limit,
      ),
  },
  {
    // The reader's places in study circles (members, waiting, left or removed, with the reason told).
    name: 'study_circles',
    page: (who, cursor, limit) =>
      paged(
        sql`select m.circle_id::text as cursor, m.circle_id, c.name as circle_name, m.status, m.created_at as joined_at,
            m.updated_at, m.removed_reason
          from circle_members m join study_circles c on c.id = m.circle_id
          where m.user_id = ${who.id} and ${after(sql`m.circle_id::text`, cursor)}`,
        limit,
      ),
  },
  {
    name: 'study_circles_hosted',
    page: (who, cursor, limit) =>
      paged(
        sql`select c.id::text as cursor, c.id, c.name, c.description, c.language, c.capacity, c.status,
            c.created_at, c.updated_at
          from study_circles c where c.host_id = ${who.id} and ${after(sql`c.id::text`, cursor)}`,
        limit,
      ),
  },
  {
    name: 'circle_posts',
    page: (who, cursor, limit) =>
      paged(
        sql`select p.id::text as cursor, p.id, p.circle_id, c.name as circle_name, p.reply_to, p.body,
            p.created_at, p.edited_at, p.hidden_at, p.hidden_reason
          from circle_posts p join study_circles c on c.id = p.circle_id
          where p.author_id = ${who.id} and ${after(sql`p.id::text`, cursor)}`,
        limit,
      ),
  },
  {
    name: 'questions',
    page: (who, cursor, limit) =>
      paged(
        sql`select q.id::text as cursor, q.id, q.subject, q.status, q.locale, q.publish_consent,
            q.topic_id, c.name_en as topic, c.name_ar as topic_ar, q.book_id, b.title_en as book_title,
            b.title_ar as book_title_ar, q.answered_at, q.resolved_at, q.created_at, q.updated_at,
            coalesce((select jsonb_agg(jsonb_build_object(
                'by', case when m.from_staff then 'library' else 'you' end,
                'body', m.body, 'book_ids', m.book_ids, 'at', m.created_at) order by m.created_at, m.id)
              from question_messages m where m.question_id = q.id), '[]'::jsonb) as messages
          from librarian_questions q
          left join categories c on c.id = q.topic_id left join books b on b.id = q.book_id
          where q.user_id = ${who.id} and ${after(sql`q.id::text`, cursor)}`,
        limit,
      ),
  },
  {
    name: 'notifications',
    page: (who, cursor, limit) =>
      paged(
        sql`select id::text as cursor, id, title, message, type, event_type, link, created_at, read_at
          from user_notifications where user_id = ${who.id} and ${after(sql`id::text`, cursor)}`,
        limit,
      ),
  },
  {
    name: 'feedback',
    page: (who, cursor, limit) =>
      paged(
        sql`select id::text as cursor, id, kind, name, email, fields, severity, page_context, device, language,
            status, handled_at, created_at
          from feedback_reports where user_id = ${who.id} and ${after(sql`id::text`, cursor)}`,
        limit,
      ),
  },
  {
    name: 'search_history',
    page: (who, cursor, limit) =>
      paged(
        sql`select id::text as cursor, query, searched_at
          from search_history where user_id = ${who.id} and ${after(sql`id::text`, cursor)}`,
        limit,
      ),
  },
  {
    name: 'book_views',
    page: (who, cursor, limit) =>
      paged(
        sql`select v.day::text || '/' || v.book_id::text as cursor, v.book_id, b.title_en as title, v.day
          from book_views v join books b on b.id = v.book_id
          where v.viewer = ${who.id} and ${after(sql`v.day::text || '/' || v.book_id::text`, cursor)}`,
        limit,
      ),
  },
  {
    name: 'activity_log',
    page: (who, cursor, limit) =>
      paged(
        sql`select id::text as cursor, activity_type, activity_data, created_at
          from user_activity_log where user_id = ${who.id} and ${after(sql`id::text`, cursor)}`,
        limit,
      ),
  },
  {
    name: 'account_changes',
    page: (who, cursor, limit) =>
      paged(
        sql`select id::text as cursor, action_type, changes, created_at
          from admin_audit_log where target_user = ${who.id} and ${after(sql`id::text`, cursor)}`,
        limit,
      ),
  },
  {
    name: 'security_events',
    page: (who, cursor, limit) =>
      paged(
        sql`select lpad(id::text, 20, '0') as cursor, event_type, action, ip_address, user_agent, allowed, created_at
          from security_events where identifier = ${who.email.toLowerCase()}
            and ${after(sql`lpad(id::text, 20, '0')`, cursor)}`,
        limit,
      ),
  },
  {
    name: 'analytics',
    single: true,
    page: (who) => sql`select user_id::text as cursor, to_jsonb(a) - 'user_id' as row
      from user_analytics a where user_id = ${who.id}`,
  },
  {
    name: 'setup_logs',
    page: (who, cursor, limit) =>
      paged(
        sql`select lpad(id::text, 20, '0') as cursor, event_type, error_message, created_at
          from user_setup_logs where user_id = ${who.id} and ${after(sql`lpad(id::text, 20, '0')`, cursor)}`,
        limit,
      ),
  },
  {
    name: 'emails',
    page: (who, cursor, limit) =>
      paged(
        sql`select lpad(id::text, 20, '0') as cursor, template, locale, subject, status, created_at, sent_at
          from email_outbox where lower(to_address) = ${who.email.toLowerCase()}
            and ${after(sql`lpad(id::text, 20, '0')`, cursor)}`,
        limit,
      ),
  },
  {
    name: 'error_reports',
    page: (who, cursor, limit) =>
      paged(
        sql`select lpad(id::text, 20, '0') as cursor, type, message, url, user_agent, occurred_at
          from client_errors where user_id = ${who.id} and ${after(sql`lpad(id::text, 20, '0')`, cursor)}`,
        limit,
      ),
  },
  {
    name: 'searches',
    page: (who, cursor, limit) =>
      paged(
        sql`select lpad(id::text, 20, '0') as cursor, query, result_count, filters, locale, occurred_at
          from search_events where user_id = ${who.id} and ${after(sql`lpad(id::text, 20, '0')`, cursor)}`,
        limit,
      ),
  },
  {
    name: 'active_days',
    page: (who, cursor, limit) =>
      paged(
        sql`select day::text as cursor, day from reader_days
          where user_id = ${who.id} and ${after(sql`day::text`, cursor)}`,
        limit,
      ),
  },
  {
    name: 'performance_measurements',
    page: (who, cursor, limit) =>
      paged(
        sql`select lpad(id::text, 20, '0') as cursor, name, value, rating, path, device, browser, occurred_at
          from web_vitals where user_id = ${who.id} and ${after(sql`lpad(id::text, 20, '0')`, cursor)}`,
        limit,
      ),
  },
];

/** The sections of the file, in order (the coverage test checks every covered section is one). */
export const EXPORT_SECTIONS = SECTIONS.map((section) => section.name);

/** The file name the browser saves: maktaba-data-2026-11-27.json (the server's UTC date). */
export function exportFileName(now: Date): string {
  return `maktaba-data-${now.toISOString().slice(0, 10)}.json`;
}

/**
 * The export as a stream of UTF-8 text making one JSON object. Each section is read a page at a
 * time, only when the response is ready for more (pull), so a slow download holds no more than a
 * page in memory.
 */
export function exportStream(
  db: Database,
  who: Who,
  now: Date,
  pageSize = EXPORT_PAGE_SIZE,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  async function* chunks(): AsyncGenerator<string> {
    yield `{\n"format": "maktaba-data-export/1",\n"exported_at": ${JSON.stringify(now.toISOString())},\n`;
    yield `"not_included": ${JSON.stringify(NEVER_EXPORTED)}`;
    for (const section of SECTIONS) {
      yield `,\n${JSON.stringify(section.name)}: `;
      if (section.single) {
        const [first] = await rowsOf<{ row: unknown }>(db, section.page(who, null, 1));
        yield JSON.stringify(first?.row ?? null);
        continue;
      }
      yield '[';
      let cursor: string | null = null;
      let count = 0;
      for (;;) {
        const rows: { cursor: string; row: unknown }[] = await rowsOf(db, section.page(who, cursor, pageSize));
        for (const { row } of rows) {
          yield `${count === 0 ? '\n' : ',\n'}${JSON.stringify(row)}`;
          count++;
        }
        const last = rows.at(-1);
        if (!last || rows.length < pageSize) break;
        cursor = last.cursor;
      }
      yield count === 0 ? ']' : '\n]';
    }
    yield '\n}\n';
  }
  const iterator = chunks();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return(undefined);
    },
  });
}
