import { expect, test } from './auth-fixtures';
import { openApp } from './fixtures';

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

test.describe('routing while signed in', () => {
  test('a moment after start the search and book pages are fetched ahead, with the rest of the page language’s texts; search then opens from the cache', async ({
    page,
    t,
    lang,
    otherLang,
    signInAs,
  }) => {
    await signInAs('patron');
    const fetched = new Set<string>();
    page.on('request', (request) => fetched.add(new URL(request.url()).pathname));
    await openApp(page, '/');
    const list = await page.evaluate(
      () =>
        JSON.parse(document.getElementById('prefetch-chunks')?.textContent ?? 'null') as {
          code: string[];
          texts: Record<string, string[]>;
        } | null,
    );
    expect(list?.code.some((file) => /\/search-page-[\w-]+\.js$/.test(file))).toBe(true);
    expect(list?.code.some((file) => /\/book-page-[\w-]+\.js$/.test(file))).toBe(true);
    const ahead = [...(list?.code ?? []), ...(list?.texts[lang] ?? [])];
    await expect.poll(() => ahead.filter((file) => !fetched.has(file))).toEqual([]);
    expect((list?.texts[otherLang] ?? []).filter((file) => fetched.has(file))).toEqual([]);
    // Fetched by prefetch links, which download into the cache and run nothing.
    expect(
      await page.locator('link[rel="prefetch"]').evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
    ).toEqual(ahead);

    await page.getByTestId('sidebar').getByRole('link', { name: t.nav.search, exact: true }).click();
    await expect(page).toHaveURL('/search');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The page's code came out of the browser's cache: nothing transferred for it a second time.
    const searchPage = list?.code.find((file) => /\/search-page-[\w-]+\.js$/.test(file)) ?? '';
    const transfers = await page.evaluate(
      (file) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname === file)
          .map((entry) => ({
            by: (entry as PerformanceResourceTiming).initiatorType,
            bytes: (entry as PerformanceResourceTiming).transferSize,
          })),
      searchPage,
    );
    expect(transfers.map(({ by }) => by)).toEqual(['link', 'script']);
    expect(transfers[0]?.bytes).toBeGreaterThan(0);
    expect(transfers[1]?.bytes).toBe(0);
  });

  test('an unknown path says the page does not exist, with home and search, and stays where it is', async ({
    page,
    t,
    signInAs,
  }) => {
    await signInAs('patron');
    await openApp(page, '/no/such/page');
    await expect(page).toHaveURL('/no/such/page');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(t.errors.notFound.title);
    await expect(main.getByText(t.errors.notFound.description)).toBeVisible();
    await expect(page).toHaveTitle(`${t.pages.notFound} · ${t.app.name}`);
    await expect(main.getByRole('link', { name: t.errors.goHome })).toHaveAttribute('href', '/');
    await expect(main.getByRole('link', { name: t.errors.searchLibrary })).toHaveAttribute('href', '/search');
  });

  test('a malformed book, author or scholar id is not found, without asking the server', async ({
    page,
    t,
    signInAs,
  }) => {
    // Three full page loads.
    test.slow();
    await signInAs('patron');
    const asked: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/(books|authors|scholars)\/not-an-id/.test(request.url())) asked.push(request.url());
    });
    for (const [path, title] of [
      ['/book/not-an-id', t.catalogue.book.notFoundTitle],
      ['/author/not-an-id', t.catalogue.author.notFoundTitle],
      ['/scholar/not-an-id', t.catalogue.scholar.notFoundTitle],
    ] as const) {
      await openApp(page, path);
      await expect(page.getByTestId('not-found').getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByText(t.errors.codes.VALIDATION_FAILED)).toHaveCount(0);
    }
    expect(asked).toEqual([]);
  });
});
