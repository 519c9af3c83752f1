/**
 * The admin analytics through HTTP: known raw rows on past days (searches, views, sign-ins,
 * active readers, registrations, bookmarks, loans, errors, web vitals), rolled up, then each
 * chart's exact figures — zeros on empty days, the zero-result queries, p75 on a small sample,
 * loans per month and category; today counted live (a real search shows at once); the raw event
 * writers (a search, a signed-in reader's day, a batch naming a reader who deleted the account); a 422 for a bad period; a CSV file.
 */
import crypto from 'node:crypto';
import {
  AnalyticsDailySchema,
  AnalyticsErrorsSchema,
  AnalyticsLoansSchema,
  AnalyticsWebVitalsSchema,
  MostViewedSchema,
  TopQueriesSchema,
} from '@maktaba/shared/schemas/analytics';
import { normalizeSearchText } from '@maktaba/shared/search-text';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { insertNamingAccounts } from '../src/db/account-rows.js';
import type { Database } from '../src/db/client.js';
import { isForeignKeyViolation } from '../src/db/pg-errors.js';
import { rowsOf } from '../src/db/raw.js';
import {
  authUsers,
  bookCategories,
  bookmarks,
  books,
  bookViews,
  categories,
  checkouts,
  clientErrors,
  readerDays,
  searchEvents,
  securityEvents,
  webVitals,
} from '../src/db/schema/index.js';
import { WEEK_PREFIX, WEEKLY_METRICS } from '../src/modules/analytics/analytics.metrics.js';
import { metricRows, mostViewed, topQueries } from '../src/modules/analytics/analytics.repository.js';
import { rollUpAnalytics } from '../src/modules/analytics/analytics.service.js';
import { flushSearchEvents, recordSearchEvent } from '../src/modules/analytics/analytics.writers.js';
import { addDays, daysBetween, isoWeekStart, monthsBetween, utcDay } from '../src/modules/analytics/analytics-days.js';
import { csvCell } from '../src/modules/lending-reports/csv.js';
import { createTelemetryPruner } from '../src/modules/telemetry/telemetry-prune.js';
import { type ApiResponse, expectError } from './api-client.js';
import { accountAs, describeEachDriver, type TestAccount, useTestServer } from './helpers.js';

const BASE = '/api/admin/analytics';
const at = (day: string, time: string) => new Date(`${day}T${time}Z`);

/** Polls `read` until it returns something truthy (the writers do not hold the request up). */
async function eventually<T>(read: () => Promise<T>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

type Period = { from: string; to: string; today: string };

/**
 * The rankings as they were first written, every query labelled and every book read from the daily
 * rows alone: the reference the ranked-then-labelled statements (week rows, top first) must match.
 */
async function referenceTopQueries(db: Database, period: Period, zeroOnly: boolean, limit: number) {
  const rows = metricRows(
    ['query_searches', 'query_zero_searches', 'query_first_typed', 'query_last_results'],
    period.from,
    period.to,
    period.today,
  );
  const result = await rowsOf<{ normalized: string; query: string; searches: number | string; last: number | null }>(
    db,
    sql`with r as (${rows}),
        totals as (
          select dimension as normalized,
                 sum(value) filter (where metric = 'query_searches') as searches,
                 coalesce(sum(value) filter (where metric = 'query_zero_searches'), 0) as zero
            from r where metric in ('query_searches', 'query_zero_searches')
           group by dimension),
        firsts as (
          select distinct on (1) left(dimension, strpos(dimension, chr(31)) - 1) as normalized,
                 substr(dimension, strpos(dimension, chr(31)) + 1) as query
            from r where metric = 'query_first_typed'
           order by 1, day, 2),
        lasts as (
          select distinct on (dimension) dimension as normalized, value as last
            from r where metric = 'query_last_results'
           order by dimension, day desc)
        select t.normalized, coalesce(f.query, t.normalized) as query, t.searches, l.last
          from totals t
          left join firsts f on f.normalized = t.normalized
          left join lasts l on l.normalized = t.normalized
         where t.searches > 0 ${zeroOnly ? sql`and t.zero = t.searches` : sql``}
         order by t.searches desc, coalesce(f.query, t.normalized), t.normalized
         limit ${limit}`,
  );
  return result.map((row) => ({
    normalized: row.normalized,
    query: row.query,
    searches: Number(row.searches),
    lastResultCount: Number(row.last ?? 0),
  }));
}

async function referenceMostViewed(db: Database, period: Period, limit: number) {
  const statement: SQL = sql`with v as (
      select dimension as book_id, sum(value) as views
        from (${metricRows(['book_views_by_book'], period.from, period.to, period.today)}) r
       group by dimension)
    select v.book_id, b.title_en, b.title_ar, v.views
      from v join books b on b.id::text = v.book_id
     order by v.views desc, b.title_en nulls last, v.book_id
     limit ${limit}`;
  const rows = await rowsOf<{
    book_id: string;
    title_en: string | null;
    title_ar: string | null;
    views: number | string;
  }>(db, statement);
  return rows.map((row) => ({
    bookId: row.book_id,
    titleEn: row.title_en,
    titleAr: row.title_ar,
    views: Number(row.views),
  }));
}

describeEachDriver('admin analytics over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1', DEMO_CATALOGUE: 'false' } });
  let db: Database;
  let admin: TestAccount;
  let patron: TestAccount;
  const tag = crypto.randomBytes(3).toString('hex');
  const today = utcDay(new Date());
  // The arranged days: d1 and d2 with activity, d0 and d3 without; the CSV's day far before.
  const d0 = addDays(today, -5);
  const d1 = addDays(today, -4);
  const d2 = addDays(today, -3);
  const d3 = addDays(today, -2);
  const csvDay = addDays(today, -10);
  // The rankings' days: 20 days from 30 to 11 days ago, two whole ISO weeks at least, and edges.
  const rankDay = (n: number) => addDays(today, -30 + n);
  const period = `from=${d0}&to=${d3}`;
  const ids: Record<string, string> = {};

  const ok = (response: ApiResponse) => {
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return response.body;
  };

  async function search(day: string, time: string, query: string, resultCount: number) {
    await db.insert(searchEvents).values({
      normalized: normalizeSearchText(query),
      query,
      resultCount,
      occurredAt: at(day, time),
    });
  }
  async function vital(day: string, path: string, device: string, value: number, name = 'LCP') {
    await db.insert(webVitals).values({
      name,
      value,
      rating: 'good',
      delta: value,
      metricId: crypto.randomUUID(),
      path,
      sessionId: 's',
      device: { type: device },
      occurredAt: at(day, '09:00:00'),
      receivedAt: at(day, '09:00:01'),
    });
  }

  beforeAll(async () => {
    db = server.db;
    [admin, patron] = await Promise.all([
      accountAs(server, 'admin', { name: `Admin ${tag}` }),
      accountAs(server, 'patron', { name: `Patron ${tag}` }),
    ]);
    const [bookA, bookB] = await db
      .insert(books)
      .values([
        { titleEn: `Alpha ${tag}`, titleAr: `ألف ${tag}`, status: 'approved' },
        { titleEn: `Beta ${tag}`, titleAr: `باء ${tag}`, status: 'approved' },
      ])
      .returning({ id: books.id });
    const [catX, catY] = await db
      .insert(categories)
      .values([
        { key: `x-${tag}`, nameEn: 'Exegesis', nameAr: 'التفسير' },
        { key: `y-${tag}`, nameEn: 'History', nameAr: 'التاريخ' },
      ])
      .returning({ id: categories.id });
    if (!bookA || !bookB || !catX || !catY) throw new Error('arrangement failed');
    Object.assign(ids, { bookA: bookA.id, bookB: bookB.id, catX: catX.id, catY: catY.id });
    await db.insert(bookCategories).values([
      { bookId: bookA.id, categoryId: catX.id, position: 0 },
      { bookId: bookA.id, categoryId: catY.id, position: 1 },
      { bookId: bookB.id, categoryId: catX.id, position: 0 },
    ]);

    // Searches: tafsir 3 (first typed "Tafsir", last found 4), zzqx 3 (never found), hadith 2.
    await search(d1, '10:00:00', 'Tafsir', 5);
    await search(d1, '10:05:00', 'tafsir', 3);
    await search(d1, '11:00:00', 'Zzqx', 0);
    await search(d2, '08:00:00', 'TAFSIR', 4);
    await search(d2, '09:00:00', 'zzqx', 0);
    await search(d2, '09:30:00', 'zzqx', 0);
    await search(d2, '10:00:00', 'Hadith', 0);
    await search(d2, '12:00:00', 'hadith', 2);
    // The CSV's day: text that needs quoting and a formula to defuse.
    await search(csvDay, '10:00:00', 'Hello, "world"', 1);
    await search(csvDay, '11:00:00', '=HYPERLINK("x")', 0);

    await db.insert(bookViews).values([
      { bookId: bookA.id, viewer: 'v1', day: d1 },
      { bookId: bookA.id, viewer: 'v2', day: d1 },
      { bookId: bookA.id, viewer: 'v1', day: d2 },
      { bookId: bookB.id, viewer: 'v3', day: d2 },
    ]);
    await db.insert(securityEvents).values([
      { eventType: 'login_succeeded', ipAddress: '10.0.0.1', createdAt: at(d1, '07:00:00') },
      { eventType: 'login_succeeded', ipAddress: '10.0.0.1', createdAt: at(d1, '23:59:59') },
      { eventType: 'login_failed', ipAddress: '10.0.0.2', createdAt: at(d2, '00:00:00') },
      { eventType: 'login_failed', ipAddress: '10.0.0.2', createdAt: at(d2, '01:00:00') },
      { eventType: 'login_failed', ipAddress: '10.0.0.2', createdAt: at(d2, '02:00:00') },
      { eventType: 'security_check', ipAddress: '10.0.0.2', createdAt: at(d2, '02:00:00') },
    ]);
    await db.insert(readerDays).values([
      { day: d1, userId: admin.id },
      { day: d1, userId: patron.id },
      { day: d2, userId: patron.id },
    ]);
    await db
      .update(authUsers)
      .set({ createdAt: at(d1, '12:00:00') })
      .where(eq(authUsers.id, patron.id));
    await db.insert(bookmarks).values({ userId: patron.id, bookId: bookA.id, createdAt: at(d2, '15:00:00') });
    const address = {
      name: null,
      address_line_1: '1 Street',
      address_line_2: null,
      city: 'City',
      state_province: 'State',
      postal_code: '12345',
      country: 'SA',
      phone_number: null,
    };
    await db.insert(checkouts).values([
      { userId: patron.id, bookId: bookA.id, checkedOutAt: at(d1, '13:00:00'), shippingAddress: address },
      {
        userId: admin.id,
        bookId: bookB.id,
        status: 'returned',
        checkedOutAt: at(d2, '13:00:00'),
        deliveredAt: at(d2, '18:00:00'),
        returnedAt: at(d2, '20:00:00'),
        shippingAddress: address,
      },
    ]);
    await db.insert(clientErrors).values([
      { type: 'javascript', message: 'a', occurredAt: at(d1, '10:00:00'), receivedAt: at(d1, '10:00:00') },
      { type: 'javascript', message: 'b', occurredAt: at(d1, '11:00:00'), receivedAt: at(d1, '11:00:00') },
      { type: 'chunk-load', message: 'c', occurredAt: at(d2, '11:00:00'), receivedAt: at(d2, '11:00:00') },
    ]);
    // LCP on d2: /book/:id on phones 1000…5000 (p75 4000); on d1: / on desktops 100 and 300 (p75 250).
    for (const [n, value] of [1000, 2000, 3000, 4000, 5000].entries()) {
      await vital(d2, `/book/${n % 2 ? ids.bookA : ids.bookB}`, 'mobile', value);
    }
    await vital(d1, '/', 'desktop', 100);
    await vital(d1, '/', 'desktop', 300);
    await vital(d1, '/', 'desktop', 9, 'CLS');

    // The rankings' days. Searches: "إرشاد" and "أمالي" 5 each, spread over the weeks (tied: the
    // first typed form breaks the tie, and its order is the opposite of the normalised forms'),
    // "kitab" 2 typed two ways, "nohit" 2 that found nothing. Views: Gamma 6, Delta and Epsilon 3
    // each (tied: the title breaks it), spread the same way.
    for (const [n, query, count] of [
      [0, `إرشاد ${tag}`, 4],
      [3, `إرشاد ${tag}`, 2],
      [7, `إرشاد ${tag}`, 5],
      [12, `إرشاد ${tag}`, 1],
      [19, `إرشاد ${tag}`, 7],
      [1, `أمالي ${tag}`, 3],
      [8, `أمالي ${tag}`, 3],
      [9, `أمالي ${tag}`, 6],
      [15, `أمالي ${tag}`, 2],
      [18, `أمالي ${tag}`, 9],
      [2, `KITAB ${tag}`, 8],
      [10, `Kitab ${tag}`, 4],
      [5, `Nohit ${tag}`, 0],
      [13, `nohit ${tag}`, 0],
    ] as const) {
      await search(rankDay(n), '12:00:00', query, count);
    }
    const [bookC, bookD, bookE] = await db
      .insert(books)
      .values([
        { titleEn: `Gamma ${tag}`, titleAr: `جيم ${tag}`, status: 'approved' },
        { titleEn: `Delta ${tag}`, titleAr: `دال ${tag}`, status: 'approved' },
        { titleEn: `Epsilon ${tag}`, titleAr: `هاء ${tag}`, status: 'approved' },
      ])
      .returning({ id: books.id });
    if (!bookC || !bookD || !bookE) throw new Error('arrangement failed');
    Object.assign(ids, { bookC: bookC.id, bookD: bookD.id, bookE: bookE.id });
    await db
      .insert(bookViews)
      .values([
        ...[0, 4, 6, 11, 14, 19].map((n) => ({ bookId: bookC.id, viewer: 'r1', day: rankDay(n) })),
        ...[1, 7, 16].map((n) => ({ bookId: bookD.id, viewer: 'r2', day: rankDay(n) })),
        ...[2, 8, 17].map((n) => ({ bookId: bookE.id, viewer: 'r3', day: rankDay(n) })),
      ]);

    const result = await rollUpAnalytics(db, new Date());
    expect(result.backfilled).toBeGreaterThanOrEqual(9);
  });

  it('answers each day of the period with its figures, zeros included', async () => {
    const body = AnalyticsDailySchema.parse(ok(await admin.client.get(`${BASE}/daily?${period}`)));
    expect(body.from).toBe(d0);
    expect(body.to).toBe(d3);
    expect(body.days).toEqual([d0, d1, d2, d3]);
    expect(body.series).toEqual({
      activeReaders: [0, 2, 1, 0],
      registrations: [0, 1, 0, 0],
      signIns: [0, 2, 0, 0],
      failedSignIns: [0, 0, 3, 0],
      searches: [0, 3, 5, 0],
      zeroResultSearches: [0, 1, 3, 0],
      bookViews: [0, 2, 2, 0],
      bookmarks: [0, 0, 1, 0],
      loanRequests: [0, 1, 1, 0],
      errors: [0, 2, 1, 0],
    });
    // Closed days: when the rollup computed them (a moment ago).
    expect(Date.now() - Date.parse(body.computedAt)).toBeLessThan(120_000);
    // The default period: the last 30 days ending today.
    const fallback = AnalyticsDailySchema.parse(ok(await admin.client.get(`${BASE}/daily`)));
    expect(fallback.days).toEqual(daysBetween(addDays(today, -29), today));
    expect(fallback.series.searches).toHaveLength(30);
  });

  it('lists the most searched queries and those that found nothing', async () => {
    const all = TopQueriesSchema.parse(ok(await admin.client.get(`${BASE}/top-queries?${period}`)));
    expect(all.items).toEqual([
      { query: 'Tafsir', normalized: normalizeSearchText('Tafsir'), searches: 3, lastResultCount: 4 },
      { query: 'Zzqx', normalized: normalizeSearchText('Zzqx'), searches: 3, lastResultCount: 0 },
      { query: 'Hadith', normalized: normalizeSearchText('Hadith'), searches: 2, lastResultCount: 2 },
    ]);
    const zero = TopQueriesSchema.parse(ok(await admin.client.get(`${BASE}/top-queries?${period}&kind=zero`)));
    expect(zero.items.map((item) => item.query)).toEqual(['Zzqx']);
    const one = TopQueriesSchema.parse(ok(await admin.client.get(`${BASE}/top-queries?${period}&limit=1`)));
    expect(one.items.map((item) => item.query)).toEqual(['Tafsir']);
    // On d2 alone, tafsir was first typed in capitals.
    const second = TopQueriesSchema.parse(ok(await admin.client.get(`${BASE}/top-queries?from=${d2}&to=${d2}`)));
    expect(second.items.find((item) => item.normalized === normalizeSearchText('tafsir'))?.query).toBe('TAFSIR');
  });

  it('lists the most viewed books', async () => {
    const body = MostViewedSchema.parse(ok(await admin.client.get(`${BASE}/most-viewed?${period}`)));
    expect(body.items).toEqual([
      { bookId: ids.bookA, titleEn: `Alpha ${tag}`, titleAr: `ألف ${tag}`, views: 3 },
      { bookId: ids.bookB, titleEn: `Beta ${tag}`, titleAr: `باء ${tag}`, views: 1 },
    ]);
  });

  it('keeps week rows equal to the sums of their days', async () => {
    const names = sql.join(
      WEEKLY_METRICS.map((name) => sql`${name}`),
      sql`, `,
    );
    const daily = await rowsOf<{
      metric: string;
      day: string;
      dimension: string;
      value: number;
      samples: number | string;
    }>(
      db,
      sql`select metric, day::text as day, dimension, value, samples from analytics_daily where metric in (${names})`,
    );
    const expected = new Map<string, { value: number; samples: number }>();
    for (const row of daily) {
      const key = `${WEEK_PREFIX}${row.metric}|${isoWeekStart(row.day)}|${row.dimension}`;
      const sum = expected.get(key) ?? { value: 0, samples: 0 };
      expected.set(key, { value: sum.value + Number(row.value), samples: sum.samples + Number(row.samples) });
    }
    const weeks = await rowsOf<{
      metric: string;
      day: string;
      dimension: string;
      value: number;
      samples: number | string;
    }>(
      db,
      sql`select metric, day::text as day, dimension, value, samples from analytics_daily where metric like ${`${WEEK_PREFIX}%`}`,
    );
    expect(weeks.every((row) => isoWeekStart(row.day) === row.day)).toBe(true);
    expect(
      new Map(
        weeks.map((row) => [
          `${row.metric}|${row.day}|${row.dimension}`,
          { value: Number(row.value), samples: Number(row.samples) },
        ]),
      ),
    ).toEqual(expected);
    // The arranged days span whole weeks and parts of weeks.
    expect(weeks.some((row) => row.day > rankDay(0) && row.day <= rankDay(12))).toBe(true);
  });

  it('ranks as labelling every query and book would, whichever edges and weeks the period has', async () => {
    const periods: Period[] = [];
    for (const from of [0, 1, 3, 6]) {
      for (const to of [12, 14, 17, 19]) periods.push({ from: rankDay(from), to: rankDay(to), today });
    }
    periods.push({ from: rankDay(5), to: today, today }, { from: rankDay(9), to: rankDay(9), today });
    for (const period of periods) {
      for (const limit of [1, 2, 3, 20]) {
        for (const zeroOnly of [false, true]) {
          expect(
            await topQueries(db, period, { zeroOnly, limit }),
            JSON.stringify({ period, limit, zeroOnly }),
          ).toEqual(await referenceTopQueries(db, period, zeroOnly, limit));
        }
        expect(await mostViewed(db, period, limit), JSON.stringify({ period, limit })).toEqual(
          await referenceMostViewed(db, period, limit),
        );
      }
    }
    // The whole span: the tie at the limit goes to the first typed form that sorts first ("أمالي"),
    // although its normalised form sorts after the other's; the last result counts are the last day's.
    const span = `from=${rankDay(0)}&to=${rankDay(19)}`;
    const one = TopQueriesSchema.parse(ok(await admin.client.get(`${BASE}/top-queries?${span}&limit=1`)));
    expect(one.items).toEqual([
      { query: `أمالي ${tag}`, normalized: normalizeSearchText(`أمالي ${tag}`), searches: 5, lastResultCount: 9 },
    ]);
    expect(normalizeSearchText(`أمالي ${tag}`) > normalizeSearchText(`إرشاد ${tag}`)).toBe(true);
    const all = TopQueriesSchema.parse(ok(await admin.client.get(`${BASE}/top-queries?${span}`)));
    expect(all.items.map((item) => [item.query, item.searches, item.lastResultCount])).toEqual([
      [`أمالي ${tag}`, 5, 9],
      [`إرشاد ${tag}`, 5, 7],
      [`KITAB ${tag}`, 2, 4],
      [`Nohit ${tag}`, 2, 0],
    ]);
    // From day 3 on, kitab was first typed "Kitab".
    const later = TopQueriesSchema.parse(
      ok(await admin.client.get(`${BASE}/top-queries?from=${rankDay(3)}&to=${rankDay(19)}`)),
    );
    expect(later.items.find((item) => item.normalized === normalizeSearchText(`kitab ${tag}`))?.query).toBe(
      `Kitab ${tag}`,
    );
    const viewed = MostViewedSchema.parse(ok(await admin.client.get(`${BASE}/most-viewed?${span}&limit=2`)));
    expect(viewed.items.map((item) => [item.titleEn, item.views])).toEqual([
      [`Gamma ${tag}`, 6],
      [`Delta ${tag}`, 3],
    ]);
  });

  it('leaves a deleted book out of the most viewed and still fills the limit', async () => {
    await db.delete(books).where(eq(books.id, ids.bookC as string));
    const span = { from: rankDay(0), to: rankDay(19), today };
    const body = MostViewedSchema.parse(
      ok(await admin.client.get(`${BASE}/most-viewed?from=${span.from}&to=${span.to}&limit=2`)),
    );
    expect(body.items.map((item) => [item.titleEn, item.views])).toEqual([
      [`Delta ${tag}`, 3],
      [`Epsilon ${tag}`, 3],
    ]);
    for (const limit of [1, 2, 3])
      expect(await mostViewed(db, span, limit)).toEqual(await referenceMostViewed(db, span, limit));
  });

  it('counts loans per month and per category (a book in two categories counts in both)', async () => {
    const body = AnalyticsLoansSchema.parse(ok(await admin.client.get(`${BASE}/loans?${period}`)));
    const expected = monthsBetween(d0, d3).map((month) => ({
      month,
      requested: (d1.startsWith(month) ? 1 : 0) + (d2.startsWith(month) ? 1 : 0),
      onLoan: d2.startsWith(month) ? 1 : 0,
    }));
    expect(body.months).toEqual(expected);
    expect(body.categories).toEqual([
      { categoryId: ids.catX, nameEn: 'Exegesis', nameAr: 'التفسير', loans: 2 },
      { categoryId: ids.catY, nameEn: 'History', nameAr: 'التاريخ', loans: 1 },
    ]);
  });

  it('gives the 75th percentile of a web vital per page pattern and device', async () => {
    const body = AnalyticsWebVitalsSchema.parse(ok(await admin.client.get(`${BASE}/web-vitals?${period}`)));
    expect(body.metric).toBe('LCP');
    expect(body.thresholds).toEqual({ good: 2500, poor: 4000 });
    expect(body.unit).toBe('ms');
    expect(body.days).toEqual([d0, d1, d2, d3]);
    expect(body.series).toEqual([
      { page: '/book/:id', device: 'mobile', p75: [null, null, 4000, null], samples: [0, 0, 5, 0] },
      { page: '/', device: 'desktop', p75: [null, 250, null, null], samples: [0, 2, 0, 0] },
    ]);
    expect(body.overall).toEqual([
      { page: '/book/:id', device: 'mobile', p75: 4000, samples: 5 },
      { page: '/', device: 'desktop', p75: 250, samples: 2 },
    ]);
    const cls = AnalyticsWebVitalsSchema.parse(ok(await admin.client.get(`${BASE}/web-vitals?${period}&metric=CLS`)));
    expect(cls.unit).toBe('score');
    expect(cls.overall).toEqual([{ page: '/', device: 'desktop', p75: 9, samples: 1 }]);
  });

  it('counts browser errors per type and day', async () => {
    const body = AnalyticsErrorsSchema.parse(ok(await admin.client.get(`${BASE}/errors?${period}`)));
    expect(body).toEqual({
      days: [d0, d1, d2, d3],
      types: [
        { type: 'javascript', counts: [0, 2, 0, 0] },
        { type: 'chunk-load', counts: [0, 0, 1, 0] },
      ],
    });
  });

  it('keeps a rolled-up day as it is when the job runs again (its raw rows may be pruned)', async () => {
    await db
      .delete(searchEvents)
      .where(sql`${searchEvents.occurredAt} < ${at(d2, '00:00:00').toISOString()}::timestamptz`);
    await rollUpAnalytics(db, new Date());
    const body = AnalyticsDailySchema.parse(ok(await admin.client.get(`${BASE}/daily?${period}`)));
    expect(body.series.searches).toEqual([0, 3, 5, 0]);
  });

  it('counts today live: a search made a moment ago is there at once, and written once', async () => {
    // Words no book has (the books arranged above carry `tag` in their titles).
    const text = `Qmzv ${crypto.randomBytes(4).toString('hex')}xq`;
    const found = await patron.client.get(`/api/search?q=${encodeURIComponent(text)}&category=x-${tag}`);
    expect(found.status).toBe(200);
    // Later pages of the same search, and autocomplete, are not searches of their own.
    expect((await patron.client.get(`/api/search?q=${encodeURIComponent(text)}&page=2`)).status).toBe(200);
    expect((await patron.client.get(`/api/search/suggest?q=${encodeURIComponent(text)}`)).status).toBe(200);
    const normalized = normalizeSearchText(text);
    const rows = await eventually(async () => {
      const list = await db.select().from(searchEvents).where(eq(searchEvents.normalized, normalized));
      return list.length > 0 ? list : null;
    });
    expect(rows).toHaveLength(1);
    expect(rows?.[0]).toMatchObject({
      query: text,
      resultCount: 0,
      userId: patron.id,
      filters: { category: [`x-${tag}`] },
    });
    // Anonymous searches count too (no reader attached).
    const visitor = await fetch(`${server.url}/api/search?q=${encodeURIComponent(`${text} visitor`)}`);
    expect(visitor.status).toBe(200);
    const anonymous = await eventually(async () => {
      const [row] = await db
        .select()
        .from(searchEvents)
        .where(eq(searchEvents.normalized, normalizeSearchText(`${text} visitor`)));
      return row ? row.userId === null : false;
    });
    expect(anonymous).toBe(true);

    const top = TopQueriesSchema.parse(ok(await admin.client.get(`${BASE}/top-queries?kind=zero`)));
    expect(top.items).toContainEqual({ query: text, normalized, searches: 1, lastResultCount: 0 });
    const daily = AnalyticsDailySchema.parse(ok(await admin.client.get(`${BASE}/daily?from=${today}&to=${today}`)));
    expect(daily.series.searches[0]).toBeGreaterThanOrEqual(2);
    expect(daily.series.registrations[0]).toBeGreaterThanOrEqual(1);
    expect(Math.abs(Date.now() - Date.parse(daily.computedAt))).toBeLessThan(60_000);
  });

  it('keeps a batch of searches when one of their readers deleted the account meanwhile', async () => {
    // Searches wait up to 200 ms to be written together: the batch names a reader who is still here,
    // one whose account was deleted in that moment, and a visitor. None is lost; only the reader who
    // is gone is left out, as deleting the account does to the earlier searches.
    const leaving = await accountAs(server, 'patron', { name: `Leaving ${tag}` });
    const logger = server.running.deps.logger;
    const word = `Zqwv${crypto.randomBytes(4).toString('hex')}`;
    const search = (who: string, userId: string | null) => {
      const query = `${word} ${who}`;
      recordSearchEvent(
        db,
        { query, normalized: normalizeSearchText(query), resultCount: 1, filters: {}, locale: 'en', userId },
        logger,
      );
    };
    search('stays', patron.id);
    search('leaves', leaving.id);
    search('visits', null);
    await db.delete(authUsers).where(eq(authUsers.id, leaving.id));
    await flushSearchEvents(db);
    const rows = await db
      .select({ query: searchEvents.query, userId: searchEvents.userId })
      .from(searchEvents)
      .where(sql`${searchEvents.query} like ${`${word} %`}`)
      .orderBy(searchEvents.query);
    expect(rows).toEqual([
      { query: `${word} leaves`, userId: null },
      { query: `${word} stays`, userId: patron.id },
      { query: `${word} visits`, userId: null },
    ]);
  });

  it('still refuses a row whose other reference is missing, when every account named is there', async () => {
    const missingBook = crypto.randomUUID();
    await expect(
      insertNamingAccounts(db, [{ userId: patron.id, bookId: missingBook }], (rows) =>
        db.insert(bookmarks).values(rows),
      ),
    ).rejects.toSatisfy(isForeignKeyViolation);
    expect(await db.select().from(bookmarks).where(eq(bookmarks.bookId, missingBook))).toEqual([]);
  });

  it('writes one reader_days row per reader and day, whatever the number of requests', async () => {
    const reader = await accountAs(server, 'patron', { name: `Reader ${tag}` });
    expect((await reader.client.get('/api/auth/sessions')).status).toBe(200);
    expect((await reader.client.get('/api/auth/session')).status).toBe(200);
    const mine = () =>
      db
        .select()
        .from(readerDays)
        .where(and(eq(readerDays.userId, reader.id), eq(readerDays.day, today)));
    const rows = await eventually(async () => ((await mine()).length > 0 ? mine() : null));
    expect(rows).toEqual([{ day: today, userId: reader.id }]);
    const daily = AnalyticsDailySchema.parse(ok(await admin.client.get(`${BASE}/daily?from=${today}&to=${today}`)));
    expect(daily.series.activeReaders[0]).toBeGreaterThanOrEqual(1);
  });

  it('refuses a bad period, limit, kind, metric or format with a 422 naming the field', async () => {
    const bad: Array<[string, string, string?]> = [
      ['daily?from=2026-05-02&to=2026-05-01', 'to', 'validation.reports.periodOrder'],
      ['daily?from=2025-01-01&to=2026-01-02', 'from', 'validation.analytics.periodTooLong'],
      ['daily?from=2026-02-30', 'from'],
      ['daily?to=yesterday', 'to'],
      ['daily?format=xlsx', 'format'],
      ['top-queries?limit=0', 'limit'],
      ['top-queries?limit=101', 'limit'],
      ['top-queries?kind=some', 'kind'],
      ['most-viewed?limit=2.5', 'limit'],
      ['web-vitals?metric=FID', 'metric'],
      ['loans?from=2026-01-01T00:00:00Z', 'from'],
    ];
    for (const [path, field, message] of bad) {
      const response = await admin.client.get(`${BASE}/${path}`);
      expectError(response, 422, 'VALIDATION_FAILED');
      expect(Object.keys(response.body.error.details.fieldErrors), path).toContain(field);
      if (message) expect(JSON.stringify(response.body.error.details.fieldErrors[field]), path).toContain(message);
    }
    // 366 days is the longest period.
    ok(await admin.client.get(`${BASE}/daily?from=2025-01-01&to=2026-01-01`));
  });

  it('answers a CSV file: byte-order mark, header, quoting and defused formulas', async () => {
    const response = await fetch(`${server.url}${BASE}/top-queries?from=${csvDay}&to=${csvDay}&format=csv`, {
      headers: { ...admin.client.defaultHeaders, cookie: admin.client.cookieHeader() },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="analytics-top-queries-${csvDay}-${csvDay}.csv"`,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe('query,normalized,searches,last_result_count');
    const formula = '=HYPERLINK("x")';
    expect(csvCell(formula)).toBe(`"'=HYPERLINK(""x"")"`);
    expect(lines).toContain(`${csvCell(formula)},${csvCell(normalizeSearchText(formula))},1,0`);
    expect(lines).toContain(`"Hello, ""world""",${csvCell(normalizeSearchText('Hello, "world"'))},1,1`);
    expect(lines.at(-1)).toBe('');
  });

  it('prunes the search log with the telemetry (30 days); the rollups stay', async () => {
    const old = addDays(today, -31);
    await search(old, '10:00:00', `Old ${tag}`, 1);
    await rollUpAnalytics(db, new Date());
    const pruner = createTelemetryPruner(db, server.running.deps.logger);
    pruner.start();
    await pruner.stop();
    const left = await db
      .select()
      .from(searchEvents)
      .where(eq(searchEvents.query, `Old ${tag}`));
    expect(left).toEqual([]);
    const body = AnalyticsDailySchema.parse(ok(await admin.client.get(`${BASE}/daily?from=${old}&to=${old}`)));
    expect(body.series.searches).toEqual([1]);
  });

  it('is for admins only', async () => {
    expectError(await patron.client.get(`${BASE}/daily`), 403, 'FORBIDDEN');
  });
});
