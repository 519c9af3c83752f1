/**
 * Study guides over HTTP: librarians write them (drafts invisible to readers), readers follow them
 * and mark steps done — progress is each reader's own —, resume at the first step not done, finish
 * them, and keep their progress on the steps a librarian keeps when editing; who may write and
 * delete, the Arabic-aware search, and the validation of what librarians send.
 */

import { ShelfSchema } from '@maktaba/shared/schemas/catalogue';
import { GuideListSchema, GuideSchema, MyGuidesSchema } from '@maktaba/shared/schemas/guides';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { adminAuditLog, books, studyGuideFollows } from '../src/db/schema/index.js';
import { type ApiClient, clientFrom, expectError } from './api-client.js';
import { accountAs, describeEachDriver, type TestAccount, useTestServer } from './helpers.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describeEachDriver('study guides over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1' } });
  let db: Database;
  let reader: TestAccount;
  let otherReader: TestAccount;
  let librarian: TestAccount;
  let otherLibrarian: TestAccount;
  let admin: TestAccount;
  let visitor: ApiClient;
  let bookIds: string[];

  const guideOf = (response: { status: number; body: unknown }, status = 200) => {
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    return GuideSchema.parse(response.body);
  };
  const write = async (body: Record<string, unknown>, as: TestAccount = librarian) =>
    guideOf(await as.client.post('/api/library/guides', body), 201);
  const threeSteps = () => [
    { book_id: bookIds[0], note_en: 'Start with the foundations', note_ar: 'ابدأ بالأسس' },
    { book_id: bookIds[1], chapter: 'Chapters 1–3' },
    { book_id: bookIds[2], note_ar: 'اقرأ الخاتمة' },
  ];

  beforeAll(async () => {
    db = server.db;
    visitor = clientFrom(server.url);
    const recent = ShelfSchema.parse((await visitor.get('/api/shelves/recent?p_limit=5')).body);
    bookIds = recent.books.map((book) => book.id);
    expect(bookIds.length).toBe(5);
    reader = await accountAs(server, 'patron', { name: 'Guide Reader' });
    otherReader = await accountAs(server, 'patron', { name: 'Other Reader' });
    librarian = await accountAs(server, 'librarian', { name: 'Guide Librarian' });
    otherLibrarian = await accountAs(server, 'librarian', { name: 'Other Librarian' });
    admin = await accountAs(server, 'admin', { name: 'Guide Admin' });
  });

  it('keeps each reader’s progress their own: done marks, resume step, completion and My Imam', async () => {
    const guide = await write({
      title_en: 'Foundations of belief',
      title_ar: 'أسس العقيدة',
      description_en: 'A first path through the books of belief.',
      level: 'introductory',
      status: 'published',
      steps: threeSteps(),
    });
    expect(guide.steps.map((step) => step.book.id)).toEqual(bookIds.slice(0, 3));
    expect(guide.steps.map((step) => step.position)).toEqual([1, 2, 3]);
    expect(guide.steps[1]).toMatchObject({ chapter: 'Chapters 1–3', note_en: null, done: false });
    expect(typeof guide.steps[0]?.book.available).toBe('boolean');
    const [first, second, third] = guide.steps.map((step) => step.id) as [string, string, string];

    // Not followed yet: no progress, resume at the first step.
    let seen = guideOf(await reader.client.get(`/api/guides/${guide.id}`));
    expect(seen.progress).toMatchObject({ done: 0, total: 3, following: false, completed_at: null });
    expect(seen.resume_step_id).toBe(first);

    // Marking a step follows the guide; marking twice is the same as once.
    seen = guideOf(await reader.client.put(`/api/guides/${guide.id}/steps/${first}/done`));
    seen = guideOf(await reader.client.put(`/api/guides/${guide.id}/steps/${first}/done`));
    seen = guideOf(await reader.client.put(`/api/guides/${guide.id}/steps/${second}/done`));
    expect(seen.progress).toMatchObject({ done: 2, total: 3, following: true, completed_at: null });
    expect(seen.steps.map((step) => step.done)).toEqual([true, true, false]);
    expect(seen.resume_step_id).toBe(third);

    // The other reader marks only the third: neither sees the other's marks.
    const others = guideOf(await otherReader.client.put(`/api/guides/${guide.id}/steps/${third}/done`));
    expect(others.steps.map((step) => step.done)).toEqual([false, false, true]);
    expect(others.resume_step_id).toBe(first);
    seen = guideOf(await reader.client.get(`/api/guides/${guide.id}`));
    expect(seen.steps.map((step) => step.done)).toEqual([true, true, false]);
    const listed = GuideListSchema.parse((await otherReader.client.get('/api/guides')).body);
    expect(listed.items.find((item) => item.id === guide.id)?.progress).toMatchObject({ done: 1, total: 3 });

    // Undoing is idempotent too; the resume step follows.
    seen = guideOf(await reader.client.delete(`/api/guides/${guide.id}/steps/${first}/done`));
    seen = guideOf(await reader.client.delete(`/api/guides/${guide.id}/steps/${first}/done`));
    expect(seen.progress.done).toBe(1);
    expect(seen.resume_step_id).toBe(first);

    // In My Imam, in progress.
    let mine = MyGuidesSchema.parse((await reader.client.get('/api/guides/mine')).body);
    expect(mine.items.map((item) => item.id)).toEqual([guide.id]);

    // Done with every step: completed, nothing to resume; undoing one reopens it.
    await reader.client.put(`/api/guides/${guide.id}/steps/${first}/done`);
    seen = guideOf(await reader.client.put(`/api/guides/${guide.id}/steps/${third}/done`));
    expect(seen.progress.done).toBe(3);
    expect(seen.progress.completed_at).not.toBeNull();
    expect(seen.resume_step_id).toBeNull();
    seen = guideOf(await reader.client.delete(`/api/guides/${guide.id}/steps/${third}/done`));
    expect(seen.progress.completed_at).toBeNull();
    await reader.client.put(`/api/guides/${guide.id}/steps/${third}/done`);

    // A guide in progress comes before a completed one in My Imam.
    const later = await write({
      title_en: 'A second path',
      level: 'advanced',
      status: 'published',
      steps: threeSteps(),
    });
    guideOf(await reader.client.post(`/api/guides/${later.id}/follow`));
    guideOf(await reader.client.post(`/api/guides/${later.id}/follow`));
    mine = MyGuidesSchema.parse((await reader.client.get('/api/guides/mine')).body);
    expect(mine.items.map((item) => item.id)).toEqual([later.id, guide.id]);
    expect(mine.items[1]?.progress).toMatchObject({ done: 3, total: 3 });

    // Stop following: out of My Imam, the marks are kept.
    seen = guideOf(await reader.client.delete(`/api/guides/${guide.id}/follow`));
    expect(seen.progress).toMatchObject({ following: false, done: 3 });
    mine = MyGuidesSchema.parse((await reader.client.get('/api/guides/mine')).body);
    expect(mine.items.map((item) => item.id)).toEqual([later.id]);
    expect(
      MyGuidesSchema.parse((await otherReader.client.get('/api/guides/mine')).body).items.map((i) => i.id),
    ).toEqual([guide.id]);

    // A step of another guide is not this guide's.
    expectError(await reader.client.put(`/api/guides/${guide.id}/steps/${later.steps[0]?.id}/done`), 404, 'NOT_FOUND');
    expectError(await visitor.get(`/api/guides/${guide.id}`), 401, 'UNAUTHENTICATED');
  });

  it('keeps the progress on the steps a librarian keeps when editing, and loses the removed ones', async () => {
    const guide = await write({
      title_en: 'Editing path',
      level: 'intermediate',
      status: 'published',
      steps: threeSteps(),
    });
    const [first, second, third] = guide.steps as [
      (typeof guide.steps)[0],
      (typeof guide.steps)[0],
      (typeof guide.steps)[0],
    ];
    await reader.client.put(`/api/guides/${guide.id}/steps/${first.id}/done`);
    await reader.client.put(`/api/guides/${guide.id}/steps/${third.id}/done`);

    // Reorder (third first), drop the second, add a new step at the end.
    const edited = guideOf(
      await librarian.client.patch(`/api/library/guides/${guide.id}`, {
        steps: [
          { id: third.id, book_id: third.book.id, note_en: 'Now first' },
          { id: first.id, book_id: first.book.id },
          { book_id: bookIds[4] },
        ],
      }),
    );
    expect(edited.steps.map((step) => step.id).slice(0, 2)).toEqual([third.id, first.id]);
    expect(edited.steps[2]?.id).not.toBe(second.id);
    expect(edited.steps[0]?.note_en).toBe('Now first');

    const seen = guideOf(await reader.client.get(`/api/guides/${guide.id}`));
    expect(seen.steps.map((step) => step.done)).toEqual([true, true, false]);
    expect(seen.progress).toMatchObject({ done: 2, total: 3 });
    expect(seen.resume_step_id).toBe(edited.steps[2]?.id);
  });

  it('a step added to a finished guide makes it unfinished again, until the reader does that step too', async () => {
    const guide = await write({
      title_en: 'Finished path',
      level: 'introductory',
      status: 'published',
      steps: threeSteps(),
    });
    expect((await reader.client.post(`/api/guides/${guide.id}/follow`)).status).toBe(200);
    for (const step of guide.steps) await reader.client.put(`/api/guides/${guide.id}/steps/${step.id}/done`);
    const finished = guideOf(await reader.client.get(`/api/guides/${guide.id}`));
    const firstFinish = finished.progress.completed_at;
    expect(firstFinish).not.toBeNull();

    const edited = guideOf(
      await librarian.client.patch(`/api/library/guides/${guide.id}`, {
        steps: [...guide.steps.map((step) => ({ id: step.id, book_id: step.book.id })), { book_id: bookIds[4] }],
      }),
    );
    const stored = await db
      .select({ completedAt: studyGuideFollows.completedAt })
      .from(studyGuideFollows)
      .where(and(eq(studyGuideFollows.guideId, guide.id), eq(studyGuideFollows.userId, reader.id)));
    expect(stored[0]?.completedAt).toBeNull();
    expect(guideOf(await reader.client.get(`/api/guides/${guide.id}`)).progress).toMatchObject({
      done: 3,
      total: 4,
      completed_at: null,
    });

    const added = edited.steps[3]?.id as string;
    await reader.client.put(`/api/guides/${guide.id}/steps/${added}/done`);
    const again = guideOf(await reader.client.get(`/api/guides/${guide.id}`)).progress.completed_at;
    expect(again).not.toBeNull();
    expect(new Date(again as string).getTime()).toBeGreaterThan(new Date(firstFinish as string).getTime());
  });

  it('links only books readers can see, and hides a step whose book was withdrawn since', async () => {
    const guide = await write({
      title_en: 'Withdrawn path',
      level: 'introductory',
      status: 'published',
      steps: threeSteps(),
    });
    const withdrawn = bookIds[1] ?? '';
    await db.update(books).set({ status: 'pending' }).where(eq(books.id, withdrawn));
    try {
      // A new step cannot point at it…
      const refused = await librarian.client.patch(`/api/library/guides/${guide.id}`, {
        steps: [{ book_id: withdrawn }],
      });
      expectError(refused, 422, 'VALIDATION_FAILED');
      // …and readers no longer see the step that does; librarians still do, to mend the guide.
      const seen = guideOf(await reader.client.get(`/api/guides/${guide.id}`));
      expect(seen.steps.map((step) => step.book.id)).toEqual([bookIds[0], bookIds[2]]);
      const edited = guideOf(await librarian.client.get(`/api/guides/${guide.id}`));
      expect(edited.steps.map((step) => step.book.id)).toContain(withdrawn);
    } finally {
      await db.update(books).set({ status: 'approved' }).where(eq(books.id, withdrawn));
    }
  });

  it('hides drafts from readers, lists them for librarians, audits publishing and decides who deletes', async () => {
    const draft = await write({ title_ar: 'مسودة في الفقه', level: 'advanced', steps: threeSteps() });
    expect(draft.status).toBe('draft');
    expectError(await reader.client.get(`/api/guides/${draft.id}`), 404, 'NOT_FOUND');
    expectError(await reader.client.post(`/api/guides/${draft.id}/follow`), 404, 'NOT_FOUND');
    expectError(await reader.client.put(`/api/guides/${draft.id}/steps/${draft.steps[0]?.id}/done`), 404, 'NOT_FOUND');
    const readers = GuideListSchema.parse((await reader.client.get('/api/guides?q=الفقه')).body);
    expect(readers.items.map((item) => item.id)).not.toContain(draft.id);
    const staff = GuideListSchema.parse((await librarian.client.get('/api/library/guides?status=draft')).body);
    expect(staff.items.map((item) => item.id)).toContain(draft.id);
    expect(guideOf(await otherLibrarian.client.get(`/api/library/guides/${draft.id}`)).id).toBe(draft.id);

    // Publishing shows it (Arabic-aware search: with or without the article), and is audited.
    guideOf(await librarian.client.patch(`/api/library/guides/${draft.id}`, { status: 'published' }));
    for (const q of ['الفقه', 'فقه', 'مسودة']) {
      const found = GuideListSchema.parse((await reader.client.get(`/api/guides?q=${encodeURIComponent(q)}`)).body);
      expect(found.items.map((item) => item.id)).toContain(draft.id);
    }
    const byLevel = GuideListSchema.parse((await reader.client.get('/api/guides?level=introductory')).body);
    expect(byLevel.items.every((item) => item.level === 'introductory')).toBe(true);
    expect(byLevel.items.map((item) => item.id)).not.toContain(draft.id);
    guideOf(await librarian.client.patch(`/api/library/guides/${draft.id}`, { status: 'draft' }));
    expectError(await reader.client.get(`/api/guides/${draft.id}`), 404, 'NOT_FOUND');
    const audited = await db
      .select({ action: adminAuditLog.actionType })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetType, 'study_guide'), eq(adminAuditLog.targetId, draft.id)));
    expect(audited.map((row) => row.action).sort()).toEqual(['publish_study_guide', 'unpublish_study_guide']);

    // Another librarian may not delete someone's draft; its author may; a published guide: admin only.
    expectError(await otherLibrarian.client.delete(`/api/library/guides/${draft.id}`), 403, 'FORBIDDEN');
    expect((await librarian.client.delete(`/api/library/guides/${draft.id}`)).status).toBe(204);
    expectError(await librarian.client.get(`/api/library/guides/${draft.id}`), 404, 'NOT_FOUND');
    const published = await write({ title_en: 'Published path', level: 'advanced', status: 'published' });
    expectError(await librarian.client.delete(`/api/library/guides/${published.id}`), 403, 'FORBIDDEN');
    expect((await admin.client.delete(`/api/library/guides/${published.id}`)).status).toBe(204);
    const deleted = await db
      .select({ action: adminAuditLog.actionType })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetType, 'study_guide'), eq(adminAuditLog.targetId, published.id)));
    expect(deleted.map((row) => row.action).sort()).toEqual(['delete_study_guide', 'publish_study_guide']);
  });

  it('refuses readers every librarian route', async () => {
    for (const response of await Promise.all([
      reader.client.get('/api/library/guides'),
      reader.client.post('/api/library/guides', { title_en: 'Mine', level: 'introductory' }),
      reader.client.get(`/api/library/guides/${UNKNOWN_ID}`),
      reader.client.patch(`/api/library/guides/${UNKNOWN_ID}`, { title_en: 'x' }),
      reader.client.delete(`/api/library/guides/${UNKNOWN_ID}`),
    ])) {
      expectError(response, 403, 'FORBIDDEN');
    }
    expectError(await visitor.get('/api/guides'), 401, 'UNAUTHENTICATED');
    expectError(await visitor.get('/api/guides/mine'), 401, 'UNAUTHENTICATED');
  });

  it('validates what librarians send', async () => {
    const fieldErrorsOf = (response: { status: number; body: unknown }) =>
      expectError(response as never, 422, 'VALIDATION_FAILED').details as { fieldErrors: Record<string, string[]> };
    const post = (body: Record<string, unknown>) => librarian.client.post('/api/library/guides', body);

    expect(fieldErrorsOf(await post({ level: 'introductory' })).fieldErrors.title_en).toEqual([
      'guides.validation.titleRequired',
    ]);
    expect(fieldErrorsOf(await post({ title_en: 'a\u0000b', level: 'introductory' })).fieldErrors.title_en).toEqual([
      'validation.invalidCharacters',
    ]);
    expect((await post({ title_en: 'x', level: 'introductory', colour: 'red' })).status).toBe(422);
    expect(
      (await post({ title_en: 'x', level: 'introductory', steps: [{ book_id: bookIds[0], extra: 1 }] })).status,
    ).toBe(422);
    expect((await post({ title_en: 'x', level: 'expert' })).status).toBe(422);
    const tooMany = Array.from({ length: 51 }, () => ({ book_id: bookIds[0] }));
    expect(
      fieldErrorsOf(await post({ title_en: 'x', level: 'introductory', steps: tooMany })).fieldErrors.steps,
    ).toEqual(['guides.validation.tooManySteps']);
    const fifty = await write({
      title_en: 'Fifty steps',
      level: 'introductory',
      steps: Array.from({ length: 50 }, () => ({ book_id: bookIds[0] })),
    });
    expect(fifty.steps).toHaveLength(50);
    expect(
      fieldErrorsOf(
        await post({ title_en: 'x', level: 'introductory', steps: [{ book_id: bookIds[0] }, { book_id: UNKNOWN_ID }] }),
      ).fieldErrors['steps.1.book_id'],
    ).toEqual(['guides.validation.unknownBook']);

    // An edit may not leave both titles empty; what it sends is kept clean.
    const guide = await write({ title_en: '  Spaced   <b>title</b> ', level: 'introductory' });
    expect(guide.title_en).toBe('Spaced title');
    expect(
      fieldErrorsOf(await librarian.client.patch(`/api/library/guides/${guide.id}`, { title_en: '' })).fieldErrors
        .title_en,
    ).toEqual(['guides.validation.titleRequired']);
    expectError(await librarian.client.patch(`/api/library/guides/${UNKNOWN_ID}`, { title_en: 'x' }), 404, 'NOT_FOUND');
  });
});
