/**
 * The category network explorer through HTTP, on both databases: a small catalogue (categories
 * A ⊃ B and C; two books in A and C, one in B and C, a draft in A and C that does not count) →
 * the exact nodes with their approved books, the parent edge, the shared edges with their weights,
 * the `minShared` filter, one category's panel (top books by views, top authors by books, the
 * connected categories), a 404 for an unknown id, and who may read it.
 */
import {
  CategoryNetworkPanelSchema,
  CategoryNetworkSchema,
  type NetworkEdge,
} from '@maktaba/shared/schemas/category-network';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { authors, bookAuthors, bookCategories, books, categories } from '../src/db/schema/index.js';
import { forgetCategoryNetwork } from '../src/modules/category-network/category-network.service.js';
import { type ApiResponse, clientFrom, expectError } from './api-client.js';
import { accountAs, describeEachDriver, type TestAccount, useTestServer } from './helpers.js';

const BASE = '/api/admin/category-network';

describeEachDriver('category network over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1', DEMO_CATALOGUE: 'false' } });
  let db: Database;
  let admin: TestAccount;
  let librarian: TestAccount;
  let patron: TestAccount;
  const ids: Record<string, string> = {};

  const ok = (response: ApiResponse) => {
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };

  async function category(key: string, nameEn: string, nameAr: string, parentId: string | null = null) {
    const [row] = await db
      .insert(categories)
      .values({ key, nameEn, nameAr, parentId })
      .returning({ id: categories.id });
    if (!row) throw new Error('no category');
    return row.id;
  }
  async function book(titleEn: string, categoryIds: string[], { views = 0, status = 'approved', author = '' } = {}) {
    const [row] = await db
      .insert(books)
      .values({ titleEn, titleAr: `كتاب ${titleEn}`, status, viewCount: views })
      .returning({ id: books.id });
    if (!row) throw new Error('no book');
    for (const [position, categoryId] of categoryIds.entries()) {
      await db.insert(bookCategories).values({ bookId: row.id, categoryId, position });
    }
    if (author) await db.insert(bookAuthors).values({ bookId: row.id, authorId: author });
    return row.id;
  }
  async function author(nameEn: string, nameAr: string) {
    const [row] = await db.insert(authors).values({ nameEn, nameAr }).returning({ id: authors.id });
    if (!row) throw new Error('no author');
    return row.id;
  }

  beforeAll(async () => {
    db = server.db;
    [admin, librarian, patron] = await Promise.all([
      accountAs(server, 'admin'),
      accountAs(server, 'librarian'),
      accountAs(server, 'patron'),
    ]);
    ids.a = await category('net-a', 'Aqidah', 'العقيدة');
    ids.b = await category('net-b', 'Beliefs of the Salaf', 'عقيدة السلف', ids.a);
    ids.c = await category('net-c', 'Creed and Hadith', 'الحديث');
    ids.nawawi = await author('Al-Nawawi', 'النووي');
    ids.ibnKathir = await author('Ibn Kathir', 'ابن كثير');
    ids.ac1 = await book('First of A and C', [ids.a, ids.c], { views: 5, author: ids.nawawi });
    ids.ac2 = await book('Second of A and C', [ids.a, ids.c], { views: 9, author: ids.nawawi });
    ids.bc = await book('Only of B and C', [ids.b, ids.c], { views: 1, author: ids.ibnKathir });
    ids.draft = await book('Draft of A and C', [ids.a, ids.c], { status: 'draft', author: ids.ibnKathir });
    forgetCategoryNetwork(db);
  });

  it('answers every category with its approved books, the parent edge and the shared edges with weights', async () => {
    const network = CategoryNetworkSchema.parse(ok(await admin.client.get(BASE)));
    expect(network.nodes).toEqual([
      { id: ids.a, nameEn: 'Aqidah', nameAr: 'العقيدة', parentId: null, books: 2 },
      { id: ids.b, nameEn: 'Beliefs of the Salaf', nameAr: 'عقيدة السلف', parentId: ids.a, books: 1 },
      { id: ids.c, nameEn: 'Creed and Hadith', nameAr: 'الحديث', parentId: null, books: 3 },
    ]);
    const pair = (x: string, y: string): [string, string] => (x < y ? [x, y] : [y, x]);
    const [ac1, ac2] = pair(ids.a as string, ids.c as string);
    const [bc1, bc2] = pair(ids.b as string, ids.c as string);
    const expected: NetworkEdge[] = [
      { source: ids.a as string, target: ids.b as string, kind: 'parent', weight: 0 },
      { source: ac1, target: ac2, kind: 'shared', weight: 2 },
      { source: bc1, target: bc2, kind: 'shared', weight: 1 },
    ];
    expect(network.edges).toEqual(expected);
    for (const edge of network.edges.filter((e) => e.kind === 'shared')) expect(edge.source < edge.target).toBe(true);

    // minShared=2 keeps only the pair with two books; the parent edge stays.
    const strict = CategoryNetworkSchema.parse(ok(await admin.client.get(`${BASE}?minShared=2`)));
    expect(strict.nodes).toHaveLength(3);
    expect(strict.edges).toEqual([expected[0], expected[1]]);
    const none = CategoryNetworkSchema.parse(ok(await admin.client.get(`${BASE}?minShared=3`)));
    expect(none.edges).toEqual([expected[0]]);
  });

  it('keeps the network for a minute, and reads it again once forgotten', async () => {
    ok(await admin.client.get(BASE));
    const late = await category('net-d', 'Da‘wah', 'الدعوة');
    const cached = CategoryNetworkSchema.parse(ok(await admin.client.get(BASE)));
    expect(cached.nodes.map((node) => node.id)).not.toContain(late);
    forgetCategoryNetwork(db);
    const fresh = CategoryNetworkSchema.parse(ok(await admin.client.get(BASE)));
    expect(fresh.nodes.find((node) => node.id === late)).toMatchObject({ books: 0, parentId: null });
  });

  it('answers a category’s panel: names, parent, books, top books by views, top authors, connected categories', async () => {
    const panel = CategoryNetworkPanelSchema.parse(ok(await admin.client.get(`${BASE}/${ids.c}`)));
    expect(panel.category).toEqual({
      id: ids.c,
      nameEn: 'Creed and Hadith',
      nameAr: 'الحديث',
      parent: null,
      books: 3,
    });
    expect(panel.topBooks.map((row) => [row.id, row.views])).toEqual([
      [ids.ac2, 9],
      [ids.ac1, 5],
      [ids.bc, 1],
    ]);
    expect(panel.topAuthors).toEqual([
      { id: ids.nawawi, nameEn: 'Al-Nawawi', nameAr: 'النووي', books: 2 },
      { id: ids.ibnKathir, nameEn: 'Ibn Kathir', nameAr: 'ابن كثير', books: 1 },
    ]);
    expect(panel.connected).toEqual([
      { id: ids.a, nameEn: 'Aqidah', nameAr: 'العقيدة', shared: 2 },
      { id: ids.b, nameEn: 'Beliefs of the Salaf', nameAr: 'عقيدة السلف', shared: 1 },
    ]);

    const child = CategoryNetworkPanelSchema.parse(ok(await admin.client.get(`${BASE}/${ids.b}`)));
    expect(child.category.parent).toEqual({ id: ids.a, nameEn: 'Aqidah', nameAr: 'العقيدة' });
    expect(child.category.books).toBe(1);
    expect(child.topBooks.map((row) => row.titleEn)).toEqual(['Only of B and C']);
    expect(child.topAuthors.map((row) => row.id)).toEqual([ids.ibnKathir]);
  });

  it('answers 404 for an unknown category and 422 for a bad id or minShared', async () => {
    expectError(await admin.client.get(`${BASE}/0193b8a4-5f1e-7c3a-9d2b-6e4f1a2b3c4d`), 404, 'NOT_FOUND');
    expect((await admin.client.get(`${BASE}/not-a-uuid`)).status).toBe(422);
    expect((await admin.client.get(`${BASE}?minShared=0`)).status).toBe(422);
    expect((await admin.client.get(`${BASE}?minShared=abc`)).status).toBe(422);
  });

  it('is for admins only', async () => {
    expect((await clientFrom(server.url).get(BASE)).status).toBe(401);
    expect((await patron.client.get(BASE)).status).toBe(403);
    expect((await librarian.client.get(BASE)).status).toBe(403);
    expect((await librarian.client.get(`${BASE}/${ids.a}`)).status).toBe(403);
  });
});
