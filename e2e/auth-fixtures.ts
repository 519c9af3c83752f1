import { randomInt, randomUUID } from 'node:crypto';
import type { Role } from '@maktaba/shared/permissions';
import {
  type APIRequestContext,
  type Locator,
  type Page,
  request as playwrightRequest,
  type Request,
} from '@playwright/test';
import { test as base, type Catalogue, expect } from './fixtures';
import { E2E_ADMIN } from './support/admin-account';
import { E2E_BASE_URL } from './support/e2e-env';
import { holdShared, LENDING_SETTINGS_LOCK, SYSTEM_SETTINGS_LOCK, withLockAcrossWorkers } from './support/exclusive';

/** An account the tests create; the password passes every registration rule and no common list. */
export type Account = {
  email: string;
  password: string;
  name: string;
};

export const ADDRESS = {
  phone_number: '2025550143',
  address_line_1: '12 Library Way',
  city: 'Dearborn',
  state_province: 'MI',
  postal_code: '48126',
  country: 'United States',
} as const;

type AuthFixtures = {
  /** A fresh account for this test (not yet created). */
  account: Account;
  /** The address this test's browser and API calls come from (see playwright.config.ts). */
  clientIp: string;
  /**
   * Signs this test's page (and `page.request`) in as an account of the role, with its complete
   * profile. The accounts are made once per worker; tests that change an account (its role, status,
   * e-mail, or delete it) change one of their own instead.
   */
  signInAs: (role: Role) => Promise<RoleAccount>;
  /**
   * Held for the whole test by a test that changes the library's lending settings or needs them
   * unchanged while it runs (LENDING_SETTINGS_LOCK in support/exclusive.ts): ask for it to take it.
   */
  lendingSettingsLock: undefined;
  /**
   * Held for the whole test by a test that registers through the portal (or signs up with Google):
   * the system settings test, which closes registration for a while, waits for it to end, and it
   * waits while that test runs (SYSTEM_SETTINGS_LOCK in support/exclusive.ts).
   */
  registrationOpen: undefined;
};

/** An account of a role, made by `roleAccount`; `id` is its user's (and profile's) id. */
export type RoleAccount = { id: string; email: string; password: string };

type AuthWorkerFixtures = {
  /** An API client signed in as the suite's admin (support/admin-account.ts), for arranging what a test needs. */
  adminApi: APIRequestContext;
  /** This worker's account of the role: registered like any reader, then given the role by the suite's admin. */
  roleAccount: (role: Role) => Promise<RoleAccount>;
};

/** An address of the private range: a caller of its own for the security check's per-address limits. */
export const randomClientIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export const test = base.extend<AuthFixtures, AuthWorkerFixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  clientIp: async ({}, use) => use(randomClientIp()),
  // A test waits up to three minutes for it: the lending tests that hold it are long.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  lendingSettingsLock: async ({}, use) => withLockAcrossWorkers(LENDING_SETTINGS_LOCK, () => use(undefined), 180_000),
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  registrationOpen: async ({}, use) => {
    const release = await holdShared(SYSTEM_SETTINGS_LOCK);
    try {
      await use(undefined);
    } finally {
      release();
    }
  },
  extraHTTPHeaders: async ({ clientIp }, use) => use({ 'X-Forwarded-For': clientIp }),
  account: async ({ lang }, use, testInfo) => {
    const slug = testInfo.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, 24);
    await use({
      email: `${slug}-${lang}-${randomUUID().slice(0, 8)}@example.org`,
      password: `Quiet-Reading-${randomInt(1000, 9999)}`,
      name: lang === 'ar' ? 'فاطمة الزهراء' : 'Fatima Zahra',
    });
  },
  adminApi: [
    async ({ playwright }, use) => {
      const admin = await playwright.request.newContext({
        baseURL: E2E_BASE_URL,
        extraHTTPHeaders: { 'X-Forwarded-For': randomClientIp() },
      });
      const signIn = await admin.post('/api/auth/sign-in', { data: E2E_ADMIN });
      expect(signIn.status(), await signIn.text()).toBe(200);
      await use(admin);
      await admin.dispose();
    },
    { scope: 'worker' },
  ],
  roleAccount: [
    async ({ playwright, adminApi }, use) => {
      const run = `${Date.now().toString(36)}${randomInt(1000)}`;
      const made = new Map<Role, Promise<RoleAccount>>();
      const make = async (role: Role): Promise<RoleAccount> => {
        const account = {
          email: `${role}-${run}@staff.example.org`,
          password: `Quiet-Shelf-${randomInt(1000, 9999)}`,
          name: `Staff ${role}`,
        };
        const client = await playwright.request.newContext({
          baseURL: E2E_BASE_URL,
          extraHTTPHeaders: { 'X-Forwarded-For': randomClientIp() },
        });
        try {
          const id = await createAccount(client, account);
          if (role !== 'patron') {
            const promote = await adminApi.patch(`/api/admin/users/${id}`, { data: { role } });
            expect(promote.status(), await promote.text()).toBe(200);
          }
          return { id, email: account.email, password: account.password };
        } finally {
          await client.dispose();
        }
      };
      await use((role) => {
        const account = made.get(role) ?? make(role);
        made.set(role, account);
        return account;
      });
    },
    { scope: 'worker' },
  ],
  signInAs: async ({ page, roleAccount }, use) => {
    await use(async (role) => {
      const account = await roleAccount(role);
      const response = await page.request.post('/api/auth/sign-in', {
        data: { email: account.email, password: account.password },
      });
      expect(response.status(), await response.text()).toBe(200);
      return account;
    });
  },
});

export { expect };

/**
 * Creates the account with its complete profile through the API and answers its id. With
 * `page.request` the page is signed in too. Its e-mail is verified by the suite's admin (as an
 * admin can on the user's page), as a reader's is once they open the link: unverified readers
 * cannot borrow. `{ verified: false }` leaves it as sign-up leaves it.
 */
export async function createAccount(
  request: APIRequestContext,
  account: Account,
  { verified = true }: { verified?: boolean } = {},
): Promise<string> {
  // The system settings test closes registration for a while, under this lock.
  const release = await holdShared(SYSTEM_SETTINGS_LOCK);
  const response = await request
    .post('/api/auth/sign-up', {
      data: { email: account.email, password: account.password, name: account.name, ...ADDRESS },
    })
    .finally(release);
  expect(response.status(), await response.text()).toBe(201);
  const id = ((await response.json()) as { user: { id: string } }).user.id;
  if (verified) {
    const verify = await (await verifyingAdmin()).post(`/api/admin/users/${id}/verify-email`);
    expect(verify.status(), await verify.text()).toBe(200);
  }
  return id;
}

let adminForVerification: Promise<APIRequestContext> | undefined;

/** The suite's admin, signed in once per worker, that verifies the accounts the tests make. */
function verifyingAdmin(): Promise<APIRequestContext> {
  adminForVerification ??= (async () => {
    const admin = await playwrightRequest.newContext({
      baseURL: E2E_BASE_URL,
      extraHTTPHeaders: { 'X-Forwarded-For': randomClientIp() },
    });
    const signIn = await admin.post('/api/auth/sign-in', { data: E2E_ADMIN });
    expect(signIn.status(), await signIn.text()).toBe(200);
    return admin;
  })();
  return adminForVerification;
}

/** The toast on top of the stack (the toaster shows one at a time). */
export function currentToast(page: Page): Locator {
  return page.locator('[data-sonner-toast][data-visible="true"]');
}

/** Collects the requests the page makes to the given API paths. */
export function watchRequests(page: Page, paths: string[]): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (paths.includes(pathname)) seen.push(request);
  });
  return seen;
}

/** The portal's card: the current view, without the quotes beside it. */
export const portal = (page: Page) => page.getByRole('main');

export async function fillSignIn(page: Page, t: Catalogue, email: string, password: string) {
  const form = portal(page);
  await form.getByLabel(t.auth.signin.email, { exact: true }).fill(email);
  await form.getByLabel(t.auth.signin.password, { exact: true }).fill(password);
}

export async function fillRegisterStepOne(page: Page, t: Catalogue, account: Account) {
  const form = portal(page);
  await form.getByLabel(t.auth.register.email, { exact: true }).fill(account.email);
  await form.getByLabel(t.auth.register.name).fill(account.name);
  await form.getByLabel(t.auth.register.password, { exact: true }).fill(account.password);
  await form.getByLabel(t.auth.register.confirmPassword, { exact: true }).fill(account.password);
}

export async function fillAddress(page: Page, t: Catalogue) {
  const form = portal(page);
  const labels = t.auth.completeProfile;
  await form.getByLabel(labels.phone, { exact: true }).fill(ADDRESS.phone_number);
  await form.getByLabel(labels.addressLine1, { exact: true }).fill(ADDRESS.address_line_1);
  await form.getByLabel(labels.city, { exact: true }).fill(ADDRESS.city);
  await form.getByLabel(labels.state, { exact: true }).fill(ADDRESS.state_province);
  await form.getByLabel(labels.postal, { exact: true }).fill(ADDRESS.postal_code);
}

/** The field's error, linked to it through aria-describedby. */
export async function expectFieldError(field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(`^${escapeRegExp(message)}`));
}

export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
