/**
 * Study circles through HTTP on both databases: creating (staff only), joining with a capacity and
 * a waiting list (positions, promotion on leave with a notification, removal that cannot be undone
 * by rejoining), twenty readers racing for the last place (one member, nineteen waiting in order),
 * meetings (notifications as `circle_meeting` says, e-mail, the .ics file with UTC times, members
 * only), the discussion (members only, own edits, hiding, reporting to the staff inbox, reply
 * notifications as `circle_reply` says, the rate limit) and validation.
 */
import crypto from 'node:crypto';
import {
  CircleDetailSchema,
  CircleListSchema,
  CircleMeetingSchema,
  CircleMembershipSchema,
  CirclePostListSchema,
  CirclePostSchema,
} from '@maktaba/shared/schemas/circles';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { adminAuditLog, authUsers, circlePosts, emailOutbox, userNotifications } from '../src/db/schema/index.js';
import { renderEmail } from '../src/modules/mail/templates.js';
import { expectError } from './api-client.js';
import { accountAs, describeEachDriver, type TestAccount, useTestServer } from './helpers.js';
import { ok } from './lending-fixtures.js';

const CHANNELS = '/api/profiles/me/notification-preferences';

describeEachDriver('study circles over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1', DEMO_CATALOGUE: 'false' } });
  let db: Database;
  let librarian: TestAccount;
  const tag = crypto.randomBytes(3).toString('hex');
  let n = 0;

  const patron = () => accountAs(server, 'patron', { name: `Circle reader ${++n} ${tag}` });
  const patrons = (count: number) => Promise.all(Array.from({ length: count }, () => patron()));
  const circle = async (overrides: Record<string, unknown> = {}, by: TestAccount = librarian) =>
    CircleDetailSchema.parse(
      ok(
        await by.client.post('/api/circles', {
          name: `Reading circle ${++n} ${tag}`,
          description: 'We read slowly and talk about it.',
          language: 'en',
          capacity: 2,
          ...overrides,
        }),
        201,
      ),
    );
  const join = async (who: TestAccount, id: string) =>
    CircleMembershipSchema.parse(ok(await who.client.post(`/api/circles/${id}/join`, {})));
  const detail = async (who: TestAccount, id: string) =>
    CircleDetailSchema.parse(ok(await who.client.get(`/api/circles/${id}`)));
  const notices = (who: TestAccount) => db.select().from(userNotifications).where(eq(userNotifications.userId, who.id));
  const post = async (who: TestAccount, id: string, body: string, replyTo?: string) =>
    CirclePostSchema.parse(
      ok(await who.client.post(`/api/circles/${id}/posts`, { body, ...(replyTo ? { reply_to: replyTo } : {}) }), 201),
    );
  const posts = async (who: TestAccount, id: string) =>
    CirclePostListSchema.parse(ok(await who.client.get(`/api/circles/${id}/posts`))).items;

  beforeAll(async () => {
    db = server.db;
    librarian = await accountAs(server, 'librarian', { name: `Circle librarian ${tag}` });
  }, 180_000);

  it('a patron cannot start a circle; a librarian can, and is its host', async () => {
    const reader = await patron();
    expectError(
      await reader.client.post('/api/circles', { name: 'Mine', language: 'en', capacity: 5 }),
      403,
      'FORBIDDEN',
    );
    const made = await circle();
    expect(made).toMatchObject({ host: { id: librarian.id }, capacity: 2, member_count: 0, status: 'open' });
    expect(made.can_moderate && made.can_manage).toBe(true);
    const seen = await detail(reader, made.id);
    expect(seen).toMatchObject({ can_moderate: false, can_post: false, members: [], waiting: [], my_status: null });
    const list = CircleListSchema.parse(ok(await reader.client.get(`/api/circles?q=${encodeURIComponent(tag)}`)));
    expect(list.items.map((item) => item.id)).toContain(made.id);
  }, 180_000);

  it('capacity 2: the third reader waits first in line; leaving promotes and notifies them', async () => {
    const made = await circle();
    const [a, b, c, d] = (await patrons(4)) as [TestAccount, TestAccount, TestAccount, TestAccount];
    expect(await join(a, made.id)).toEqual({ my_status: 'member', my_waiting_position: null });
    expect(await join(b, made.id)).toEqual({ my_status: 'member', my_waiting_position: null });
    expect(await join(c, made.id)).toEqual({ my_status: 'waiting', my_waiting_position: 1 });
    expect(await join(d, made.id)).toEqual({ my_status: 'waiting', my_waiting_position: 2 });
    // Idempotent.
    expect(await join(c, made.id)).toEqual({ my_status: 'waiting', my_waiting_position: 1 });
    const full = await detail(librarian, made.id);
    expect(full).toMatchObject({ member_count: 2, waiting_count: 2 });
    expect(full.waiting.map((w) => [w.id, w.position])).toEqual([
      [c.id, 1],
      [d.id, 2],
    ]);

    ok(await a.client.post(`/api/circles/${made.id}/leave`, {}));
    expect((await detail(c, made.id)).my_status).toBe('member');
    expect((await detail(d, made.id)).my_waiting_position).toBe(1);
    const told = await notices(c);
    expect(told.map((row) => row.link)).toContain(`/circles/${made.id}`);
    expect(told.map((row) => row.title)).toContain('You have a place in a circle');

    // Rejoining after leaving goes to the end of the line.
    expect(await join(a, made.id)).toEqual({ my_status: 'waiting', my_waiting_position: 2 });
  }, 180_000);

  it('a removed member is told why and cannot rejoin; a raised capacity promotes in order', async () => {
    const made = await circle({ capacity: 1 });
    const [a, b, c] = (await patrons(3)) as [TestAccount, TestAccount, TestAccount];
    await join(a, made.id);
    await join(b, made.id);
    await join(c, made.id);
    const removed = await librarian.client.request('DELETE', `/api/circles/${made.id}/members/${a.id}`, {
      body: { reason: 'Please keep to the book' },
    });
    expect(removed.status).toBe(204);
    expect((await notices(a)).map((row) => row.message).join(' ')).toContain('Please keep to the book');
    const refused = expectError(await a.client.post(`/api/circles/${made.id}/join`, {}), 403, 'CIRCLE_REMOVED');
    expect(refused.details).toEqual({ reason: 'Please keep to the book' });
    expect(await detail(a, made.id)).toMatchObject({ my_removed: true, my_removed_reason: 'Please keep to the book' });
    expect((await detail(b, made.id)).my_status).toBe('member');
    const [audit] = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, made.id), eq(adminAuditLog.actionType, 'remove_circle_member')));
    expect(audit?.targetType).toBe('study_circle');

    ok(await librarian.client.patch(`/api/circles/${made.id}`, { capacity: 3 }));
    expect((await detail(c, made.id)).my_status).toBe('member');

    ok(await librarian.client.patch(`/api/circles/${made.id}`, { status: 'closed' }));
    const late = await patron();
    expectError(await late.client.post(`/api/circles/${made.id}/join`, {}), 409, 'CIRCLE_CLOSED');
  }, 180_000);

  it('twenty readers race for the last place: one member, nineteen waiting with places 1–19', async () => {
    const made = await circle({ capacity: 2 });
    const first = await patron();
    await join(first, made.id);
    const readers = await patrons(20);
    const answers = await Promise.all(readers.map((reader) => reader.client.post(`/api/circles/${made.id}/join`, {})));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const places = answers.map((answer) => CircleMembershipSchema.parse(answer.body));
    expect(places.filter((place) => place.my_status === 'member')).toHaveLength(1);
    const waiting = places
      .filter((place) => place.my_status === 'waiting')
      .map((place) => place.my_waiting_position)
      .sort((x, y) => (x ?? 0) - (y ?? 0));
    expect(waiting).toEqual(Array.from({ length: 19 }, (_, index) => index + 1));
    const after = await detail(librarian, made.id);
    expect(after).toMatchObject({ member_count: 2, waiting_count: 19 });
    expect(after.waiting.map((w) => w.position)).toEqual(Array.from({ length: 19 }, (_, index) => index + 1));
  }, 180_000);

  it('meetings: validation, notices as circle_meeting says, e-mail, and the .ics file for members only', async () => {
    const made = await circle({ capacity: 5 });
    const [member, quiet, outsider] = (await patrons(3)) as [TestAccount, TestAccount, TestAccount];
    await join(member, made.id);
    await join(quiet, made.id);
    ok(await quiet.client.put(CHANNELS, { circle_meeting: { in_app: false, email: false } }));
    const url = `/api/circles/${made.id}/meetings`;

    expectError(
      await librarian.client.post(url, { starts_at: '3 December at seven', duration_minutes: 60 }),
      422,
      'VALIDATION_FAILED',
    );
    expectError(
      await librarian.client.post(url, { starts_at: '2030-12-03T19:00:00+03:00', duration_minutes: 10 }),
      422,
      'VALIDATION_FAILED',
    );
    expectError(
      await librarian.client.post(url, { starts_at: '2030-12-03T19:00:00+03:00', duration_minutes: 1441 }),
      422,
      'VALIDATION_FAILED',
    );
    expectError(
      await librarian.client.post(url, { starts_at: '2030-12-03T19:00:00+03:00', location: 'http://x.example/m' }),
      422,
      'VALIDATION_FAILED',
    );
    expectError(await member.client.post(url, { starts_at: '2030-12-03T19:00:00+03:00' }), 403, 'FORBIDDEN');

    const meeting = CircleMeetingSchema.parse(
      ok(
        await librarian.client.post(url, {
          starts_at: '2030-12-03T19:00:00+03:00',
          duration_minutes: 90,
          location: 'Reading room 2',
        }),
        201,
      ),
    );
    expect(meeting.starts_at).toBe('2030-12-03T16:00:00.000Z');
    expect((await notices(member)).map((row) => row.title)).toContain('New circle meeting');
    expect((await notices(quiet)).map((row) => row.title)).not.toContain('New circle meeting');
    const mails = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.template, 'circle_meeting'), eq(emailOutbox.toAddress, member.email)));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain('Reading room 2');
    const quietMails = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.template, 'circle_meeting'), eq(emailOutbox.toAddress, quiet.email)));
    expect(quietMails).toHaveLength(0);

    const second = CircleMeetingSchema.parse(
      ok(await librarian.client.post(url, { starts_at: '2030-12-10T16:30:00Z', duration_minutes: 60 }), 201),
    );
    ok(await librarian.client.post(`${url}/${second.id}/cancel`, {}));
    expectError(
      await librarian.client.patch(`${url}/${second.id}`, { duration_minutes: 30 }),
      409,
      'CIRCLE_MEETING_CANCELLED',
    );

    const ics = await fetch(`${server.url}/api/circles/${made.id}/calendar.ics`, {
      headers: { cookie: member.client.cookieHeader(), ...member.client.defaultHeaders },
    });
    expect(ics.status).toBe(200);
    expect(String(ics.headers.get('content-type'))).toContain('text/calendar');
    expect(String(ics.headers.get('content-disposition'))).toContain('attachment');
    const text = await ics.text();
    expect(text).toContain('DTSTART:20301203T160000Z');
    expect(text).toContain('DTSTART:20301210T163000Z');
    expect(text).toContain(`UID:circle-meeting-${meeting.id}@`);
    expect(text).toContain('STATUS:CANCELLED');
    expectError(await outsider.client.get(`/api/circles/${made.id}/calendar.ics`), 403, 'CIRCLE_MEMBERS_ONLY');

    const shown = await detail(member, made.id);
    expect(shown.next_meeting?.id).toBe(meeting.id);
    expect(shown.meetings.map((m) => m.id)).toEqual([meeting.id, second.id]);
  }, 180_000);

  it('the discussion: members only, own edits, hiding, reports to the inbox, reply notices', async () => {
    const made = await circle({ capacity: 5 });
    const [alice, bob, carol, outsider] = (await patrons(4)) as [TestAccount, TestAccount, TestAccount, TestAccount];
    for (const who of [alice, bob, carol]) await join(who, made.id);
    const postsUrl = `/api/circles/${made.id}/posts`;

    const first = await post(alice, made.id, 'مرحباً — the first chapter <b>is</b> short');
    expect(first).toMatchObject({ mine: true, can_edit: true, hidden: false });
    expect(first.body).toBe('مرحباً — the first chapter <b>is</b> short');
    expectError(await outsider.client.post(postsUrl, { body: 'Let me in' }), 403, 'CIRCLE_MEMBERS_ONLY');
    expectError(await outsider.client.get(postsUrl), 403, 'CIRCLE_MEMBERS_ONLY');

    // Validation: too long, empty, an unknown key, NUL and a lone surrogate.
    expectError(await bob.client.post(postsUrl, { body: 'x'.repeat(4001) }), 422, 'VALIDATION_FAILED');
    expectError(await bob.client.post(postsUrl, { body: '   ' }), 422, 'VALIDATION_FAILED');
    expectError(await bob.client.post(postsUrl, { body: 'Hi', pinned: true }), 422, 'VALIDATION_FAILED');
    expectError(await bob.client.post(postsUrl, { body: 'a\u0000b' }), 422, 'VALIDATION_FAILED');
    expectError(await bob.client.post(postsUrl, { body: 'a\ud800b' }), 422, 'VALIDATION_FAILED');
    expect((await post(bob, made.id, 'y'.repeat(4000))).body).toHaveLength(4000);

    // Edits: one's own only.
    const edited = CirclePostSchema.parse(
      ok(await alice.client.patch(`${postsUrl}/${first.id}`, { body: 'The first chapter is short' })),
    );
    expect(edited.edited_at).not.toBeNull();
    expectError(await bob.client.patch(`${postsUrl}/${first.id}`, { body: 'Mine now' }), 403, 'FORBIDDEN');
    expectError(
      await alice.client.patch(`${postsUrl}/${crypto.randomUUID()}`, { body: 'Nothing here' }),
      404,
      'NOT_FOUND',
    );

    // A reply notifies the author, unless they turned circle_reply off in the app.
    const reply = await post(bob, made.id, 'I agree', first.id);
    expect(reply.reply_to).toMatchObject({ id: first.id, excerpt: 'The first chapter is short' });
    expect((await notices(alice)).filter((row) => row.title === 'New reply to your post')).toHaveLength(1);
    await post(alice, made.id, 'Replying to myself', first.id);
    expect((await notices(alice)).filter((row) => row.title === 'New reply to your post')).toHaveLength(1);
    ok(await carol.client.put(CHANNELS, { circle_reply: { in_app: false, email: true } }));
    const carols = await post(carol, made.id, 'Quiet please');
    await post(bob, made.id, 'Sorry', carols.id);
    expect((await notices(carol)).filter((row) => row.title === 'New reply to your post')).toHaveLength(0);

    // The host hides a post: others see it hidden without its body; the host sees both.
    const hidden = CirclePostSchema.parse(
      ok(await librarian.client.post(`${postsUrl}/${reply.id}/hide`, { reason: 'Off topic' })),
    );
    expect(hidden).toMatchObject({ hidden: true, body: 'I agree', hidden_reason: 'Off topic' });
    const seenByCarol = (await posts(carol, made.id)).find((item) => item.id === reply.id);
    expect(seenByCarol).toMatchObject({ hidden: true, body: '', hidden_reason: null });
    expectError(await bob.client.post(`${postsUrl}/${first.id}/hide`, {}), 403, 'FORBIDDEN');
    expectError(await bob.client.patch(`${postsUrl}/${reply.id}`, { body: 'Again' }), 409, 'CIRCLE_POST_HIDDEN');
    const audits = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, made.id), eq(adminAuditLog.actionType, 'hide_circle_post')));
    expect(audits).toHaveLength(1);

    // A report lands in the staff inbox, once per reader and post.
    ok(await carol.client.post(`${postsUrl}/${first.id}/report`, { reason: 'Rude words' }), 201);
    expectError(
      await carol.client.post(`${postsUrl}/${first.id}/report`, { reason: 'Again' }),
      409,
      'CIRCLE_POST_ALREADY_REPORTED',
    );
    const inbox = ok(await librarian.client.get('/api/admin/feedback?kind=post_report')) as {
      items: { kind: string; page_context: string; fields: Record<string, unknown> }[];
    };
    const report = inbox.items.find((item) => item.fields.post_id === first.id);
    expect(report).toMatchObject({
      kind: 'post_report',
      page_context: `/circles/${made.id}?post=${first.id}`,
      fields: { reason: 'Rude words', post_body: 'The first chapter is short', circle_name: made.name },
    });

    // Deleting: one's own, or any as a moderator.
    expectError(await carol.client.delete(`${postsUrl}/${first.id}`), 403, 'FORBIDDEN');
    expect((await alice.client.delete(`${postsUrl}/${first.id}`)).status).toBe(204);
    expect((await librarian.client.delete(`${postsUrl}/${carols.id}`)).status).toBe(204);
    expect((await posts(bob, made.id)).map((item) => item.id)).not.toContain(first.id);
    // A moderator's deletion of someone else's post is in the audit log; the author's own is not.
    const deletions = await db
      .select({ actor: adminAuditLog.actorId, metadata: adminAuditLog.metadata })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, made.id), eq(adminAuditLog.actionType, 'delete_circle_post')));
    expect(deletions).toEqual([{ actor: librarian.id, metadata: expect.objectContaining({ post_id: carols.id }) }]);
  }, 180_000);

  it('pages the discussion oldest first within a page, with a cursor to older posts', async () => {
    const made = await circle({ capacity: 5 });
    const reader = await patron();
    await join(reader, made.id);
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await post(reader, made.id, `Post ${i}`)).id);
    const page = CirclePostListSchema.parse(ok(await reader.client.get(`/api/circles/${made.id}/posts?limit=3`)));
    expect(page.items.map((item) => item.id)).toEqual(ids.slice(2));
    const older = CirclePostListSchema.parse(
      ok(await reader.client.get(`/api/circles/${made.id}/posts?limit=3&before=${page.next_cursor}`)),
    );
    expect(older.items.map((item) => item.id)).toEqual(ids.slice(0, 2));
    expect(older.next_cursor).toBeNull();
  }, 180_000);

  it('limits posts: the eleventh in ten minutes answers 429', async () => {
    const made = await circle({ capacity: 5 });
    const reader = await patron();
    await join(reader, made.id);
    for (let i = 0; i < 10; i++) await post(reader, made.id, `Quick ${i}`);
    const refused = await reader.client.post(`/api/circles/${made.id}/posts`, { body: 'One more' });
    expectError(refused, 429, 'CIRCLE_POST_RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 180_000);

  it('a patron host moderates their circle but cannot change its capacity or host', async () => {
    const host = await patron();
    const made = await circle({ host_id: host.id, capacity: 3 });
    const member = await patron();
    await join(member, made.id);
    const seen = await detail(host, made.id);
    expect(seen).toMatchObject({ can_moderate: true, can_manage: false, can_post: true });
    ok(await host.client.patch(`/api/circles/${made.id}`, { description: 'Chapter two next' }));
    expectError(await host.client.patch(`/api/circles/${made.id}`, { capacity: 10 }), 403, 'FORBIDDEN');
    expectError(await host.client.patch(`/api/circles/${made.id}`, { host_id: member.id }), 403, 'FORBIDDEN');
    const memberPost = await post(member, made.id, 'Hello host');
    ok(await host.client.post(`/api/circles/${made.id}/posts/${memberPost.id}/hide`, {}));
    ok(await host.client.post(`/api/circles/${made.id}/meetings`, { starts_at: '2031-01-05T18:00:00Z' }), 201);
    expect((await host.client.delete(`/api/circles/${made.id}/members/${member.id}`)).status).toBe(204);
    expectError(await member.client.patch(`/api/circles/${made.id}`, { name: 'Taken over' }), 403, 'FORBIDDEN');
  }, 180_000);

  it('validates circles: unknown keys, capacity, host, archived ones hidden from readers', async () => {
    expectError(
      await librarian.client.post('/api/circles', { name: 'X', language: 'en', capacity: 0 }),
      422,
      'VALIDATION_FAILED',
    );
    expectError(
      await librarian.client.post('/api/circles', { name: 'X', language: 'en', capacity: 501 }),
      422,
      'VALIDATION_FAILED',
    );
    expectError(
      await librarian.client.post('/api/circles', { name: 'X', language: 'en', capacity: 5, colour: 'red' }),
      422,
      'VALIDATION_FAILED',
    );
    expectError(
      await librarian.client.post('/api/circles', {
        name: 'X',
        language: 'en',
        capacity: 5,
        host_id: crypto.randomUUID(),
      }),
      422,
      'VALIDATION_FAILED',
    );
    const made = await circle({ name: `الحلقة المباركة ${tag}` });
    const reader = await patron();
    const found = CircleListSchema.parse(ok(await reader.client.get(`/api/circles?q=${encodeURIComponent('مباركه')}`)));
    expect(found.items.map((item) => item.id)).toContain(made.id);
    ok(await librarian.client.patch(`/api/circles/${made.id}`, { status: 'archived' }));
    expectError(await reader.client.get(`/api/circles/${made.id}`), 404, 'NOT_FOUND');
    const staffList = CircleListSchema.parse(ok(await librarian.client.get('/api/circles?status=archived')));
    expect(staffList.items.map((item) => item.id)).toContain(made.id);
  }, 180_000);

  it('a deleted account gives its place to the first reader waiting; the host takes no seat', async () => {
    const made = await circle({ capacity: 1 });
    expectError(await librarian.client.post(`/api/circles/${made.id}/join`, {}), 409, 'CIRCLE_HOST');
    const [seated, waiting] = (await patrons(2)) as [TestAccount, TestAccount];
    expect(await join(seated, made.id)).toMatchObject({ my_status: 'member' });
    expect(await join(waiting, made.id)).toEqual({ my_status: 'waiting', my_waiting_position: 1 });
    const admin = await accountAs(server, 'admin', { name: `Circle admin ${tag}` });
    ok(await admin.client.delete(`/api/admin/users/${seated.id}`));
    const after = await detail(librarian, made.id);
    expect(after).toMatchObject({ member_count: 1, waiting_count: 0 });
    expect(after.members.map((member) => member.id)).toEqual([waiting.id]);
    expect((await notices(waiting)).map((row) => row.title)).toContain('You have a place in a circle');
  }, 180_000);

  it("a deleted account's posts stay without their author", async () => {
    const made = await circle({ capacity: 5 });
    const [leaver, stayer] = (await patrons(2)) as [TestAccount, TestAccount];
    await join(leaver, made.id);
    await join(stayer, made.id);
    const written = await post(leaver, made.id, 'I was here');
    await db.delete(authUsers).where(eq(authUsers.id, leaver.id));
    const [row] = await db.select().from(circlePosts).where(eq(circlePosts.id, written.id));
    expect(row?.authorId).toBeNull();
    const seen = (await posts(stayer, made.id)).find((item) => item.id === written.id);
    expect(seen).toMatchObject({ author: null, body: 'I was here' });
  }, 180_000);
});

describe('the circle meeting e-mail', () => {
  it('is written in English and in Arabic for a new, a moved and a cancelled meeting', () => {
    const expected = {
      en: { new: 'New meeting of', changed: 'changed', cancelled: 'cancelled' },
      ar: { new: 'لقاء جديد لحلقة', changed: 'تغيّر لقاء حلقة', cancelled: 'أُلغي لقاء حلقة' },
    } as const;
    for (const locale of ['en', 'ar'] as const) {
      for (const change of ['new', 'changed', 'cancelled'] as const) {
        const mail = renderEmail({
          to: 'reader@example.org',
          locale,
          template: 'circle_meeting',
          data: {
            circleName: 'Riyad <b>',
            change,
            when: '3 Dec',
            location: 'Room 2',
            link: 'http://localhost/circles/1',
          },
        });
        expect(mail.subject).toContain(expected[locale][change]);
        expect(mail.subject).toContain('Riyad <b>');
        expect(mail.html).toContain('Riyad &lt;b&gt;');
        expect(mail.text).not.toMatch(/circleMeeting/);
        expect(mail.text.includes('Room 2')).toBe(change !== 'cancelled');
      }
    }
  });
});
