/**
 * Articles over HTTP: publishing rules (drafts invisible to readers and visitors), who may write
 * and delete, the sanitised rendering of bodies, the Arabic-aware search, topics and their
 * counts, linked books as cards in order, validation, the preview's rate limit, covers through
 * the image pipeline, and the audit entries of publishing, unpublishing and deleting.
 */
import {
  ARTICLE_LIMITS,
  ArticleListSchema,
  ArticleSchema,
  ArticleSourceSchema,
  LibraryArticleListSchema,
} from '@maktaba/shared/schemas/articles';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { adminAuditLog, authors, books, categories } from '../src/db/schema/index.js';
import { type ApiClient, clientFrom, expectError } from './api-client.js';
import { accountAs, describeEachDriver, rawRequest, type TestAccount, useTestServer } from './helpers.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** A selection of hostile bodies (the renderer's unit test holds a hundred). */
const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '[a](javascript:alert(1))',
  '[b](JaVaScRiPt:alert(1))',
  '[c](&#106;avascript:alert(1))',
  '[d](vbscript:msgbox(1))',
  '[e](data:text/html,<script>alert(1)</script>)',
  '[f][r]\n\n[r]: javascript:alert(1)',
  '<javascript:alert(1)>',
  '![g](https://evil.example/x.png)',
  '![h](//evil.example/x.png)',
  '<iframe src="https://evil.example"></iframe>',
  '<style>body{display:none}</style>',
  '<form action="https://evil.example"><input></form>',
  '<a href="#" onmouseover="alert(1)">i</a>',
  '[j](https://example.org "\\" onmouseover=\\"alert(1)")',
].join('\n\n');

const png = (size: number) =>
  sharp({ create: { width: size, height: size, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

describeEachDriver('articles over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1' } });
  let db: Database;
  let patron: TestAccount;
  let librarian: TestAccount;
  let otherLibrarian: TestAccount;
  let admin: TestAccount;
  let anonymous: ApiClient;
  let topicIds: string[];
  let bookIds: string[];
  let authorIds: string[];

  const write = async (client: ApiClient, body: Record<string, unknown>) => {
    const response = await client.post('/api/library/articles', body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return ArticleSourceSchema.parse(response.body);
  };
  const publish = (body: Record<string, unknown>) => write(librarian.client, { status: 'published', ...body });
  const list = async (client: ApiClient, query = '') => {
    const response = await client.get(`/api/articles${query ? `?${query}` : ''}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return ArticleListSchema.parse(response.body);
  };
  const idsOf = (items: Array<{ id: string }>) => items.map((item) => item.id);
  const auditOf = async (id: string) =>
    (
      await db
        .select({ action: adminAuditLog.actionType, actor: adminAuditLog.actorId, type: adminAuditLog.targetType })
        .from(adminAuditLog)
        .where(eq(adminAuditLog.targetId, id))
        .orderBy(asc(adminAuditLog.createdAt))
    ).map((entry) => [entry.action, entry.actor, entry.type]);

  async function upload(client: ApiClient, path: string, bytes: Buffer, type = 'image/png') {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'cover.png');
    const encoded = new Response(form);
    const response = await rawRequest(`${server.url}${path}`, {
      method: 'POST',
      body: Buffer.from(await encoded.arrayBuffer()),
      headers: {
        'content-type': encoded.headers.get('content-type') ?? '',
        cookie: client.cookieHeader(),
        ...client.defaultHeaders,
      },
    });
    const text = response.body.toString();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  beforeAll(async () => {
    db = server.db;
    anonymous = clientFrom(server.url);
    patron = await accountAs(server, 'patron', { name: 'Article Reader' });
    librarian = await accountAs(server, 'librarian', { name: 'Article Librarian' });
    otherLibrarian = await accountAs(server, 'librarian', { name: 'Other Librarian' });
    admin = await accountAs(server, 'admin', { name: 'Article Admin' });
    topicIds = (await db.select({ id: categories.id }).from(categories).orderBy(asc(categories.id)).limit(2)).map(
      (row) => row.id,
    );
    bookIds = (
      await db.select({ id: books.id }).from(books).where(eq(books.status, 'approved')).orderBy(asc(books.id)).limit(3)
    ).map((row) => row.id);
    authorIds = (await db.select({ id: authors.id }).from(authors).orderBy(asc(authors.id)).limit(2)).map(
      (row) => row.id,
    );
    expect(topicIds).toHaveLength(2);
    expect(bookIds).toHaveLength(3);
    expect(authorIds).toHaveLength(2);
  });

  describe('publishing', () => {
    it('keeps drafts from patrons and visitors, shows them to staff, and publishing sets published_at', async () => {
      const draft = await write(librarian.client, {
        title_en: 'Hidden draft about caravans',
        body_en: 'Caravans crossed the desert.',
      });
      expect(draft.status).toBe('draft');
      expect(draft.published_at).toBeNull();
      expect(draft.author_id).toBe(librarian.id);
      expect(draft.author_name).toBe('Article Librarian');

      for (const client of [anonymous, patron.client]) {
        expectError(await client.get(`/api/articles/${draft.id}`), 404, 'NOT_FOUND');
        expect(idsOf((await list(client)).items)).not.toContain(draft.id);
        expect(idsOf((await list(client, 'q=caravans')).items)).not.toContain(draft.id);
      }
      const staffRead = await otherLibrarian.client.get(`/api/articles/${draft.id}`);
      expect(staffRead.status).toBe(200);
      expect(ArticleSchema.parse(staffRead.body).status).toBe('draft');
      const staffList = LibraryArticleListSchema.parse(
        (await librarian.client.get('/api/library/articles?status=draft')).body,
      );
      expect(idsOf(staffList.items)).toContain(draft.id);

      const published = await librarian.client.patch(`/api/library/articles/${draft.id}`, { status: 'published' });
      expect(published.status, JSON.stringify(published.body)).toBe(200);
      const firstDate = ArticleSourceSchema.parse(published.body).published_at;
      expect(firstDate).not.toBeNull();

      const page = ArticleSchema.parse((await anonymous.get(`/api/articles/${draft.id}`)).body);
      expect(page.title).toBe('Hidden draft about caravans');
      expect(page.body_html.en).toBe('<p>Caravans crossed the desert.</p>');
      expect(page.body_html.ar).toBeNull();
      expect(page.languages).toEqual(['en']);
      expect(page.reading_minutes).toEqual({ en: 1, ar: null });
      expect(idsOf((await list(patron.client, 'q=caravans')).items)).toContain(draft.id);

      // Unpublished: gone again; republished: the first date stays.
      await librarian.client.patch(`/api/library/articles/${draft.id}`, { status: 'draft' });
      expectError(await anonymous.get(`/api/articles/${draft.id}`), 404, 'NOT_FOUND');
      const again = await librarian.client.patch(`/api/library/articles/${draft.id}`, { status: 'published' });
      expect(ArticleSourceSchema.parse(again.body).published_at).toBe(firstDate);

      expect(await auditOf(draft.id)).toEqual([
        ['publish_article', librarian.id, 'article'],
        ['unpublish_article', librarian.id, 'article'],
        ['publish_article', librarian.id, 'article'],
      ]);
    });

    it('publishes only with a body in a language that has a title', async () => {
      expectError(
        await librarian.client.post('/api/library/articles', { title_en: 'No body', status: 'published' }),
        422,
        'ARTICLE_BODY_REQUIRED',
      );
      expectError(
        await librarian.client.post('/api/library/articles', {
          title_en: 'Title in English',
          body_ar: 'نص بالعربية فقط',
          status: 'published',
        }),
        422,
        'ARTICLE_BODY_REQUIRED',
      );
      const draft = await write(librarian.client, { title_ar: 'مسودة' });
      expectError(
        await librarian.client.patch(`/api/library/articles/${draft.id}`, { status: 'published' }),
        422,
        'ARTICLE_BODY_REQUIRED',
      );
      expectError(
        await librarian.client.patch(`/api/library/articles/${draft.id}`, { title_ar: '' }),
        422,
        'ARTICLE_TITLE_REQUIRED',
      );
    });
  });

  describe('who may write and delete', () => {
    it('refuses patrons and visitors (403 / 401)', async () => {
      expectError(await patron.client.post('/api/library/articles', { title_en: 'x' }), 403, 'FORBIDDEN');
      expectError(await patron.client.get('/api/library/articles'), 403, 'FORBIDDEN');
      expectError(await patron.client.post('/api/library/articles/preview', { markdown: 'x' }), 403, 'FORBIDDEN');
      expect((await anonymous.post('/api/library/articles', { title_en: 'x' })).status).toBe(401);
    });

    it('lets the author delete their own draft, not another librarian; an admin deletes any', async () => {
      const own = await write(librarian.client, { title_en: 'My own draft' });
      const theirs = await write(otherLibrarian.client, { title_en: 'Another draft' });
      const published = await publish({ title_en: 'Published one', body_en: 'Text.' });

      expectError(await librarian.client.delete(`/api/library/articles/${theirs.id}`), 403, 'FORBIDDEN');
      // Even their own article, once published, is the admins' to delete.
      expectError(await librarian.client.delete(`/api/library/articles/${published.id}`), 403, 'FORBIDDEN');
      expect((await librarian.client.delete(`/api/library/articles/${own.id}`)).status).toBe(204);
      expect((await admin.client.delete(`/api/library/articles/${theirs.id}`)).status).toBe(204);
      expect((await admin.client.delete(`/api/library/articles/${published.id}`)).status).toBe(204);
      expectError(await anonymous.get(`/api/articles/${published.id}`), 404, 'NOT_FOUND');
      expectError(await admin.client.delete(`/api/library/articles/${published.id}`), 404, 'NOT_FOUND');

      expect(await auditOf(own.id)).toEqual([['delete_article', librarian.id, 'article']]);
      expect((await auditOf(published.id)).map(([action]) => action)).toEqual(['publish_article', 'delete_article']);
    });
  });

  describe('rendering', () => {
    it('saves hostile Markdown as written and answers it sanitised', async () => {
      const article = await publish({
        title_en: 'Hostile body',
        body_en: `# Heading\n\n${HOSTILE}\n\n![ours](/storage/v1/object/public/covers/articles/images/abc.webp)`,
        body_ar: `## عنوان\n\n${HOSTILE}`,
      });
      const source = ArticleSourceSchema.parse(
        (await librarian.client.get(`/api/library/articles/${article.id}`)).body,
      );
      expect(source.body_en).toContain('<script>alert(1)</script>');

      const page = ArticleSchema.parse((await anonymous.get(`/api/articles/${article.id}`)).body);
      for (const html of [page.body_html.en ?? '', page.body_html.ar ?? '']) {
        expect(html).not.toMatch(/<script|<iframe|<style|<form|<input|<svg/i);
        expect(html).not.toMatch(/<[^>]*\son\w+\s*=/i);
        expect(html).not.toMatch(/(?:href|src)="\s*(?:javascript|vbscript|data):/i);
        // Links to other sites are allowed (marked nofollow); images from them are not.
        expect(html).not.toMatch(/src="(?:https?:)?\/\/evil/i);
        expect(html).not.toMatch(/<a href="#"/);
      }
      expect(page.body_html.en).toContain('<h2>Heading</h2>');
      expect(page.body_html.en).toContain(
        '<img src="/storage/v1/object/public/covers/articles/images/abc.webp" alt="ours" />',
      );
      expect(page.body_html.ar).toContain('<h3>عنوان</h3>');

      const preview = await librarian.client.post('/api/library/articles/preview', { markdown: HOSTILE });
      expect(preview.status).toBe(200);
      expect(preview.body.html).not.toMatch(/<script|<[^>]*\son\w+\s*=|href="\s*javascript:/i);
    });

    it('limits previews per staff member (429 beyond the limit)', async () => {
      const writer = await accountAs(server, 'librarian', { name: 'Busy Previewer' });
      for (let index = 0; index < ARTICLE_LIMITS.previewsPerWindow; index++) {
        const response = await writer.client.post('/api/library/articles/preview', { markdown: `**${index}**` });
        expect(response.status).toBe(200);
      }
      const over = await writer.client.post('/api/library/articles/preview', { markdown: 'one more' });
      expectError(over, 429, 'RATE_LIMITED');
      expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
      // Another staff member has their own count.
      expect((await librarian.client.post('/api/library/articles/preview', { markdown: 'x' })).status).toBe(200);
    });
  });

  describe('reading', () => {
    it('finds vowelled Arabic titles with an unvowelled query, with and without the article', async () => {
      const article = await publish({
        title_ar: 'الْمَكْتَبَةُ وَالْمَخْطُوطَاتُ',
        body_ar: 'نصٌّ قصير عن المخطوطات.',
        title_en: 'Libraries and manuscripts',
        body_en: 'A short text.',
      });
      for (const query of ['المكتبة', 'مكتبة', 'مخطوطات', 'المخطوطات', 'manuscripts', 'Libraries']) {
        expect(idsOf((await list(anonymous, `q=${encodeURIComponent(query)}`)).items), query).toContain(article.id);
      }
      expect(idsOf((await list(anonymous, `q=${encodeURIComponent('قصيدة')}`)).items)).not.toContain(article.id);
    });

    it('filters by topic and language, counts topics of published articles, newest first', async () => {
      const [first, second] = topicIds as [string, string];
      const before = (await list(anonymous)).topics;
      const countOf = (topics: typeof before, id: string) => topics.find((topic) => topic.id === id)?.count ?? 0;
      const older = await publish({ title_en: 'Topic one', body_en: 'One.', topic_ids: [first] });
      const newer = await publish({ title_ar: 'موضوعان', body_ar: 'اثنان.', topic_ids: [first, second] });
      await write(librarian.client, { title_en: 'Draft with topic', topic_ids: [second] });

      const all = await list(anonymous);
      expect(countOf(all.topics, first)).toBe(countOf(before, first) + 2);
      expect(countOf(all.topics, second)).toBe(countOf(before, second) + 1);
      const ids = idsOf(all.items);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));

      const byTopic = await list(anonymous, `topic=${second}`);
      expect(idsOf(byTopic.items)).toContain(newer.id);
      expect(idsOf(byTopic.items)).not.toContain(older.id);
      expect(
        byTopic.items
          .find((item) => item.id === newer.id)
          ?.topics.map((topic) => topic.id)
          .sort(),
      ).toEqual([first, second].sort());
      const arabic = await list(anonymous, 'language=ar');
      expect(idsOf(arabic.items)).toContain(newer.id);
      expect(idsOf(arabic.items)).not.toContain(older.id);

      const paged = await list(anonymous, 'page=1&page_size=1');
      expect(paged.items).toHaveLength(1);
      expect(paged.page_size).toBe(1);
      expect(paged.total).toBeGreaterThanOrEqual(2);
    });

    it('returns linked books as catalogue cards in the article’s order, and its authors', async () => {
      const order = [bookIds[2], bookIds[0], bookIds[1]] as string[];
      const article = await publish({
        title_en: 'Three books',
        body_en: 'About three books.',
        book_ids: order,
        author_ids: [authorIds[1], authorIds[0]],
      });
      const page = ArticleSchema.parse((await patron.client.get(`/api/articles/${article.id}`)).body);
      expect(idsOf(page.books)).toEqual(order);
      expect(page.books[0]).toHaveProperty('cover_image');
      expect(idsOf(page.authors)).toEqual([authorIds[1], authorIds[0]]);

      const reordered = await librarian.client.patch(`/api/library/articles/${article.id}`, {
        book_ids: [order[1]],
      });
      expect(idsOf(ArticleSourceSchema.parse(reordered.body).books)).toEqual([order[1]]);
    });
  });

  describe('validation', () => {
    it('refuses unknown topic, book and author ids with 422 naming the field', async () => {
      for (const field of ['topic_ids', 'book_ids', 'author_ids']) {
        const error = expectError(
          await librarian.client.post('/api/library/articles', { title_en: 'Refs', [field]: [UNKNOWN_ID] }),
          422,
          'VALIDATION_FAILED',
        );
        expect(Object.keys(error.details.fieldErrors)).toEqual([field]);
      }
    });

    it('refuses a missing title, unknown keys, bad characters and over-long text', async () => {
      expectError(await librarian.client.post('/api/library/articles', { body_en: 'x' }), 422, 'VALIDATION_FAILED');
      expectError(
        await librarian.client.post('/api/library/articles', { title_en: 'x', colour: 'red' }),
        422,
        'VALIDATION_FAILED',
      );
      expectError(
        await librarian.client.post('/api/library/articles', { title_en: 'nul\u0000byte' }),
        422,
        'VALIDATION_FAILED',
      );
      expectError(
        await librarian.client.post('/api/library/articles', { title_en: 'lone \ud800 surrogate' }),
        422,
        'VALIDATION_FAILED',
      );
      expectError(
        await librarian.client.post('/api/library/articles', { title_en: 't'.repeat(ARTICLE_LIMITS.titleMax + 1) }),
        422,
        'VALIDATION_FAILED',
      );
      expectError(
        await librarian.client.post('/api/library/articles', {
          title_en: 'Long',
          body_en: 'w'.repeat(ARTICLE_LIMITS.bodyMax + 1),
        }),
        422,
        'VALIDATION_FAILED',
      );
      expectError(await librarian.client.patch(`/api/library/articles/${UNKNOWN_ID}`, {}), 422, 'VALIDATION_FAILED');
      expectError(
        await librarian.client.patch(`/api/library/articles/${UNKNOWN_ID}`, { title_en: 'x' }),
        404,
        'NOT_FOUND',
      );
    });

    it('takes a body of the full length in Arabic (beyond the API’s general JSON limit)', async () => {
      const body = 'ب'.repeat(ARTICLE_LIMITS.bodyMax);
      const article = await write(librarian.client, { title_ar: 'طويل', body_ar: body });
      expect(article.body_ar).toHaveLength(ARTICLE_LIMITS.bodyMax);
    });
  });

  it('lists the articles a staff member wrote in their data export', async () => {
    const writer = await accountAs(server, 'librarian', { name: 'Exporting Librarian' });
    const draft = await write(writer.client, { title_en: 'Export draft' });
    const published = await write(writer.client, { title_ar: 'مقال منشور', body_ar: 'نص.', status: 'published' });
    const response = await writer.client.get('/api/profiles/me/export');
    expect(response.status).toBe(200);
    expect(response.body.articles).toHaveLength(2);
    expect(response.body.articles).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: draft.id, title_en: 'Export draft', title_ar: null, status: 'draft' }),
        expect.objectContaining({ id: published.id, title_ar: 'مقال منشور', status: 'published' }),
      ]),
    );
    expect(response.body.articles[0]).not.toHaveProperty('body_en');
  });

  describe('images', () => {
    it('stores a cover through the image pipeline and serves it; refuses a non-image', async () => {
      const article = await write(librarian.client, { title_en: 'With a cover' });
      const stored = await upload(librarian.client, `/api/library/articles/${article.id}/cover`, await png(64));
      expect(stored.status, JSON.stringify(stored.body)).toBe(200);
      const url: string = stored.body.cover.url;
      expect(url).toMatch(new RegExp(`^/storage/v1/object/public/covers/articles/${article.id}/[0-9a-f]{16}\\.webp$`));
      const served = await fetch(`${server.url}${url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      const source = ArticleSourceSchema.parse(
        (await librarian.client.get(`/api/library/articles/${article.id}`)).body,
      );
      expect(source.cover?.url).toBe(url);

      const refused = await upload(
        librarian.client,
        `/api/library/articles/${article.id}/cover`,
        Buffer.from('not an image'),
        'text/plain',
      );
      expect(refused.status).toBe(415);
      expect(refused.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');

      expect((await upload(patron.client, `/api/library/articles/${article.id}/cover`, await png(8))).status).toBe(403);
      expect((await librarian.client.delete(`/api/library/articles/${article.id}/cover`)).status).toBe(204);
      const after = ArticleSourceSchema.parse((await librarian.client.get(`/api/library/articles/${article.id}`)).body);
      expect(after.cover).toBeNull();
    });

    it('stores a body image that the renderer keeps', async () => {
      const stored = await upload(librarian.client, '/api/library/articles/images', await png(32));
      expect(stored.status, JSON.stringify(stored.body)).toBe(201);
      expect(stored.body.markdown).toBe(`![](${stored.body.url})`);
      const preview = await librarian.client.post('/api/library/articles/preview', { markdown: stored.body.markdown });
      expect(preview.body.html).toBe(`<p><img src="${stored.body.url}" alt="" /></p>`);
      expect((await fetch(`${server.url}${stored.body.url}`)).status).toBe(200);
    });
  });
});
