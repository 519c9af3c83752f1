import type { Page } from '@playwright/test';
import { expect, portal, test } from './auth-fixtures';
import { type Catalogue, fill, type Lang, openApp } from './fixtures';

const QUOTES = [
  'knowledgeGuards',
  'noWealthLikeIntellect',
  'knowledgeInheritance',
  'perfectIntellect',
  'worthOfPerson',
  'enemiesOfIgnorance',
  'actingWithoutInsight',
  'benefitingScholar',
] as const satisfies readonly (keyof Catalogue['auth']['quotes']['items'])[];

const carousel = (page: Page, t: Catalogue) => page.getByRole('region', { name: t.auth.quotes.label });

/** The slide on show: its label ('3 of 8', in the page's digits) and its quote. */
async function expectSlide(page: Page, t: Catalogue, lang: Lang, index: number) {
  const number = (value: number) => new Intl.NumberFormat(lang).format(value);
  const slide = carousel(page, t).getByRole('group', {
    name: fill(t.auth.quotes.slideLabel, { current: number(index + 1), total: number(QUOTES.length) }),
  });
  await expect(slide).toBeVisible();
  const quote = t.auth.quotes.items[QUOTES[index] as (typeof QUOTES)[number]];
  await expect(slide.locator('blockquote p').first()).toHaveText(quote.text);
  await expect(slide).toContainText(quote.author);
  await expect(slide).toContainText(quote.source);
}

/** Moves pointer and focus off the carousel, which holds the rotation while either is on it. */
async function leaveCarousel(page: Page) {
  const box = await portal(page).boundingBox();
  if (box) await page.mouse.move(box.x + box.width / 2, box.y + 10);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

test.describe('sign-in portal', () => {
  test('/signup and /register open step 1, /login and /signin the welcome view', async ({ page, t }) => {
    for (const [path, title] of [
      ['/signup', t.auth.register.title],
      ['/register', t.auth.register.title],
      ['/login', t.auth.welcome.title],
      ['/signin', t.auth.welcome.title],
    ] as const) {
      await openApp(page, path);
      await expect(portal(page).getByRole('heading', { level: 1 })).toHaveText(title);
    }
    await expect(portal(page).getByText(t.auth.badge, { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(`${t.pages.signIn} · ${t.app.name}`);
  });

  test('the register step links the privacy policy', async ({ page, t }) => {
    await openApp(page, '/signup');
    const policy = portal(page).getByRole('link', { name: t.privacy.title, exact: true });
    await expect(policy).toHaveAttribute('href', '/privacy');
    await policy.click();
    await expect(page).toHaveURL('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.privacy.title);
  });

  test('the quotes rotate every 12 s; moving by hand pauses the rotation for 30 s', async ({ page, t, lang }) => {
    await page.clock.install();
    await openApp(page, '/signin');
    const region = carousel(page, t);
    await expect(region).toHaveAttribute('aria-roledescription', t.auth.quotes.roleDescription);
    await expectSlide(page, t, lang, 0);
    const live = region.locator('[aria-live]');
    await expect(live).toHaveAttribute('aria-live', 'off');
    // The Arabic original is on show too, in Arabic.
    const original = region.locator('blockquote [lang="ar"]');
    if (lang === 'en') await expect(original).toContainText(t.auth.quotes.items.knowledgeGuards.arabic);

    await page.clock.fastForward(12_000);
    await expectSlide(page, t, lang, 1);

    await region.getByRole('button', { name: t.auth.quotes.next, exact: true }).click();
    await expectSlide(page, t, lang, 2);
    await expect(live).toHaveAttribute('aria-live', 'polite');
    await leaveCarousel(page);
    await page.clock.fastForward(25_000);
    await expectSlide(page, t, lang, 2);
    await page.clock.fastForward(5_000);
    await expect(live).toHaveAttribute('aria-live', 'off');
    await page.clock.fastForward(12_000);
    await expectSlide(page, t, lang, 3);

    await region
      .getByRole('button', { name: fill(t.auth.quotes.goTo, { number: new Intl.NumberFormat(lang).format(8) }) })
      .click();
    await expectSlide(page, t, lang, 7);
    await region.getByRole('button', { name: t.auth.quotes.next, exact: true }).click();
    await expectSlide(page, t, lang, 0);
    await region.getByRole('button', { name: t.auth.quotes.previous, exact: true }).click();
    await expectSlide(page, t, lang, 7);
  });

  test('the pause button stops the rotation', async ({ page, t, lang }) => {
    await page.clock.install();
    await openApp(page, '/signin');
    const region = carousel(page, t);
    await region.getByRole('button', { name: t.auth.quotes.pause, exact: true }).click();
    await expect(region.getByRole('button', { name: t.auth.quotes.play, exact: true })).toBeVisible();
    await leaveCarousel(page);
    await page.clock.fastForward(60_000);
    await expectSlide(page, t, lang, 0);
  });

  test('with reduced motion the quotes do not rotate by themselves', async ({ page, t, lang }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await openApp(page, '/signin');
    const region = carousel(page, t);
    await expect(region.getByRole('button', { name: t.auth.quotes.play, exact: true })).toBeVisible();
    await page.clock.fastForward(30_000);
    await expectSlide(page, t, lang, 0);
    await region.getByRole('button', { name: t.auth.quotes.next, exact: true }).click();
    await expectSlide(page, t, lang, 1);
  });
});
