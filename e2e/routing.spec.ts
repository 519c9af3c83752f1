import { expect, openApp, test } from './fixtures';

const signInFor = (path: string) => `/signin?returnUrl=${encodeURIComponent(path)}`;

test.describe('routing while signed out', () => {
  for (const path of ['/search', '/settings', '/admin/tools', '/users', '/search?q=kafi#top']) {
    test(`${path} redirects to the sign-in page carrying where the visitor came from`, async ({ page, t }) => {
      await openApp(page, path);
      await expect(page).toHaveURL(signInFor(path));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.auth.welcome.title);
      await expect(page).toHaveTitle(`${t.pages.signIn} · ${t.app.name}`);
    });
  }

  test('an unknown path redirects to the sign-in page', async ({ page, t }) => {
    await openApp(page, '/no/such/page');
    await expect(page).toHaveURL('/signin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.auth.welcome.title);
  });

  // The old book addresses redirect to /book/abc first; its guard then sends a signed-out visitor
  // to sign in with /book/abc as the place to come back to.
  for (const prefix of ['classic', 'primal']) {
    test(`/${prefix}/book/abc redirects to /book/abc, which asks a signed-out visitor to sign in`, async ({
      page,
      t,
    }) => {
      await openApp(page, `/${prefix}/book/abc`);
      await expect(page).toHaveURL(signInFor('/book/abc'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.auth.welcome.title);
    });
  }

  test('/unauthorized shows the access-denied page with its two ways out', async ({ page, t }) => {
    await openApp(page, '/unauthorized');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.errors.permission.title);
    await expect(page.getByText(t.errors.permission.description)).toBeVisible();
    await expect(page).toHaveTitle(`${t.pages.unauthorized} · ${t.app.name}`);

    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: t.errors.goHome, exact: true })).toHaveAttribute('href', '/');
    await expect(main.getByRole('link', { name: t.errors.searchLibrary, exact: true })).toHaveAttribute(
      'href',
      '/search',
    );
    // The page sits inside the shell.
    await expect(page.getByTestId('sidebar')).toBeVisible();

    await main.getByRole('link', { name: t.errors.goHome, exact: true }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.home.hero.title);
  });
});
