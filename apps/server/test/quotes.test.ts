/**
 * Quotes and Wisdom over HTTP: the contribution workflow (pending until a librarian approves it or
 * returns it with a note, the contributor notified either way in their language), who may see,
 * edit, review, feature and delete what, the Arabic-aware search, the quote of the day per time
 * zone, saving, the featured quotes of the sign-in carousel, and the validation of contributions.
 */
import { QuoteFacetsSchema, QuoteListSchema, QuoteSchema, QuoteTodaySchema } from '@maktaba/shared/schemas/quotes';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { adminAuditLog, profiles, userNotifications } from '../src/db/schema/index.js';
import { dayIn, dayIndex } from '../src/modules/quotes/quotes.service.js';
import { type ApiClient, clientFrom, expectError } from './api-client.js';
import { accountAs, describeEachDriver, type TestAccount, useTestServer } from './helpers.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('the day of a quote', () => {
  it('is the calendar day in the reader’s time zone, UTC for an unknown zone', () => {
    const justBeforeMidnightUtc = new Date('2026-03-10T23:30:00Z');
    expect(dayIn('UTC', justBeforeMidnightUtc)).toBe('2026-03-10');
    expect(dayIn('Asia/Riyadh', justBeforeMidnightUtc)).toBe('2026-03-11');
    expect(dayIn('America/New_York', justBeforeMidnightUtc)).toBe('2026-03-10');
    expect(dayIn('Not/AZone', justBeforeMidnightUtc)).toBe('2026-03-10');
    expect(dayIn(undefined, justBeforeMidnightUtc)).toBe('2026-03-10');
  });

  it('picks the same index for the same day, within the count', () => {
    expect(dayIndex('2026-03-10', 7)).toBe(dayIndex('2026-03-10', 7));
    for (const day of ['2026-03-10', '2026-03-11', '2026-12-31']) {
      const index = dayIndex(day, 5);
      expect(index).toBeGreaterThanOrEqual(0);
      expect(index).toBeLessThan(5);
    }
  });
});

describeEachDriver('quotes over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1' } });
  let db: Database;
  let contributor: TestAccount;
  let otherPatron: TestAccount;
  let librarian: TestAccount;
  let admin: TestAccount;
  let anonymous: ApiClient;

  const contribute = async (client: ApiClient, body: Record<string, unknown>) => {
    const response = await client.post('/api/quotes', body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return QuoteSchema.parse(response.body);
  };
  /** An approved quote added by the librarian. */
  const approved = (body: Record<string, unknown>) => contribute(librarian.client, { status: 'approved', ...body });
  const notificationsOf = (userId: string) =>
    db
      .select()
      .from(userNotifications)
      .where(eq(userNotifications.userId, userId))
      .orderBy(desc(userNotifications.createdAt));
  /** The audit log's entries about one quote, oldest first: [action, actor]. */
  const auditOf = async (quoteId: string) =>
    (
      await db
        .select({ action: adminAuditLog.actionType, actor: adminAuditLog.actorId, type: adminAuditLog.targetType })
        .from(adminAuditLog)
        .where(eq(adminAuditLog.targetId, quoteId))
        .orderBy(adminAuditLog.createdAt)
    ).map((entry) => [entry.action, entry.actor, entry.type]);
  const search = async (client: ApiClient, query: string) => {
    const response = await client.get(`/api/quotes?${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return QuoteListSchema.parse(response.body);
  };

  beforeAll(async () => {
    db = server.db;
    anonymous = clientFrom(server.url);
    contributor = await accountAs(server, 'patron', { name: 'Quote Contributor' });
    otherPatron = await accountAs(server, 'patron', { name: 'Other Reader' });
    librarian = await accountAs(server, 'librarian', { name: 'Quote Librarian' });
    admin = await accountAs(server, 'admin', { name: 'Quote Admin' });
  });

  it('keeps a contribution pending and private until a librarian approves it, then tells its contributor', async () => {
    const quote = await contribute(contributor.client, {
      text_en: 'Patience is of two kinds: patience over what pains you, and patience against what you covet.',
      speaker_en: 'Imam Ali',
      source_title: 'Nahj al-Balagha',
      source_reference: 'Saying 55',
    });
    expect(quote).toMatchObject({ status: 'pending', featured: false, approved_at: null });
    expect(quote.contributor).toEqual({ id: contributor.id, display_name: 'Quote Contributor' });

    // Another reader cannot see it, list it or save it; the contributor can.
    expectError(await otherPatron.client.get(`/api/quotes/${quote.id}`), 404, 'NOT_FOUND');
    expect((await search(otherPatron.client, 'q=patience')).items.map((item) => item.id)).not.toContain(quote.id);
    expectError(await otherPatron.client.put(`/api/quotes/${quote.id}/save`), 404, 'NOT_FOUND');
    expect((await contributor.client.get(`/api/quotes/${quote.id}`)).status).toBe(200);
    const mine = QuoteListSchema.parse((await contributor.client.get('/api/quotes/mine')).body);
    expect(mine.items.map((item) => item.id)).toContain(quote.id);

    // A patron cannot approve (their own or anyone's); the queue is the librarians'.
    expectError(await contributor.client.post(`/api/quotes/${quote.id}/approve`), 403, 'FORBIDDEN');
    expectError(await otherPatron.client.get('/api/quotes/review'), 403, 'FORBIDDEN');
    const queue = QuoteListSchema.parse((await librarian.client.get('/api/quotes/review')).body);
    const queued = queue.items.find((item) => item.id === quote.id);
    expect(queued?.contributor?.id).toBe(contributor.id);

    const approval = await librarian.client.post(`/api/quotes/${quote.id}/approve`);
    expect(approval.status, JSON.stringify(approval.body)).toBe(200);
    expect(approval.body).toMatchObject({ status: 'approved' });
    expect(approval.body.approved_at).not.toBeNull();
    expectError(await librarian.client.post(`/api/quotes/${quote.id}/approve`), 409, 'WRONG_STATE');
    // The decision is in the audit log, once (the refused second approval wrote nothing).
    expect(await auditOf(quote.id)).toEqual([['approve_quote', librarian.id, 'quote']]);

    const [notice] = await notificationsOf(contributor.id);
    expect(notice).toMatchObject({ title: 'Your quote was approved', link: `/quotes/${quote.id}`, eventType: null });
    expect(notice?.message).toContain('Patience is of two kinds');

    // Now every signed-in reader sees it, without who contributed it; visitors do not.
    const seen = QuoteSchema.parse((await otherPatron.client.get(`/api/quotes/${quote.id}`)).body);
    expect(seen.contributor).toBeNull();
    expect(seen.review_note).toBeNull();
    expect((await search(otherPatron.client, 'q=patience')).items.map((item) => item.id)).toContain(quote.id);
    expectError(await anonymous.get(`/api/quotes/${quote.id}`), 401, 'UNAUTHENTICATED');
    expectError(await anonymous.get('/api/quotes'), 401, 'UNAUTHENTICATED');
  });

  it('returns a contribution to draft with a note, told in the contributor’s language; resubmitting clears it', async () => {
    await db.update(profiles).set({ preferredLanguage: 'ar' }).where(eq(profiles.id, contributor.id));
    const quote = await contribute(contributor.client, { text_ar: 'العِلْمُ خَيْرٌ مِنَ المَالِ' });

    expectError(await librarian.client.post(`/api/quotes/${quote.id}/return`, { note: '' }), 422, 'VALIDATION_FAILED');
    expectError(await contributor.client.post(`/api/quotes/${quote.id}/return`, { note: 'x' }), 403, 'FORBIDDEN');
    const returned = await librarian.client.post(`/api/quotes/${quote.id}/return`, { note: 'Please add the source.' });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    expect(returned.body).toMatchObject({ status: 'draft', review_note: 'Please add the source.' });
    expect(await auditOf(quote.id)).toEqual([['return_quote', librarian.id, 'quote']]);

    const [notice] = await notificationsOf(contributor.id);
    expect(notice).toMatchObject({ title: 'أُعيد إليك قولك', link: '/quotes?tab=mine' });
    expect(notice?.message).toContain('Please add the source.');

    // The note is the contributor's and the staff's only.
    const own = QuoteSchema.parse((await contributor.client.get(`/api/quotes/${quote.id}`)).body);
    expect(own.review_note).toBe('Please add the source.');
    expectError(await otherPatron.client.get(`/api/quotes/${quote.id}`), 404, 'NOT_FOUND');

    const resubmitted = await contributor.client.patch(`/api/quotes/${quote.id}`, {
      source_title: 'Ghurar al-Hikam',
      submit: true,
    });
    expect(resubmitted.status, JSON.stringify(resubmitted.body)).toBe(200);
    expect(resubmitted.body).toMatchObject({ status: 'pending', review_note: null, source_title: 'Ghurar al-Hikam' });
    await db.update(profiles).set({ preferredLanguage: null }).where(eq(profiles.id, contributor.id));
  });

  it('lets only the contributor edit their own draft or pending quote, editors any, and only admins delete', async () => {
    const quote = await contribute(contributor.client, { text_en: 'He who knows himself knows his Lord.' });
    expectError(await otherPatron.client.patch(`/api/quotes/${quote.id}`, { text_en: 'Changed' }), 404, 'NOT_FOUND');
    expect((await contributor.client.patch(`/api/quotes/${quote.id}`, { speaker_en: 'Imam Ali' })).status).toBe(200);
    const edited = await librarian.client.patch(`/api/quotes/${quote.id}`, { translator: 'A. Translator' });
    expect(edited.status).toBe(200);
    expect(edited.body.translator).toBe('A. Translator');

    // Approved, it is no longer the contributor's to change; others still get 404.
    expect((await librarian.client.post(`/api/quotes/${quote.id}/approve`)).status).toBe(200);
    expectError(await contributor.client.patch(`/api/quotes/${quote.id}`, { text_en: 'Mine' }), 409, 'WRONG_STATE');
    expectError(await otherPatron.client.patch(`/api/quotes/${quote.id}`, { text_en: 'Mine' }), 404, 'NOT_FOUND');
    // Emptying both texts is refused.
    expectError(
      await librarian.client.patch(`/api/quotes/${quote.id}`, { text_en: '', text_ar: null }),
      422,
      'QUOTE_TEXT_REQUIRED',
    );

    expectError(await contributor.client.delete(`/api/quotes/${quote.id}`), 403, 'FORBIDDEN');
    expectError(await librarian.client.delete(`/api/quotes/${quote.id}`), 403, 'FORBIDDEN');
    expect((await admin.client.delete(`/api/quotes/${quote.id}`)).status).toBe(204);
    expectError(await admin.client.delete(`/api/quotes/${quote.id}`), 404, 'NOT_FOUND');
    expect(await auditOf(quote.id)).toEqual([
      ['approve_quote', librarian.id, 'quote'],
      ['delete_quote', admin.id, 'quote'],
    ]);
    expectError(await contributor.client.get(`/api/quotes/${quote.id}`), 404, 'NOT_FOUND');
  });

  it('finds a vowelled Arabic saying by an unvowelled query, with or without the article, and English by its words', async () => {
    const saying = await approved({
      text_ar: 'قِيمَةُ كُلِّ امْرِئٍ مَا يُحْسِنُهُ',
      text_en: 'The worth of every man is in his attainments.',
      speaker_en: 'Imam Ali ibn Abi Talib',
      speaker_ar: 'الإمام علي بن أبي طالب',
    });
    const other = await approved({ text_ar: 'الحِلْمُ غِطَاءٌ سَاتِرٌ', text_en: 'Forbearance is a covering veil.' });

    for (const query of ['قيمة كل امرئ', 'قيمه', 'يحسنه', 'attainments', 'WORTH every']) {
      const ids = (await search(otherPatron.client, `q=${encodeURIComponent(query)}`)).items.map((item) => item.id);
      expect(ids, query).toContain(saying.id);
      expect(ids, query).not.toContain(other.id);
    }
    for (const query of ['الحلم', 'حلم', 'والحلم', 'غطاء']) {
      const ids = (await search(otherPatron.client, `q=${encodeURIComponent(query)}`)).items.map((item) => item.id);
      expect(ids, query).toContain(other.id);
    }
    // The speaker's name, in either script, finds it too; a word in no quote finds nothing.
    expect((await search(otherPatron.client, `q=${encodeURIComponent('أبي طالب')}`)).items.map((i) => i.id)).toContain(
      saying.id,
    );
    expect((await search(otherPatron.client, 'q=zzqqxx')).total).toBe(0);
  });

  it('filters by speaker, source and topic as the facets name them, and pages', async () => {
    const [category] = (await anonymous.get('/api/categories')).body.categories as Array<{ id: string; key: string }>;
    expect(category).toBeDefined();
    const a = await approved({
      text_en: 'Silence is the garden of thought.',
      speaker_en: 'Facet Speaker',
      source_title: 'Facet Source',
      topic_ids: [category?.id],
    });
    await approved({ text_en: 'Another saying of the same speaker.', speaker_en: 'Facet Speaker' });

    const facets = QuoteFacetsSchema.parse((await otherPatron.client.get('/api/quotes/facets')).body);
    const speaker = facets.speakers.find((entry) => entry.label === 'Facet Speaker');
    expect(speaker?.count).toBe(2);
    const source = facets.sources.find((entry) => entry.label === 'Facet Source');
    expect(source?.count).toBe(1);
    expect(facets.topics.find((entry) => entry.key === category?.key)?.count).toBeGreaterThanOrEqual(1);

    const bySpeaker = await search(otherPatron.client, `speaker=${encodeURIComponent(speaker?.value ?? '')}&limit=1`);
    expect(bySpeaker).toMatchObject({ total: 2, limit: 1, offset: 0 });
    expect(bySpeaker.items).toHaveLength(1);
    const bySource = await search(otherPatron.client, `source=${encodeURIComponent(source?.value ?? '')}`);
    expect(bySource.items.map((item) => item.id)).toEqual([a.id]);
    const byTopic = await search(otherPatron.client, `topic=${encodeURIComponent(category?.key ?? '')}`);
    expect(byTopic.items.map((item) => item.id)).toContain(a.id);
    expect(byTopic.items.every((item) => item.topics.some((topic) => topic.key === category?.key))).toBe(true);
    expectError(await otherPatron.client.get('/api/quotes?limit=51'), 422, 'VALIDATION_FAILED');
  });

  it('gives everyone the same quote of the day, counted in their time zone', async () => {
    await approved({ text_en: 'A saying so that there is always a quote of the day.' });
    const today = async (client: ApiClient, zone: string) => {
      const response = await client.get(`/api/quotes/today?tz=${encodeURIComponent(zone)}`);
      expect(response.status).toBe(200);
      return QuoteTodaySchema.parse(response.body);
    };
    const first = await today(contributor.client, 'Asia/Riyadh');
    const second = await today(otherPatron.client, 'Asia/Riyadh');
    expect(first.quote).not.toBeNull();
    expect(second.date).toBe(first.date);
    expect(second.quote?.id).toBe(first.quote?.id);
    // Kiritimati (UTC+14) and Pago Pago (UTC−11) are never on the same calendar day.
    const east = await today(contributor.client, 'Pacific/Kiritimati');
    const west = await today(contributor.client, 'Pacific/Pago_Pago');
    expect(east.date).not.toBe(west.date);
    expect(east.date).toBe(dayIn('Pacific/Kiritimati'));
    expect((await today(contributor.client, 'Nowhere/Special')).date).toBe(dayIn('UTC'));
  });

  it('saves an approved quote once however often it is saved, and unsaves likewise', async () => {
    const quote = await approved({ text_en: 'Worth saving.' });
    for (let i = 0; i < 2; i++) expect((await otherPatron.client.put(`/api/quotes/${quote.id}/save`)).status).toBe(204);
    const saved = QuoteListSchema.parse((await otherPatron.client.get('/api/quotes/saved')).body);
    expect(saved.items.filter((item) => item.id === quote.id)).toHaveLength(1);
    expect(saved.items[0]?.saved).toBe(true);
    expect(QuoteSchema.parse((await otherPatron.client.get(`/api/quotes/${quote.id}`)).body).saved).toBe(true);
    expect(QuoteSchema.parse((await contributor.client.get(`/api/quotes/${quote.id}`)).body).saved).toBe(false);
    for (let i = 0; i < 2; i++) {
      expect((await otherPatron.client.delete(`/api/quotes/${quote.id}/save`)).status).toBe(204);
    }
    expect(QuoteListSchema.parse((await otherPatron.client.get('/api/quotes/saved')).body).total).toBe(0);
    expectError(await otherPatron.client.put(`/api/quotes/${UNKNOWN_ID}/save`), 404, 'NOT_FOUND');
  });

  it('features approved quotes for the sign-in carousel, publicly; archiving takes one out', async () => {
    const quote = await approved({
      text_en: 'Featured saying.',
      text_ar: 'قول مختار',
      speaker_en: 'Featured Speaker',
      source_title: 'Featured Source',
      source_reference: 'Saying 1',
    });
    const pending = await contribute(contributor.client, { text_en: 'Not yet approved.' });
    expectError(
      await librarian.client.put(`/api/quotes/${pending.id}/featured`, { featured: true }),
      409,
      'WRONG_STATE',
    );
    expectError(await otherPatron.client.put(`/api/quotes/${quote.id}/featured`, { featured: true }), 403, 'FORBIDDEN');
    expect((await librarian.client.put(`/api/quotes/${quote.id}/featured`, { featured: true })).body.featured).toBe(
      true,
    );

    const featured = await anonymous.get('/api/quotes/featured');
    expect(featured.status).toBe(200);
    expect(featured.headers.get('cache-control')).toContain('public');
    expect(featured.body.items).toContainEqual({
      id: quote.id,
      quote: 'Featured saying.',
      arabicQuote: 'قول مختار',
      author: 'Featured Speaker',
      source: 'Featured Source, Saying 1',
    });

    const archived = await librarian.client.post(`/api/quotes/${quote.id}/archive`);
    expect(archived.body).toMatchObject({ status: 'archived', featured: false });
    expect(
      (await anonymous.get('/api/quotes/featured')).body.items.map((item: { id: string }) => item.id),
    ).not.toContain(quote.id);
    expectError(await otherPatron.client.get(`/api/quotes/${quote.id}`), 404, 'NOT_FOUND');
    expect((await librarian.client.post(`/api/quotes/${quote.id}/restore`)).body.status).toBe('approved');
    expectError(await librarian.client.post(`/api/quotes/${quote.id}/restore`), 409, 'WRONG_STATE');
  });

  it('refuses a contribution without text, with a NUL byte, a non-web link or unknown links', async () => {
    const refused = async (body: Record<string, unknown>, field: string, message?: string) => {
      const error = expectError(await contributor.client.post('/api/quotes', body), 422, 'VALIDATION_FAILED');
      expect(Object.keys(error.details.fieldErrors)).toContain(field);
      if (message) expect(error.details.fieldErrors[field]).toContain(message);
    };
    await refused({}, 'text_en', 'quotes.validation.textRequired');
    await refused({ text_en: '   ', text_ar: '' }, 'text_en', 'quotes.validation.textRequired');
    await refused({ text_en: 'a\u0000b' }, 'text_en', 'validation.invalidCharacters');
    await refused({ text_en: 'Fine', source_url: 'javascript:alert(1)' }, 'source_url', 'quotes.validation.sourceUrl');
    await refused({ text_en: 'Fine', source_url: 'ftp://example.org/x' }, 'source_url', 'quotes.validation.sourceUrl');
    await refused({ text_en: 'x'.repeat(2001) }, 'text_en', 'validation.tooLong');
    await refused({ text_en: 'Fine', author_id: UNKNOWN_ID }, 'author_id');
    await refused({ text_en: 'Fine', source_book_id: UNKNOWN_ID }, 'source_book_id');
    await refused({ text_en: 'Fine', topic_ids: [UNKNOWN_ID] }, 'topic_ids');
    // Markup is removed, not stored.
    const cleaned = await contribute(contributor.client, { text_en: 'Knowledge <b>is</b> light<script>x</script>' });
    expect(cleaned.text_en).toBe('Knowledge is light');
    expectError(await anonymous.post('/api/quotes', { text_en: 'Visitor' }), 401, 'UNAUTHENTICATED');
  });

  it('does not let a patron create an approved quote or feature one (mass assignment)', async () => {
    expectError(
      await contributor.client.post('/api/quotes', { text_en: 'Sneaky', status: 'approved' }),
      403,
      'FORBIDDEN',
    );
    const quote = await contribute(contributor.client, {
      text_en: 'Plain contribution',
      featured: true,
      approved_at: '2020-01-01T00:00:00Z',
      created_by: otherPatron.id,
    });
    expect(quote).toMatchObject({ status: 'pending', featured: false, approved_at: null });
    expect(quote.contributor?.id).toBe(contributor.id);
    const draft = await contribute(contributor.client, { text_en: 'Kept as a draft', submit: false });
    expect(draft.status).toBe('draft');
    const patched = await contributor.client.patch(`/api/quotes/${draft.id}`, { status: 'approved', featured: true });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ status: 'draft', featured: false });
  });
  it('puts the reader’s contributed and saved quotes in their data export', async () => {
    const reader = await accountAs(server, 'patron', { name: 'Exporting Reader' });
    const own = await contribute(reader.client, { text_en: 'My own contribution.', speaker_en: 'Someone' });
    const kept = await approved({ text_en: 'A saying I keep.' });
    expect((await reader.client.put(`/api/quotes/${kept.id}/save`)).status).toBe(204);
    const response = await reader.client.get('/api/profiles/me/export');
    expect(response.status).toBe(200);
    expect(response.body.quotes).toEqual([
      expect.objectContaining({ id: own.id, text_en: 'My own contribution.', status: 'pending' }),
    ]);
    expect(response.body.saved_quotes).toEqual([
      expect.objectContaining({ quote_id: kept.id, text_en: 'A saying I keep.' }),
    ]);
  });
});
