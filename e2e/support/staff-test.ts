import { test as authTest, expect } from '../auth-fixtures';
import { type StaffRole, type StaffServer, startStaffServer } from './staff-server';

export type StaffFixtures = { signInAs: (role: StaffRole) => Promise<void> };

/**
 * Tests against a server of their own per worker, with an admin, a librarian and a patron (see
 * staff-server.ts). Each spec file that needs one gives its own `basePort`, so that files running
 * at the same time never share a port.
 */
export function staffTestOn(basePort: number) {
  return authTest.extend<StaffFixtures, { staff: StaffServer }>({
    staff: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
      async ({}, use, workerInfo) => {
        const server = await startStaffServer(basePort + workerInfo.parallelIndex);
        await use(server);
        await server.close();
      },
      { scope: 'worker', timeout: 120_000 },
    ],
    baseURL: async ({ staff }, use) => use(staff.baseURL),
    signInAs: async ({ page, staff, lang }, use) => {
      // The language is kept per origin: this server's origin gets the project's language too.
      await page.addInitScript((value) => localStorage.setItem('maktaba.language.v1', value), lang);
      await use(async (role) => {
        const response = await page.request.post('/api/auth/sign-in', { data: staff.accounts[role] });
        expect(response.status(), await response.text()).toBe(200);
      });
    },
  });
}
