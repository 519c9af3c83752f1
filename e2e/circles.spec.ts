import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test as authTest, createAccount, currentToast, expect } from './auth-fixtures';
import { fill, openApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';

/**
 * Study circles: a librarian starts a circle with one seat and plans a meeting; a reader joins,
 * downloads the calendar and posts markup that shows as text; a second reader is put on the
 * waiting list; the librarian (the host) hides the first reader's post, and the reader sees it
 * hidden. Axe on the list, the circle as a member and as the moderator.
 */

const test = authTest;

const post = (page: Page, text: string) => page.getByTestId('circle-post').filter({ hasText: text });

/** A date three days ahead on the browser's clock, as a datetime-local value at 19:00. */
function meetingInput(): string {
  const day = new Date(Date.now() + 3 * 24 * 60 * 60_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}T19:00`;
}

test.describe('study circles', () => {
  test('a reader joins a circle and posts, the next one waits, and the host hides the post', async ({
    page,
    t,
    lang,
    account,
    signInAs,
  }) => {
    // Three people, four sign-ins and three accessibility scans.
    test.setTimeout(180_000);
    const number = (value: number) => new Intl.NumberFormat(lang).format(value);
    const c = t.circles;
    page.on('dialog', (dialog) => {
      throw new Error(`unexpected browser dialog: ${dialog.message()}`);
    });

    // The librarian starts a circle with one seat.
    await signInAs('librarian');
    await openApp(page, '/circles');
    await expect(page.getByRole('heading', { level: 1, name: c.title })).toBeVisible();
    const name = `${lang === 'ar' ? 'حلقة القراءة' : 'Reading circle'} ${randomUUID().slice(0, 8)}`;
    await page.getByRole('button', { name: c.create.open }).first().click();
    const form = page.getByRole('dialog', { name: c.form.createTitle });
    await form.getByLabel(c.form.name).fill(name);
    await form.getByLabel(c.form.description).fill(lang === 'ar' ? 'نقرأ معًا فصلًا كل أسبوع.' : 'One chapter a week.');
    await form.getByLabel(c.form.capacity).fill('1');
    await form.getByRole('button', { name: c.form.create }).click();
    await expect(page).toHaveURL(/\/circles\/[0-9a-f-]{36}$/);
    const url = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByTestId('circle-seats')).toHaveText(
      fill(c.seats.taken, { taken: number(0), capacity: number(1) }),
    );

    // …and plans a meeting, entered on their own clock.
    await page.getByRole('button', { name: c.meetings.add }).click();
    const meetingForm = page.getByRole('dialog', { name: c.meetings.addTitle });
    await meetingForm.getByLabel(c.meetings.startsAt).fill(meetingInput());
    await meetingForm.getByLabel(c.meetings.location).fill('https://meet.example.org/circle');
    await meetingForm.getByRole('button', { name: c.meetings.save }).click();
    await expect(currentToast(page)).toContainText(c.meetings.added);
    const meeting = page.getByTestId('circle-meeting');
    await expect(meeting).toHaveCount(1);
    await expect(meeting.getByRole('link', { name: 'https://meet.example.org/circle' })).toBeVisible();
    // Shown on the reader's clock, in their language, with the zone.
    const when = await meeting.getByTestId('meeting-time').getAttribute('datetime');
    const expected = await page.evaluate(
      ([iso, language]) =>
        new Intl.DateTimeFormat(language ?? undefined, {
          weekday: 'long',
          year: 'numeric',
          month: 'long',
          day: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
          timeZoneName: 'short',
        }).format(new Date(iso as string)),
      [when, lang],
    );
    await expect(meeting.getByTestId('meeting-time')).toHaveText(expected);

    // A reader sees the circle in the list, joins, and may now take part.
    await signInAs('patron');
    await openApp(page, '/circles');
    await page.getByLabel(c.filters.search).fill(name);
    const card = page.getByTestId('circle-card').filter({ hasText: name });
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('circle-next-meeting')).toContainText(expected);
    await expectNoAxeViolations(page);
    await card.getByRole('link', { name }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByTestId('circle-join-to-discuss')).toHaveText(c.discussion.joinFirst);
    await page.getByRole('button', { name: c.membership.join, exact: true }).click();
    await expect(currentToast(page)).toContainText(c.membership.joined);
    await expect(page.getByText(c.membership.youAreMember)).toBeVisible();
    await expect(page.getByTestId('circle-seats')).toHaveText(c.seats.full);

    // The calendar downloads with the meeting in it.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: c.meetings.calendar }).click();
    const calendar = await readFile((await (await downloading).path()) as string, 'utf8');
    expect(calendar).toContain('BEGIN:VCALENDAR');
    expect(calendar).toContain('BEGIN:VEVENT');
    expect(calendar).toMatch(/DTSTART[^\r\n]*:\d{8}T\d{6}Z/);

    // Markup in a post is shown as the text it is.
    const body = `<script>alert(1)</script> <b>${randomUUID().slice(0, 8)}</b>`;
    await page.getByLabel(c.composer.label).fill(body);
    await page.getByLabel(c.composer.label).press('Control+Enter');
    const mine = post(page, body);
    await expect(mine.getByTestId('post-body')).toHaveText(body);
    await expect(mine.getByTestId('post-body')).toHaveAttribute('dir', 'auto');
    await expect(mine.locator('b, script')).toHaveCount(0);
    await expect(page.getByLabel(c.composer.label)).toHaveValue('');
    await expectNoAxeViolations(page);

    // The circle is full: the next reader joins the waiting list.
    await createAccount(page.request, account);
    await openApp(page, url);
    await page.getByRole('button', { name: c.membership.joinWaiting }).click();
    const position = fill(c.membership.waitingPosition, { position: number(1) });
    await expect(page.getByTestId('circle-waiting-position')).toHaveText(position);
    await expect(page.getByTestId('circle-join-to-discuss')).toBeVisible();

    // The host sees the line and hides the first reader's post.
    await signInAs('librarian');
    await openApp(page, url);
    await expect(page.getByTestId('circle-waiting')).toContainText(account.name);
    await expect(page.getByTestId('circle-members')).toHaveCount(1);
    const hosted = post(page, body);
    await hosted.getByRole('button', { name: c.posts.hide }).click();
    const hide = page.getByRole('dialog', { name: c.posts.hideTitle });
    await hide.getByLabel(c.posts.hideReason).fill(lang === 'ar' ? 'خارج الموضوع' : 'Off topic');
    await hide.getByRole('button', { name: c.posts.hide }).click();
    await expect(currentToast(page)).toContainText(c.posts.hiddenToast);
    await expect(hosted.getByTestId('post-hidden-badge')).toHaveText(c.posts.hiddenBadge);
    await expect(hosted.getByRole('button', { name: c.posts.unhide })).toBeVisible();
    await expectNoAxeViolations(page);

    // The reader sees their post hidden, without its text.
    await signInAs('patron');
    await openApp(page, url);
    const hidden = page.locator(`[data-testid="circle-post"]`).filter({ has: page.getByTestId('post-hidden') });
    await expect(hidden).toHaveCount(1);
    await expect(hidden.getByTestId('post-hidden')).toHaveText(c.posts.hiddenByModerator);
    await expect(page.getByText(body)).toHaveCount(0);
  });
});
