import type { Page } from '@playwright/test';
import { test as authTest, createAccount, currentToast, expect } from './auth-fixtures';
import { type Catalogue, openApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';

type SendBody = { title: string; message: string; type?: string; event_type?: string };

/**
 * Support's side (reader-area §2.7, §4.2): the end-to-end admin sends notifications to the test's
 * reader through POST /api/admin/notifications, as the lending work will through notifyUser.
 */
const test = authTest.extend<{ send: (body: SendBody) => Promise<{ id: string }> }>({
  send: async ({ adminApi, page, account }, use) => {
    const userId = await createAccount(page.request, account);
    await use(async (body) => {
      const response = await adminApi.post('/api/admin/notifications', { data: { user_id: userId, ...body } });
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()) as { id: string };
    });
  },
});

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^(Notifications|الإشعارات)/ });
const panel = (page: Page, t: Catalogue) => page.getByRole('dialog', { name: t.notifications.title });
const items = (page: Page, t: Catalogue) => panel(page, t).getByTestId('notification');
const count = (lang: string, value: number) => new Intl.NumberFormat(lang).format(value);

test.describe('notifications', () => {
  test('a notification sent while the reader is on a page arrives live: toast, badge, panel; mark read, mark all read, clear read', async ({
    page,
    t,
    lang,
    send,
  }) => {
    await openApp(page, '/');
    await expect(bell(page)).toHaveAccessibleName(t.header.notifications);
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);

    // The empty panel.
    await bell(page).click();
    await expect(panel(page, t)).toBeVisible();
    await expect(panel(page, t).getByText(t.notifications.empty.title)).toBeVisible();
    await expect(panel(page, t).getByText(t.notifications.empty.description)).toBeVisible();
    await expect(panel(page, t).getByRole('button', { name: t.notifications.markAllRead })).toBeDisabled();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(panel(page, t)).toBeHidden();
    await expect(bell(page)).toBeFocused();

    // An approved request: a success toast, without a reload.
    await send({
      title: 'Request approved',
      message: 'Your copy of Nahj al-Balagha ships tomorrow.',
      type: 'info',
      event_type: 'book_request_approved',
    });
    await expect(currentToast(page)).toContainText('Request approved');
    await expect(currentToast(page)).toContainText('Your copy of Nahj al-Balagha ships tomorrow.');
    await expect(currentToast(page)).toHaveAttribute('data-type', 'success');
    await expect(page.getByTestId('notification-badge')).toHaveText(count(lang, 1));

    // An error without an event looks like a warning.
    await send({ title: 'Return overdue', message: 'Please return al-Kafi.', type: 'error' });
    await expect(currentToast(page)).toContainText('Return overdue');
    await expect(currentToast(page)).toHaveAttribute('data-type', 'warning');
    await expect(page.getByTestId('notification-badge')).toHaveText(count(lang, 2));
    // Arabic has a dual form; English says 'other' for two.
    await expect(bell(page)).toHaveAccessibleName(
      lang === 'ar'
        ? t.notifications.bellUnread_two
        : t.notifications.bellUnread_other.replace('{{formatted}}', count(lang, 2)),
    );

    await bell(page).click();
    await expect(items(page, t)).toHaveCount(2);
    await expect(items(page, t).first()).toContainText('Return overdue');
    await expect(items(page, t).nth(1)).toContainText('Request approved');
    await expect(items(page, t).first()).toHaveAttribute('data-unread', 'true');
    await expectNoAxeViolations(page);

    // Mark one read.
    await panel(page, t)
      .getByRole('button', { name: t.notifications.markRead.replace('{{title}}', 'Request approved') })
      .click();
    await expect(items(page, t).nth(1)).toHaveAttribute('data-unread', 'false');
    await expect(page.getByTestId('notification-badge')).toHaveText(count(lang, 1));

    // Mark all read: no badge left.
    await panel(page, t).getByRole('button', { name: t.notifications.markAllRead }).click();
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);
    await expect(items(page, t).first()).toHaveAttribute('data-unread', 'false');

    // Clear read: the empty state again, and still after a reload (the server agrees).
    await panel(page, t).getByRole('button', { name: t.notifications.clearRead }).click();
    await expect(panel(page, t).getByText(t.notifications.empty.title)).toBeVisible();
    await page.reload();
    await expect(bell(page)).toHaveAccessibleName(t.header.notifications);
    await bell(page).click();
    await expect(panel(page, t).getByText(t.notifications.empty.title)).toBeVisible();
  });

  test('the toast follows the event, then the type; the badge shows 9+ beyond 9; the panel fits a phone', async ({
    page,
    t,
    lang,
    send,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openApp(page, '/');
    await expect(bell(page)).toBeVisible();

    await send({
      title: 'Request denied',
      message: 'No copy is free.',
      type: 'success',
      event_type: 'book_request_denied',
    });
    await expect(currentToast(page)).toContainText('Request denied');
    await expect(currentToast(page)).toHaveAttribute('data-type', 'info');
    await send({ title: 'Overdue', message: 'Due last week.', type: 'info', event_type: 'checkout_overdue' });
    await expect(currentToast(page)).toContainText('Overdue');
    await expect(currentToast(page)).toHaveAttribute('data-type', 'warning');

    for (let index = 3; index <= 10; index++) await send({ title: `Note ${index}`, message: 'A message.' });
    await expect(page.getByTestId('notification-badge')).toHaveText(`${count(lang, 9)}+`);
    await expect(bell(page)).toHaveAccessibleName(new RegExp(count(lang, 10)));

    await bell(page).click();
    await expect(items(page, t)).toHaveCount(10);
    const box = await panel(page, t).boundingBox();
    expect(box).not.toBeNull();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
  });

  test('a change the server refuses is put back, with a message', async ({
    page,
    t,
    lang,
    send,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 500/);
    await send({ title: 'Kept unread', message: 'The server will refuse to mark this one.' });
    await openApp(page, '/');
    await expect(page.getByTestId('notification-badge')).toHaveText(count(lang, 1));
    await page.route('**/api/notifications/*/read', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'An unexpected error occurred' } } }),
    );
    await bell(page).click();
    await panel(page, t)
      .getByRole('button', { name: t.notifications.markRead.replace('{{title}}', 'Kept unread') })
      .click();
    await expect(currentToast(page)).toContainText(t.notifications.updateFailed, { timeout: 10_000 });
    await expect(items(page, t).first()).toHaveAttribute('data-unread', 'true');
    await expect(page.getByTestId('notification-badge')).toHaveText(count(lang, 1));
  });
});
