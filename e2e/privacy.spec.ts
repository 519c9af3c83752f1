import type { Locator } from '@playwright/test';
import { expect, test } from './auth-fixtures';
import { type Catalogue, fill, openApp } from './fixtures';

/** The fifteen sections, in order (ids as in the page, titles from the catalogue). */
const SECTION_IDS = [
  'introduction',
  'informationWeCollect',
  'howWeUse',
  'dataProtection',
  'islamicEthics',
  'yourRights',
  'thirdPartyServices',
  'aiLibrarian',
  'cookiesAndTracking',
  'childrensPrivacy',
  'dataRetention',
  'internationalUsers',
  'changes',
  'contact',
  'consent',
] as const satisfies readonly (keyof Catalogue['privacy']['sections'])[];

const titleOf = (t: Catalogue, id: (typeof SECTION_IDS)[number]) => t.privacy.sections[id].title;

/** The section's heading is at the top of the window (the page keeps a 1.5rem scroll margin). */
async function expectScrolledTo(section: Locator) {
  await expect(section).toBeInViewport();
  await expect
    .poll(async () => {
      const box = await section.boundingBox();
      return box ? Math.round(box.y) : null;
    })
    .toBe(24);
}

test.describe('privacy policy', () => {
  test('shows the title, the date, all fifteen sections and the contact address', async ({ page, lang, t }) => {
    await openApp(page, '/privacy');
    await expect(page).toHaveTitle(`${t.privacy.title} · ${t.app.name}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(t.privacy.title);

    const date = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date('2025-01-20T00:00:00Z'),
    );
    await expect(main.getByText(fill(t.privacy.lastUpdated, { date }), { exact: true })).toBeVisible();

    await expect(main.locator('section > h2')).toHaveText(SECTION_IDS.map((id) => titleOf(t, id)));

    const back = page.getByRole('link', { name: t.privacy.backToSignIn, exact: true });
    await expect(back).toHaveAttribute('href', '/signin');

    const contact = page.locator('#contact').getByRole('link', { name: 'privacy@maktaba.local' });
    await expect(contact).toHaveAttribute('href', 'mailto:privacy@maktaba.local');

    await back.click();
    await expect(page).toHaveURL('/signin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.auth.welcome.title);
  });

  test('at 1280 px a sticky contents list jumps to a section', async ({ page, t }) => {
    await openApp(page, '/privacy');
    const toc = page.getByRole('navigation', { name: t.privacy.contents });
    await expect(toc).toBeVisible();
    await expect(page.getByTestId('privacy-select')).toBeHidden();
    await expect(toc.getByRole('link')).toHaveCount(SECTION_IDS.length);

    const entry = toc.getByRole('link').filter({ hasText: titleOf(t, 'dataRetention') });
    await expect(entry).toHaveCount(1);
    await entry.click();
    await expectScrolledTo(page.locator('#dataRetention'));
    await expect(page.locator('#dataRetention')).toBeFocused();
    await expect(page).toHaveURL('/privacy#dataRetention');
    // The contents stay in view while the page is scrolled.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await expect(toc).toBeInViewport();

    await toc
      .getByRole('link')
      .filter({ hasText: titleOf(t, 'introduction') })
      .click();
    await expectScrolledTo(page.locator('#introduction'));
    await expect(toc).toBeInViewport();
  });

  test.describe('at 390 px', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('a select replaces the contents list and jumps to the chosen section', async ({ page, t }) => {
      await openApp(page, '/privacy');
      await expect(page.getByRole('navigation', { name: t.privacy.contents })).toBeHidden();
      const select = page.getByRole('combobox', { name: t.privacy.jumpTo });
      await expect(select).toBeVisible();

      await select.selectOption({ label: titleOf(t, 'internationalUsers') });
      await expectScrolledTo(page.locator('#internationalUsers'));
      await expect(page).toHaveURL('/privacy#internationalUsers');
      await expect(page.locator('#internationalUsers')).toBeFocused();
    });
  });
});

test.describe('the public pages', () => {
  test('share one frame: the name leading to sign-in, the language switch and the privacy policy', async ({
    page,
    t,
    otherLang,
  }) => {
    for (const path of ['/signin', '/privacy', '/auth/update-password']) {
      await openApp(page, path);
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: t.app.name, exact: true })).toHaveAttribute('href', '/signin');
      const language = otherLang === 'ar' ? t.footer.switchToArabic : t.footer.switchToEnglish;
      await expect(page.getByRole('button', { name: fill(t.footer.switchLanguageLabel, { language }) })).toHaveCount(1);
      await expect(
        page.getByRole('contentinfo').getByRole('link', { name: t.footer.privacy, exact: true }),
      ).toHaveAttribute('href', '/privacy');
      await expect(page.getByRole('main')).toHaveCount(1);
    }
  });

  test('a signed-in reader finds the policy in the footer and goes back to the library from it', async ({
    page,
    t,
    signInAs,
  }) => {
    await signInAs('patron');
    await openApp(page, '/');
    await page.getByRole('contentinfo').getByRole('link', { name: t.footer.privacy, exact: true }).click();
    await expect(page).toHaveURL('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.privacy.title);
    await expect(page.getByRole('link', { name: t.privacy.backToSignIn })).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: t.app.name, exact: true })).toHaveAttribute(
      'href',
      '/',
    );
    await page.getByRole('link', { name: t.privacy.backToLibrary, exact: true }).click();
    await expect(page).toHaveURL('/');
  });
});
