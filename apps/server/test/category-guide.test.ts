/**
 * The category guide through HTTP (reader-area §2.1 /category-guide): the hierarchy in the
 * librarians' order, a category's page with its popular books and most read authors (its
 * sub-categories' included, drafts never), the guide texts librarians write, and the order only
 * holders of categories.manage may change.
 */
import {
  CategoryGuidePageSchema,
  CategoryGuideTreeSchema,
  type GuideNode,
} from '@maktaba/shared/schemas/category-guide';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import {
  adminAuditLog,
  authors,
  bookAuthors,
  bookCategories,
  books,
  catalogueSeeds,
  categories,
} from '../src/db/schema/index.js';
import { loadDemoCatalogue, readDemoCatalogue } from '../src/modules/catalogue/demo-catalogue.js';
import { rebuildSearchWords } from '../src/modules/search/search-index.js';
import { type ApiClient, clientFrom } from './api-client.js';
import { accountAs, describeEachDriver, useTestServer } from './helpers.js';

describeEachDriver('category guide over HTTP', (driver) => {
  const server = useTestServer(driver);
  let db: Database;
  let anonymous: ApiClient;
  let patron: { client: ApiClient; id: string };
  let librarian: { client: ApiClient; id: string };
  const ids: Record<string, string> = {};

  async function category(key: string, nameEn: string, parent?: string, sortOrder = 0) {
    const [row] = await db
      .insert(categories)
      .values({ key, nameEn, nameAr: `${nameEn} ع`, parentId: parent ? ids[parent] : null, sortOrder })
      .returning({ id: categories.id });
    ids[key] = row?.id as string;
  }

  async function book(key: string, status: string, views: number, categoryKeys: string[], authorKeys: string[]) {
    const [row] = await db
      .insert(books)
      .values({ titleEn: `Guide test ${key}`, titleAr: `كتاب ${key}`, status, viewCount: views })
      .returning({ id: books.id });
    ids[key] = row?.id as string;
    await db
      .insert(bookCategories)
      .values(
        categoryKeys.map((c, position) => ({ bookId: ids[key] as string, categoryId: ids[c] as string, position })),
      );
    await db
      .insert(bookAuthors)
      .values(authorKeys.map((a, position) => ({ bookId: ids[key] as string, authorId: ids[a] as string, position })));
  }

  const find = (nodes: GuideNode[], key: string): GuideNode | undefined => {
    for (const node of nodes) {
      if (node.key === key) return node;
      const inner = find(node.children, key);
      if (inner) return inner;
    }
    return undefined;
  };

  beforeAll(async () => {
    db = server.db;
    anonymous = clientFrom(server.url);
    [patron, librarian] = await Promise.all([accountAs(server, 'patron'), accountAs(server, 'librarian')]);
    // A top-level category with three children: two share a sort order (then by name), one comes first.
    await category('cg-top', 'Guide top');
    await category('cg-zeta', 'Zeta child', 'cg-top', 1);
    await category('cg-alpha', 'Alpha child', 'cg-top', 1);
    await category('cg-first', 'Omega child', 'cg-top', 0);
    await category('cg-grand', 'Grandchild', 'cg-alpha');
    for (const [key, name] of [
      ['cg-author-a', 'Author A'],
      ['cg-author-b', 'Author B'],
      ['cg-author-c', 'Author C'],
    ] as const) {
      const [row] = await db
        .insert(authors)
        .values({ key, nameEn: name, nameAr: `${name} ع` })
        .returning({ id: authors.id });
      ids[key] = row?.id as string;
    }
    await book('b-top', 'approved', 5, ['cg-top'], ['cg-author-a']);
    await book('b-sub', 'approved', 50, ['cg-alpha'], ['cg-author-b']);
    await book('b-grand', 'approved', 20, ['cg-grand'], ['cg-author-b']);
    await book('b-draft', 'draft', 999, ['cg-alpha'], ['cg-author-c']);
    await db.transaction((tx) => rebuildSearchWords(tx));
  });

  it('lists the hierarchy in guide order: sort order among siblings, then by name', async () => {
    const response = await anonymous.get('/api/categories/guide');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('public');
    const tree = CategoryGuideTreeSchema.parse(response.body).categories;
    const top = find(tree, 'cg-top');
    expect(top?.children.map((child) => child.key)).toEqual(['cg-first', 'cg-alpha', 'cg-zeta']);
    expect(top?.children[1]?.children.map((child) => child.key)).toEqual(['cg-grand']);
    // Book counts take in the sub-categories' approved books, never drafts.
    expect(top?.book_count).toBe(3);
    expect(top?.children[1]?.book_count).toBe(2);
  });

  it("gives a category's page: ancestors, children, popular books with sub-categories' and no drafts, authors ranked", async () => {
    const response = await anonymous.get('/api/categories/cg-alpha/guide');
    expect(response.status).toBe(200);
    const page = CategoryGuidePageSchema.parse(response.body);
    expect(page.category.key).toBe('cg-alpha');
    expect(page.ancestors.map((a) => a.key)).toEqual(['cg-top']);
    expect(page.children.map((c) => c.key)).toEqual(['cg-grand']);
    expect(page.books.map((b) => b.id)).toEqual([ids['b-sub'], ids['b-grand']]);
    expect(page.authors.map((a) => [a.id, a.book_count])).toEqual([[ids['cg-author-b'], 2]]);

    const top = CategoryGuidePageSchema.parse((await anonymous.get('/api/categories/cg-top/guide')).body);
    expect(top.ancestors).toEqual([]);
    expect(top.books.map((b) => b.id)).toEqual([ids['b-sub'], ids['b-grand'], ids['b-top']]);
    expect(top.authors.map((a) => a.name)).toEqual(['Author B', 'Author A']);
    const grand = CategoryGuidePageSchema.parse((await anonymous.get('/api/categories/cg-grand/guide')).body);
    expect(grand.ancestors.map((a) => a.key)).toEqual(['cg-top', 'cg-alpha']);

    const missing = await anonymous.get('/api/categories/no-such-category/guide');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
  });

  it('lets a librarian write the guide texts (sanitised, at most 2,000 characters); a patron may not', async () => {
    const body = {
      key: 'cg-alpha',
      name: 'Alpha child',
      name_ar: 'Alpha child ع',
      parent_id: ids['cg-top'],
      description_en: '  The first of the children.  ',
      description_ar: 'أول الأبناء.',
    };
    const refused = await patron.client.put(`/api/categories/${ids['cg-alpha']}`, body);
    expect(refused.status).toBe(403);

    const saved = await librarian.client.put(`/api/categories/${ids['cg-alpha']}`, body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ description_en: 'The first of the children.', description_ar: 'أول الأبناء.' });
    const page = CategoryGuidePageSchema.parse((await anonymous.get('/api/categories/cg-alpha/guide')).body);
    expect(page.category.description_ar).toBe('أول الأبناء.');

    const tooLong = await librarian.client.put(`/api/categories/${ids['cg-alpha']}`, {
      ...body,
      description_en: 'x'.repeat(2001),
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.error.details.fieldErrors.description_en).toEqual(['validation.tooLong']);
    const withNul = await librarian.client.put(`/api/categories/${ids['cg-alpha']}`, {
      ...body,
      description_ar: 'نص\u0000مخفي',
    });
    expect(withNul.status).toBe(422);
    const [row] = await db
      .select()
      .from(categories)
      .where(eq(categories.id, ids['cg-alpha'] as string));
    expect([row?.descriptionEn, row?.descriptionAr]).toEqual(['The first of the children.', 'أول الأبناء.']);

    // A body without the texts keeps them; an empty text clears one.
    await librarian.client.put(`/api/categories/${ids['cg-alpha']}`, {
      ...body,
      description_en: undefined,
      description_ar: '',
    });
    const [after] = await db
      .select()
      .from(categories)
      .where(eq(categories.id, ids['cg-alpha'] as string));
    expect([after?.descriptionEn, after?.descriptionAr]).toEqual(['The first of the children.', null]);
  });

  it('reorders one parent’s children for holders of categories.manage only, and refuses a wrong list', async () => {
    const children = ['cg-zeta', 'cg-first', 'cg-alpha'].map((key) => ids[key] as string);
    const orderOf = async () =>
      (
        await db
          .select({ id: categories.id, sortOrder: categories.sortOrder })
          .from(categories)
          .where(inArray(categories.id, children))
      )
        .sort((a, b) => a.sortOrder - b.sortOrder || children.indexOf(a.id) - children.indexOf(b.id))
        .map((row) => [row.id, row.sortOrder]);
    const before = await orderOf();

    expect((await anonymous.put('/api/categories/order', { parent_id: ids['cg-top'], ids: children })).status).toBe(
      401,
    );
    expect((await patron.client.put('/api/categories/order', { parent_id: ids['cg-top'], ids: children })).status).toBe(
      403,
    );
    for (const wrong of [
      children.slice(0, 2),
      [...children, ids['cg-grand']],
      [children[0], children[0], children[1]],
    ]) {
      const refused = await librarian.client.put('/api/categories/order', { parent_id: ids['cg-top'], ids: wrong });
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('CONFLICT');
    }
    expect(await orderOf()).toEqual(before);

    const saved = await librarian.client.put('/api/categories/order', { parent_id: ids['cg-top'], ids: children });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.categories.map((c: { key: string }) => c.key)).toEqual(['cg-zeta', 'cg-first', 'cg-alpha']);
    // The new order is in the audit log under its parent; the refused lists wrote nothing.
    const audit = await db
      .select({ action: adminAuditLog.actionType, type: adminAuditLog.targetType, changes: adminAuditLog.changes })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, ids['cg-top'] ?? ''));
    expect(audit).toEqual([
      {
        action: 'update_category_guide',
        type: 'category',
        changes: { order: { from: expect.any(Array), to: children } },
      },
    ]);
    const logged = audit[0]?.changes as { order: { from: string[] } } | undefined;
    expect(new Set(logged?.order.from)).toEqual(new Set(children));
    const tree = CategoryGuideTreeSchema.parse((await anonymous.get('/api/categories/guide')).body).categories;
    expect(find(tree, 'cg-top')?.children.map((c) => [c.key, c.sort_order])).toEqual([
      ['cg-zeta', 0],
      ['cg-first', 1],
      ['cg-alpha', 2],
    ]);
    const unknownParent = await librarian.client.put('/api/categories/order', {
      parent_id: crypto.randomUUID(),
      ids: children,
    });
    expect(unknownParent.status).toBe(404);
  });

  it('gives the demo categories their guide texts, and a library loaded with an older demo version gets them once', async () => {
    const demo = readDemoCatalogue();
    const hadith = demo.categories.find((c) => c.key === 'hadith');
    expect(hadith?.description_en).toBeTruthy();
    expect(hadith?.description_ar).toBeTruthy();
    const tree = CategoryGuideTreeSchema.parse((await anonymous.get('/api/categories/guide')).body).categories;
    expect(find(tree, 'hadith')?.description_ar).toBe(hadith?.description_ar);

    // A library that loaded version 1: texts missing, one written by a librarian meanwhile.
    await db.update(catalogueSeeds).set({ version: 1 }).where(eq(catalogueSeeds.name, 'demo-catalogue'));
    await db.update(categories).set({ descriptionEn: null, descriptionAr: null });
    await db.update(categories).set({ descriptionEn: 'Our own text' }).where(eq(categories.key, 'logic'));
    expect(await loadDemoCatalogue(db, pino({ level: 'silent' }))).toBe(false);
    const rows = await db
      .select()
      .from(categories)
      .where(inArray(categories.key, ['hadith', 'logic']));
    const byKey = new Map(rows.map((row) => [row.key, row]));
    expect(byKey.get('hadith')?.descriptionAr).toBe(hadith?.description_ar);
    expect([byKey.get('logic')?.descriptionEn, byKey.get('logic')?.descriptionAr]).toEqual(['Our own text', null]);
    const [seed] = await db.select().from(catalogueSeeds).where(eq(catalogueSeeds.name, 'demo-catalogue'));
    expect(seed?.version).toBe(demo.version);
  });
});
