/**
 * Ask a Librarian through HTTP: a reader asks (and nobody else sees it), the daily limit, input
 * refused whole; the librarians' queue, assigning, answering with book cards (the reader notified
 * in the app and by e-mail, as their choices say); replies, resolving and reopening; publishing in
 * the FAQ only with the reader's consent, found by an unvowelled Arabic query, and withdrawn with
 * it; the response-time setting.
 */

import { catalogues } from '@maktaba/shared/i18n/index';
import { ShelfSchema } from '@maktaba/shared/schemas/catalogue';
import {
  AskInfoSchema,
  AskSettingsSchema,
  FaqEntrySchema,
  FaqListSchema,
  QUESTION_DAILY_LIMIT,
  QUESTION_LIMITS,
  QUESTION_MESSAGES,
  QuestionDetailSchema,
  QuestionListSchema,
  QuestionQueueSchema,
} from '@maktaba/shared/schemas/questions';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { adminAuditLog, emailOutbox, librarianQuestions, userNotifications } from '../src/db/schema/index.js';
import { type ApiResponse, clientFrom, expectError } from './api-client.js';
import { accountAs, describeEachDriver, rawRequest, type TestAccount, useTestServer } from './helpers.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describeEachDriver('Ask a Librarian over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1' } });
  let db: Database;
  let bookIds: string[];
  let librarian: TestAccount;
  let n = 0;

  const patron = () => accountAs(server, 'patron', { name: `Asker ${++n}` });
  const detail = (response: ApiResponse, status = 200) => {
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    return QuestionDetailSchema.parse(response.body);
  };
  const ask = async (who: TestAccount, body: Record<string, unknown> = {}, headers?: Record<string, string>) =>
    detail(
      await who.client.post(
        '/api/questions',
        { subject: 'Books on patience', body: 'Which books would you suggest on patience?', ...body },
        headers ? { headers } : undefined,
      ),
      201,
    );
  const answer = async (id: string, body: Record<string, unknown> = {}) =>
    detail(await librarian.client.post(`/api/library/questions/${id}/answer`, { body: 'Read these.', ...body }), 201);
  const notificationsOf = (userId: string) =>
    db.select().from(userNotifications).where(eq(userNotifications.userId, userId));
  const mailsTo = (email: string) =>
    db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, 'question_answered')));

  beforeAll(async () => {
    db = server.db;
    const recent = ShelfSchema.parse((await clientFrom(server.url).get('/api/shelves/recent?p_limit=3')).body);
    bookIds = recent.books.map((book) => book.id);
    expect(bookIds.length).toBe(3);
    librarian = await accountAs(server, 'librarian', { name: 'Librarian Layla' });
  });

  it('a reader asks; nobody else sees it; the day’s limit is enforced with a translated 429', async () => {
    const me = await patron();
    const info = AskInfoSchema.parse((await me.client.get('/api/ask/info')).body);
    expect(info).toEqual({
      response_time_hours: expect.any(Number),
      daily_limit: QUESTION_DAILY_LIMIT,
      asked_today: 0,
      limits: { subject_max: QUESTION_LIMITS.subjectMax, body_max: QUESTION_LIMITS.bodyMax },
    });

    const asked = await ask(me, { book_id: bookIds[0], publish_consent: false }, { 'Accept-Language': 'ar' });
    expect(asked).toMatchObject({
      subject: 'Books on patience',
      status: 'new',
      locale: 'ar',
      publish_consent: false,
      message_count: 1,
      assigned_to: null,
      asker: null,
      faq_entry_id: null,
    });
    expect(asked.book?.id).toBe(bookIds[0]);
    expect(asked.messages).toEqual([
      expect.objectContaining({
        from_staff: false,
        author_name: null,
        body: 'Which books would you suggest on patience?',
      }),
    ]);

    const other = await patron();
    expectError(await other.client.get(`/api/questions/${asked.id}`), 404, 'NOT_FOUND');
    expectError(await other.client.post(`/api/questions/${asked.id}/messages`, { body: 'Mine?' }), 404, 'NOT_FOUND');
    expectError(await other.client.post(`/api/questions/${asked.id}/resolve`), 404, 'NOT_FOUND');
    expectError(await other.client.patch(`/api/questions/${asked.id}`, { publish_consent: true }), 404, 'NOT_FOUND');
    expect(QuestionListSchema.parse((await other.client.get('/api/questions/mine')).body).total).toBe(0);

    for (let i = 1; i < QUESTION_DAILY_LIMIT; i++) await ask(me, { subject: `Question ${i}` });
    const over = expectError(
      await me.client.post('/api/questions', { subject: 'One more', body: 'One more question, please.' }),
      429,
      'QUESTION_DAILY_LIMIT',
    );
    expect(over.details).toEqual({ limit: QUESTION_DAILY_LIMIT });
    expect(catalogues.en.errors.codes.QUESTION_DAILY_LIMIT).toContain('{{limit}}');
    expect(catalogues.ar.errors.codes.QUESTION_DAILY_LIMIT).toContain('{{limit}}');
    expect(AskInfoSchema.parse((await me.client.get('/api/ask/info')).body).asked_today).toBe(QUESTION_DAILY_LIMIT);
    const mine = QuestionListSchema.parse((await me.client.get('/api/questions/mine')).body);
    expect(mine.total).toBe(QUESTION_DAILY_LIMIT);
  });

  it('the daily limit holds when requests race for the last place', async () => {
    const me = await patron();
    await ask(me);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        me.client.post('/api/questions', { subject: `Race ${i}`, body: 'A question asked at the same time.' }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(QUESTION_DAILY_LIMIT - 1);
    expect(results.filter((r) => r.status === 429)).toHaveLength(6 - (QUESTION_DAILY_LIMIT - 1));
    const stored = await db.select().from(librarianQuestions).where(eq(librarianQuestions.userId, me.id));
    expect(stored).toHaveLength(QUESTION_DAILY_LIMIT);
  });

  it('refuses bad input whole: NUL, lone surrogate, unknown key, too short or long, unknown book or topic', async () => {
    const me = await patron();
    const refused = async (body: Record<string, unknown>, field?: string, message?: string) => {
      const error = expectError(await me.client.post('/api/questions', body), 422, 'VALIDATION_FAILED');
      if (field) expect(error.details.fieldErrors[field]).toEqual(message ? [message] : expect.any(Array));
      return error;
    };
    const ok = { subject: 'A fine subject', body: 'A question long enough.' };
    await refused({ ...ok, subject: 'a\u0000b' }, 'subject', 'validation.invalidCharacters');
    await refused({ ...ok, body: 'broken \ud800 text here' }, 'body');
    await refused({ ...ok, extra: true });
    await refused({ ...ok, subject: 'ab' }, 'subject', QUESTION_MESSAGES.subjectTooShort);
    await refused(
      { ...ok, subject: 'x'.repeat(QUESTION_LIMITS.subjectMax + 1) },
      'subject',
      QUESTION_MESSAGES.subjectTooLong,
    );
    await refused({ ...ok, body: 'short' }, 'body', QUESTION_MESSAGES.bodyTooShort);
    await refused({ ...ok, body: 'x'.repeat(QUESTION_LIMITS.bodyMax + 1) }, 'body', QUESTION_MESSAGES.bodyTooLong);
    await refused({ ...ok, subject: '   ' }, 'subject', QUESTION_MESSAGES.subjectRequired);
    await refused({ ...ok, book_id: UNKNOWN_ID }, 'book_id', QUESTION_MESSAGES.unknownBook);
    await refused({ ...ok, topic_id: UNKNOWN_ID }, 'topic_id', QUESTION_MESSAGES.unknownTopic);
    await refused({ ...ok, book_id: 'not-a-book' }, 'book_id');
    for (const key of Object.values(QUESTION_MESSAGES)) {
      const path = key.split('.');
      const lookup = (catalogue: unknown) =>
        path.reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
      expect(lookup(catalogues.en), key).toEqual(expect.any(String));
      expect(lookup(catalogues.ar), key).toEqual(expect.any(String));
    }
    expect(QuestionListSchema.parse((await me.client.get('/api/questions/mine')).body).total).toBe(0);
    expect(AskInfoSchema.parse((await me.client.get('/api/ask/info')).body).asked_today).toBe(0);
  });

  it('the queue, assigning, answering with book cards, the notice and e-mail; replies, resolve, reopen', async () => {
    const me = await patron();
    const asked = await ask(me, { subject: 'Tafsir for beginners' });

    expectError(await me.client.get('/api/library/questions'), 403, 'FORBIDDEN');
    expectError(await me.client.post(`/api/library/questions/${asked.id}/assign`, { to: 'me' }), 403, 'FORBIDDEN');
    expectError(
      await me.client.post(`/api/library/questions/${asked.id}/answer`, { body: 'I answer myself' }),
      403,
      'FORBIDDEN',
    );

    const queue = QuestionQueueSchema.parse(
      (await librarian.client.get('/api/library/questions?status=new&q=Tafsir')).body,
    );
    expect(queue.items.map((item) => item.id)).toEqual([asked.id]);
    expect(queue.items[0]).toMatchObject({
      status: 'new',
      asker_name: expect.stringContaining('Asker'),
      assigned_to: null,
    });
    expect(queue.counts.new).toBe(1);

    // The librarian sees the thread with the asker.
    const seen = detail(await librarian.client.get(`/api/questions/${asked.id}`));
    expect(seen.asker).toEqual({ id: me.id, name: expect.any(String) });

    const assigned = detail(await librarian.client.post(`/api/library/questions/${asked.id}/assign`, { to: 'me' }));
    expect(assigned.status).toBe('assigned');
    expect(assigned.assigned_to).toEqual({ id: librarian.id, name: 'Librarian Layla' });
    const mineQueue = QuestionQueueSchema.parse(
      (await librarian.client.get('/api/library/questions?status=assigned&assigned=me&q=Tafsir')).body,
    );
    expect(mineQueue.items.map((item) => item.id)).toEqual([asked.id]);
    // Only staff can be given a question.
    expectError(
      await librarian.client.post(`/api/library/questions/${asked.id}/assign`, { user_id: me.id }),
      422,
      'VALIDATION_FAILED',
    );
    expectError(
      await librarian.client.post(`/api/library/questions/${asked.id}/answer`, {
        body: 'x',
        book_ids: [bookIds[0], UNKNOWN_ID],
      }),
      422,
      'VALIDATION_FAILED',
    );

    const answered = await answer(asked.id, { body: 'Start with these two.', book_ids: [bookIds[0], bookIds[1]] });
    expect(answered.status).toBe('answered');
    expect(answered.answered_at).not.toBeNull();
    const staffMessage = answered.messages.at(-1);
    expect(staffMessage).toMatchObject({
      from_staff: true,
      author_name: 'Librarian Layla',
      body: 'Start with these two.',
    });
    expect(staffMessage?.books.map((book) => book.id)).toEqual([bookIds[0], bookIds[1]]);

    const notices = await notificationsOf(me.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      link: `/ask?question=${asked.id}`,
      title: catalogues.en.questions.notify.answeredTitle,
      eventType: null,
    });
    const mails = await mailsTo(me.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain(`/ask?question=${asked.id}`);
    expect(mails[0]?.textBody).toContain('Tafsir for beginners');
    expect(mails[0]?.textBody).not.toContain('Start with these two.');

    // The reader's view: unread, their own message "You" (null), no staff-only fields.
    const read = detail(await me.client.get(`/api/questions/${asked.id}`));
    expect(read).toMatchObject({ status: 'answered', unread: true, assigned_to: null, asker: null, message_count: 2 });
    expect(read.messages[0]?.author_name).toBeNull();

    const staffMail = async () =>
      (await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, librarian.email))).length;
    const staffMailBefore = await staffMail();
    const replied = detail(
      await me.client.post(`/api/questions/${asked.id}/messages`, { body: 'And for children?' }),
      201,
    );
    expect(replied.status).toBe('assigned');
    expect(replied.unread).toBe(false);
    // Staff are not e-mailed about a reply.
    expect(await staffMail()).toBe(staffMailBefore);

    await answer(asked.id, { body: 'This one, too.' });
    const resolved = detail(await me.client.post(`/api/questions/${asked.id}/resolve`));
    expect(resolved.status).toBe('resolved');
    expect(resolved.resolved_at).not.toBeNull();
    expectError(
      await me.client.post(`/api/questions/${asked.id}/messages`, { body: 'Again' }),
      409,
      'QUESTION_RESOLVED',
    );
    expect(catalogues.ar.errors.codes.QUESTION_RESOLVED).toEqual(expect.any(String));
    const reopened = detail(await me.client.post(`/api/questions/${asked.id}/reopen`));
    expect(reopened).toMatchObject({ status: 'answered', resolved_at: null });
    expectError(await me.client.post(`/api/questions/${asked.id}/reopen`), 409, 'WRONG_STATE');

    const unassigned = detail(await librarian.client.post(`/api/library/questions/${asked.id}/unassign`));
    expect(unassigned.assigned_to).toBeNull();

    // A reply after the answer, then resolved and reopened: it waits for a librarian again, not
    // "answered" with a reply nobody read.
    expect(detail(await me.client.post(`/api/questions/${asked.id}/messages`, { body: 'One more?' }), 201).status).toBe(
      'new',
    );
    expect(detail(await me.client.post(`/api/questions/${asked.id}/resolve`)).status).toBe('resolved');
    expect(detail(await me.client.post(`/api/questions/${asked.id}/reopen`))).toMatchObject({
      status: 'new',
      unread: false,
    });
    expectError(
      await librarian.client.post(`/api/library/questions/${asked.id}/assign`, { user_id: 'not-a-uuid' }),
      422,
      'VALIDATION_FAILED',
    );
  });

  it('with notices turned off the answer reaches the reader neither in the app nor by e-mail', async () => {
    const me = await patron();
    expect(
      (
        await me.client.put('/api/profiles/me/notification-preferences', {
          question_answered: { in_app: false, email: false },
        })
      ).status,
    ).toBe(200);
    const asked = await ask(me);
    await answer(asked.id);
    expect(await notificationsOf(me.id)).toHaveLength(0);
    expect(await mailsTo(me.email)).toHaveLength(0);
  });

  it('an Arabic reader’s notice and e-mail are in Arabic', async () => {
    const me = await patron();
    const asked = await ask(me, { subject: 'كتب في الصبر' }, { 'Accept-Language': 'ar' });
    await answer(asked.id);
    const [notice] = await notificationsOf(me.id);
    expect(notice?.title).toBe(catalogues.ar.questions.notify.answeredTitle);
    const [mail] = await mailsTo(me.email);
    expect(mail?.locale).toBe('ar');
    expect(mail?.subject).toBe(catalogues.ar.email.questionAnswered.subject);
  });

  it('publishes in the FAQ only with consent, finds it by an unvowelled Arabic query, withdraws it with consent', async () => {
    const me = await patron();
    const asked = await ask(me, { subject: 'Patience', publish_consent: false });
    const faq = {
      question_en: 'Which books explain patience?',
      question_ar: 'ما الكتب التي تشرح الصَّبْرَ؟',
      answer_en: 'Begin with the classic treatises.',
      answer_ar: 'ابدأ بالرسائل الكلاسيكية.',
    };
    // Not answered yet, and no consent.
    expectError(
      await librarian.client.post(`/api/library/questions/${asked.id}/publish`, faq),
      409,
      'QUESTION_NO_CONSENT',
    );
    await answer(asked.id);
    expectError(
      await librarian.client.post(`/api/library/questions/${asked.id}/publish`, faq),
      409,
      'QUESTION_NO_CONSENT',
    );
    expectError(await me.client.post(`/api/library/questions/${asked.id}/publish`, faq), 403, 'FORBIDDEN');

    expect(detail(await me.client.patch(`/api/questions/${asked.id}`, { publish_consent: true })).publish_consent).toBe(
      true,
    );
    expectError(
      await librarian.client.post(`/api/library/questions/${asked.id}/publish`, { question_en: 'Only a question' }),
      422,
      'VALIDATION_FAILED',
    );
    const publishedResponse = await librarian.client.post(`/api/library/questions/${asked.id}/publish`, faq);
    expect(publishedResponse.status, JSON.stringify(publishedResponse.body)).toBe(201);
    const entry = FaqEntrySchema.parse(publishedResponse.body);
    expect(entry).toMatchObject(faq);
    expect(JSON.stringify(entry)).not.toContain(me.id);
    expect(detail(await me.client.get(`/api/questions/${asked.id}`)).faq_entry_id).toBe(entry.id);

    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, asked.id));
    expect(audit.map((row) => [row.actionType, row.targetType])).toContainEqual(['publish_faq_entry', 'question']);

    const search = async (q: string) =>
      FaqListSchema.parse((await me.client.get(`/api/faq?q=${encodeURIComponent(q)}`)).body).items.map((i) => i.id);
    expect(await search('الصبر')).toContain(entry.id);
    expect(await search('صبر')).toContain(entry.id);
    expect(await search('patience')).toContain(entry.id);
    expect(await search('astronomy')).not.toContain(entry.id);

    const edited = await librarian.client.patch(`/api/library/faq/${entry.id}`, {
      answer_en: 'Begin with the treatises.',
    });
    expect(FaqEntrySchema.parse(edited.body).answer_en).toBe('Begin with the treatises.');
    expectError(await me.client.patch(`/api/library/faq/${entry.id}`, { answer_en: 'Mine' }), 403, 'FORBIDDEN');

    // Withdrawing consent removes the entry.
    expect(
      detail(await me.client.patch(`/api/questions/${asked.id}`, { publish_consent: false })).faq_entry_id,
    ).toBeNull();
    expect(await search('patience')).not.toContain(entry.id);

    // A librarian removes an entry: gone, audited.
    await me.client.patch(`/api/questions/${asked.id}`, { publish_consent: true });
    const again = FaqEntrySchema.parse(
      (await librarian.client.post(`/api/library/questions/${asked.id}/publish`, faq)).body,
    );
    expect((await librarian.client.delete(`/api/library/faq/${again.id}`)).status).toBe(204);
    expectError(await librarian.client.delete(`/api/library/faq/${again.id}`), 404, 'NOT_FOUND');
    expect(await search('patience')).not.toContain(again.id);
  });

  it('the reader’s data export carries their questions with every message, the library unnamed', async () => {
    const me = await patron();
    const asked = await ask(me, { subject: 'Export me', book_id: bookIds[2] });
    await answer(asked.id, { body: 'An answer to export.', book_ids: [bookIds[1]] });
    const response = await rawRequest(`${server.url}/api/profiles/me/export`, {
      headers: { cookie: me.client.cookieHeader(), ...me.client.defaultHeaders },
    });
    expect(response.status).toBe(200);
    const text = response.body.toString('utf8');
    const data = JSON.parse(text);
    expect(data.questions).toEqual([
      expect.objectContaining({
        id: asked.id,
        subject: 'Export me',
        status: 'answered',
        book_id: bookIds[2],
        messages: [
          expect.objectContaining({ by: 'you', body: 'Which books would you suggest on patience?' }),
          expect.objectContaining({ by: 'library', body: 'An answer to export.', book_ids: [bookIds[1]] }),
        ],
      }),
    ]);
    expect(text).not.toContain(librarian.id);
    expect(text).not.toContain('Librarian Layla');
  });

  describe('the response time', () => {
    it('librarians read and change it; readers see it and cannot change it', async () => {
      const me = await patron();
      expectError(await me.client.get('/api/library/ask-settings'), 403, 'FORBIDDEN');
      expectError(await me.client.put('/api/library/ask-settings', { response_time_hours: 5 }), 403, 'FORBIDDEN');
      const before = AskSettingsSchema.parse((await librarian.client.get('/api/library/ask-settings')).body);
      expect(before.response_time_hours).toBe(QUESTION_LIMITS.responseTimeDefault);
      expectError(
        await librarian.client.put('/api/library/ask-settings', { response_time_hours: 0 }),
        422,
        'VALIDATION_FAILED',
      );
      expectError(
        await librarian.client.put('/api/library/ask-settings', { response_time_hours: 337 }),
        422,
        'VALIDATION_FAILED',
      );
      const saved = AskSettingsSchema.parse(
        (await librarian.client.put('/api/library/ask-settings', { response_time_hours: 24 })).body,
      );
      expect(saved.response_time_hours).toBe(24);
      expect(AskInfoSchema.parse((await me.client.get('/api/ask/info')).body).response_time_hours).toBe(24);
      const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.actionType, 'update_ask_settings'));
      expect(audit).toHaveLength(1);
      await librarian.client.put('/api/library/ask-settings', {
        response_time_hours: QUESTION_LIMITS.responseTimeDefault,
      });
    });
  });

  it('an unknown question is 404 for staff too', async () => {
    expectError(await librarian.client.get(`/api/questions/${UNKNOWN_ID}`), 404, 'NOT_FOUND');
    expectError(
      await librarian.client.post(`/api/library/questions/${UNKNOWN_ID}/assign`, { to: 'me' }),
      404,
      'NOT_FOUND',
    );
  });
});
