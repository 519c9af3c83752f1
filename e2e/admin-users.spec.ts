import type { APIRequestContext, Page } from '@playwright/test';
import { createAccount, currentToast, test } from './auth-fixtures';
import { type Catalogue, expect, fill, openApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { openOtherDevice, sessionOf, signInThrough } from './support/other-device';

/**
 * User management (accounts-and-auth §2, §4, §6, §8; reader-area §2.1): the list at /users and
 * /library/users with its order, filters, search and pages; one user's page; role and status
 * changes and their audit entries; ending a suspended user's sessions; deleting a user; what a
 * librarian may only read.
 */

type Created = { id: string; email: string; name: string };

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Sixteen accounts of one run (three librarians), made by the admin through the API, oldest first. */
async function createUsers(request: APIRequestContext, run: string): Promise<Created[]> {
  const users: Created[] = [];
  for (let i = 0; i < 16; i++) {
    const n = String(i).padStart(2, '0');
    const body = {
      email: `${run}-${n}@staff.example.org`,
      display_name: `${run} User ${n}`,
      role: i < 3 ? 'librarian' : 'patron',
    };
    const response = await request.post('/api/admin/users', { data: body });
    expect(response.status(), await response.text()).toBe(201);
    const detail = (await response.json()) as { profile: { id: string } };
    users.push({ id: detail.profile.id, email: body.email, name: body.display_name });
  }
  return users;
}

const rows = (page: Page) => page.getByTestId('user-row');
const header = (page: Page, t: Catalogue, column: keyof Catalogue['users']['columns']) =>
  page.getByRole('columnheader', { name: t.users.columns[column] });

/** List, order, filters, search and pages, as any staff member sees them. */
async function browseList(page: Page, t: Catalogue, path: string, run: string, users: Created[]) {
  await openApp(page, `${path}?search=${run}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.users.title);
  // 16 of this run: 15 on the first page, newest first (created_at descending by default).
  await expect(rows(page)).toHaveCount(15);
  await expect(header(page, t, 'created_at')).toHaveAttribute('aria-sort', 'descending');
  await expect(rows(page).first()).toContainText(users[15]?.email ?? '');
  await expectNoAxeViolations(page);

  await page
    .getByRole('navigation', { name: t.catalogue.pagination.label })
    .getByRole('link', { name: t.catalogue.pagination.next })
    .click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(users[0]?.email ?? '');

  // Sorting by e-mail starts ascending and goes back to page 1; the same column again flips it.
  await header(page, t, 'email').getByRole('button').click();
  await expect(header(page, t, 'email')).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).not.toHaveURL(/page=/);
  await expect(rows(page).first()).toContainText(users[0]?.email ?? '');
  await header(page, t, 'email').getByRole('button').click();
  await expect(header(page, t, 'email')).toHaveAttribute('aria-sort', 'descending');
  await expect(rows(page).first()).toContainText(users[15]?.email ?? '');

  // A role filter: the three librarians of the run, and the address keeps it.
  await page.getByLabel(t.users.filters.role).selectOption('librarian');
  await expect(page).toHaveURL(/role=librarian/);
  await expect(rows(page)).toHaveCount(3);
  for (const row of await rows(page).all()) await expect(row).toContainText(t.roles.librarian);
  await page.getByLabel(t.users.filters.role).selectOption('');

  // Searching is case-insensitive, on the e-mail or the name.
  const search = page.getByLabel(t.users.filters.search);
  await search.fill(`${run} user 07`.toUpperCase());
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(users[7]?.email ?? '');
  await expect(page).toHaveURL(/search=/);
}

test.describe('user management', () => {
  test('admin: list, sort, filter, search and page; change a role and find it in the audit log', async ({
    page,
    t,
    signInAs,
  }) => {
    test.setTimeout(120_000);
    await signInAs('admin');
    const run = `m${Date.now().toString(36)}`;
    const users = await createUsers(page.request, run);
    await browseList(page, t, '/users', run, users);

    // One user's page: a patron becomes a librarian.
    const target = users[5] as Created;
    await openApp(page, `/users/${target.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.name);
    await expect(page).toHaveTitle(`${target.name} · ${t.pages.user} · ${t.app.name}`);
    await expect(page.getByTestId('user-role')).toHaveText(t.roles.patron);
    await expectNoAxeViolations(page);
    await page.getByLabel(t.users.fields.role, { exact: true }).selectOption('librarian');
    await page.getByRole('button', { name: t.users.access.saveRole }).click();
    await expect(currentToast(page)).toContainText(fill(t.users.access.roleSaved, { role: t.roles.librarian }));
    await expect(page.getByTestId('user-role')).toHaveText(t.roles.librarian);

    // The profile form: name and borrowing limit.
    await page.getByLabel(t.users.fields.displayName).fill(`${target.name} Edited`);
    await page.getByLabel(t.users.fields.borrowingLimit).fill('7');
    await page.getByRole('button', { name: t.users.edit.save }).click();
    await expect(currentToast(page)).toContainText(t.users.edit.saved);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${target.name} Edited`);
    await expect(page.getByTestId('user-borrowing_limit')).toHaveText('7');

    // The audit log: the role change, from patron to librarian, by this admin.
    await page.getByTestId('sidebar').getByRole('link', { name: t.nav.auditLog }).click();
    await expect(page).toHaveURL(/\/admin\/audit-log/);
    // The person is found by part of their name: arrows move through the matches, Escape closes
    // them, Enter chooses; the address keeps the id and the filter shows the name.
    const picker = page.getByRole('combobox', { name: t.audit.filters.target });
    await picker.fill(`${target.name} Edited`);
    const option = page.getByRole('option', { name: new RegExp(target.email) });
    await expect(option).toBeVisible();
    await expectNoAxeViolations(page);
    await picker.press('Escape');
    await expect(option).toBeHidden();
    await picker.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await picker.press('Enter');
    await expect(page).toHaveURL(new RegExp(`target=${target.id}`));
    await expect(page.getByTestId('audit-target-chosen')).toContainText(`${target.name} Edited`);

    // The profile edit records only what changed: the name and the limit, not the unchanged biography.
    await page.getByLabel(t.audit.filters.action).selectOption('update_user_profile');
    const edit = page.getByTestId('audit-row');
    await expect(edit).toHaveCount(1);
    await expect(edit).toContainText(t.audit.fields.display_name);
    await expect(edit).toContainText(t.audit.fields.borrowing_limit);
    await expect(edit).not.toContainText(t.audit.fields.biography);

    await page.getByLabel(t.audit.filters.action).selectOption('update_user_role');
    const entry = page.getByTestId('audit-row');
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(t.audit.actions.update_user_role);
    await expect(entry).toContainText(target.email);
    await expect(entry.locator('del')).toHaveText(t.roles.patron);
    await expect(entry.locator('ins')).toHaveText(t.roles.librarian);
    await expectNoAxeViolations(page);

    // Clearing the person lifts the filter.
    await page.getByRole('button', { name: t.audit.filters.targetClear }).click();
    await expect(page).not.toHaveURL(/target=/);
    await expect(picker).toBeFocused();
  });

  test('admin: suspending a user signed in elsewhere ends that session at once', async ({
    page,
    t,
    signInAs,
    browser,
    account,
    clientIp,
    lang,
    baseURL,
  }) => {
    // Three sign-ins (the reader elsewhere, the suite's admin, the admin here) and a suspension:
    // 39 s on a busy machine, past the default 30.
    test.setTimeout(60_000);
    await createAccount(page.request, account);
    const other = await openOtherDevice(browser, { baseURL: baseURL as string, clientIp, lang });
    try {
      await signInThrough(other, account.email, account.password);
      expect((await sessionOf(other)).user?.email).toBe(account.email);
      // Leave the page first: signed out under it, its queries and live stream would ask again.
      await page.goto('about:blank');
      await page.context().clearCookies();
      await signInAs('admin');
      await openApp(page, `/users?search=${encodeURIComponent(account.email)}`);
      await rows(page).first().getByRole('link').click();
      await page.getByLabel(t.users.fields.status, { exact: true }).selectOption('suspended');
      await page.getByRole('button', { name: t.users.access.saveStatus }).click();
      const confirm = page.getByRole('alertdialog', { name: t.users.access.confirmTitle.suspended });
      await expect(confirm).toContainText(t.users.statuses.suspended);
      await confirm.getByRole('button', { name: t.users.access.confirm.suspended }).click();
      await expect(currentToast(page)).toContainText(
        fill(t.users.access.statusSaved, { status: t.users.statuses.suspended }),
      );
      await expect(page.getByTestId('user-status')).toHaveText(t.users.statuses.suspended);
      // The other browser's next request finds it signed out.
      expect((await sessionOf(other)).user).toBeNull();
      const otherPage = await other.newPage();
      await openApp(otherPage, '/settings');
      await expect(otherPage).toHaveURL(/\/signin/);
    } finally {
      await other.close();
    }
  });

  test('admin: deleting a user asks for their e-mail typed out; not offered for oneself', async ({
    page,
    t,
    signInAs,
  }) => {
    await signInAs('admin');
    const run = `d${Date.now().toString(36)}`;
    const response = await page.request.post('/api/admin/users', {
      data: { email: `${run}@staff.example.org`, display_name: `${run} Leaving`, role: 'patron' },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { profile } = (await response.json()) as { profile: { id: string; email: string } };

    await openApp(page, `/users/${profile.id}`);
    await page.getByRole('button', { name: t.users.delete.open }).click();
    const dialog = page.getByRole('dialog', { name: t.users.delete.title });
    const confirm = dialog.getByRole('button', { name: t.users.delete.confirm });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(fill(t.users.delete.typeEmail, { email: profile.email })).fill(profile.email);
    await expectNoAxeViolations(page);
    await confirm.click();
    await expect(currentToast(page)).toContainText(fill(t.users.delete.done, { email: profile.email }));
    await expect(page).toHaveURL(/\/users$/);
    await openApp(page, `/users?search=${run}`);
    await expect(page.getByText(t.users.list.empty)).toBeVisible();

    // Their own page offers no deletion.
    const me = (await (await page.request.get('/api/profiles/me')).json()) as { id: string };
    await openApp(page, `/users/${me.id}`);
    await expect(page.getByRole('button', { name: t.users.access.saveStatus })).toBeVisible();
    await expect(page.getByRole('button', { name: t.users.delete.open })).toHaveCount(0);
  });

  test('admin: add a user from the list, change their e-mail, check their setup and end their sessions', async ({
    page,
    t,
    signInAs,
  }) => {
    await signInAs('admin');
    const run = `c${Date.now().toString(36)}`;
    await openApp(page, '/users');
    await page.getByRole('button', { name: t.users.create.open }).click();
    const dialog = page.getByRole('dialog', { name: t.users.create.title });
    await expectNoAxeViolations(page);
    // The shared schema's checks before anything is sent.
    await dialog.getByLabel(t.users.fields.email).fill('not-an-address');
    await dialog.getByRole('button', { name: t.users.create.submit }).click();
    await expect(dialog.getByText(t.validation.emailInvalid)).toBeVisible();
    await dialog.getByLabel(t.users.fields.email).fill(`${run}@staff.example.org`);
    await dialog.getByLabel(t.users.fields.displayName).fill(`${run} Newcomer`);
    await dialog.getByLabel(t.users.fields.role).selectOption('librarian');
    await dialog.getByRole('button', { name: t.users.create.submit }).click();
    await expect(currentToast(page)).toContainText(fill(t.users.create.done, { email: `${run}@staff.example.org` }));
    await expect(page).toHaveURL(/\/users\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${run} Newcomer`);
    await expect(page.getByTestId('user-role')).toHaveText(t.roles.librarian);
    await expect(page.getByTestId('user-creation_source')).toHaveText(t.users.sources.admin);

    await page.getByRole('button', { name: t.users.email.open }).click();
    const email = page.getByRole('dialog', { name: t.users.email.title });
    await email.getByLabel(t.users.fields.email).fill(`${run}-moved@staff.example.org`);
    await email.getByRole('button', { name: t.users.email.submit }).click();
    await expect(currentToast(page)).toContainText(t.users.email.done);
    await expect(page.getByTestId('user-email')).toHaveText(`${run}-moved@staff.example.org`);

    // Their avatar, through the storage interface: the picture replaces the initials.
    await expect(page.getByRole('main').locator('img')).toHaveCount(0);
    await page
      .getByLabel(t.users.avatar.label)
      .setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: PNG });
    await expect(currentToast(page)).toContainText(t.users.avatar.saved);
    await expect(page.getByRole('main').locator('img')).toHaveCount(1);

    await page.getByRole('button', { name: t.users.repair.open }).click();
    // Whole, or repaired as far as it goes; the page lists what is left either way.
    const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(currentToast(page)).toContainText(
      new RegExp(`${escapeRegExp(t.users.repair.whole)}|${escapeRegExp(t.users.repair.problemsLeft)}`),
    );
    await expect(page.getByTestId('setup-problems')).toBeVisible();

    await page.getByRole('button', { name: t.users.sessions.open }).click();
    const sessions = page.getByRole('alertdialog', { name: t.users.sessions.title });
    await sessions.getByRole('button', { name: t.users.sessions.confirm }).click();
    await expect(currentToast(page)).toContainText(t.users.sessions.done);
  });

  test('librarian: the list read-only at /library/users, no edit controls, no audit log', async ({
    page,
    t,
    signInAs,
    adminApi,
  }) => {
    test.setTimeout(120_000);
    // The admin makes the accounts; the librarian only looks.
    const run = `l${Date.now().toString(36)}`;
    const users = await createUsers(adminApi, run);
    await signInAs('librarian');
    await browseList(page, t, '/library/users', run, users);
    await expect(page.getByText(t.users.readOnly)).toBeVisible();
    await expect(page.getByRole('button', { name: t.users.create.open })).toHaveCount(0);

    await openApp(page, `/users/${users[4]?.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(users[4]?.name ?? '');
    await expect(page.getByRole('heading', { name: t.users.activity.title })).toBeVisible();
    for (const name of [t.users.access.saveRole, t.users.access.saveStatus, t.users.edit.save, t.users.delete.open]) {
      await expect(page.getByRole('button', { name })).toHaveCount(0);
    }
    await expectNoAxeViolations(page);
    // The server refuses the librarian's write all the same.
    const write = await page.request.patch(`/api/admin/users/${users[4]?.id}`, { data: { role: 'admin' } });
    expect(write.status()).toBe(403);

    await expect(page.getByTestId('sidebar').getByRole('link', { name: t.nav.auditLog })).toHaveCount(0);
    await openApp(page, '/admin/audit-log');
    await expect(page).toHaveURL(/\/unauthorized/);
  });
});
