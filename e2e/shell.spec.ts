import type { Page } from '@playwright/test';
import { catalogues, dirOf, expect, fill, type Lang, openApp, reloadApp, test } from './fixtures';

const storedItem = (page: Page, key: string) => page.evaluate((name) => window.localStorage.getItem(name), key);

test.describe('shell', () => {
  test('home shows the sidebar, the sign-in buttons and the document language', async ({ page, lang, t }) => {
    await openApp(page, '/');

    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('html')).toHaveAttribute('dir', dirOf(lang));
    await expect(page).toHaveTitle(`${t.pages.home} · ${t.app.name}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.home.hero.title);

    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toBeVisible();
    const nav = sidebar.getByRole('navigation', { name: t.nav.primary });
    await expect(nav.getByRole('heading', { level: 2 })).toHaveText([t.nav.navigationGroup]);
    await expect(nav.getByRole('list', { name: t.nav.navigationGroup }).getByRole('link')).toHaveText([
      t.nav.home,
      t.nav.search,
      t.nav.ask,
    ]);
    await expect(nav.getByRole('link', { name: t.nav.home, exact: true })).toHaveAttribute('aria-current', 'page');

    // Settings sits below the navigation, pinned to the bottom of the full-height sidebar.
    const settings = sidebar.getByRole('link', { name: t.nav.settings, exact: true });
    await expect(settings).toBeVisible();
    await expect(nav.getByRole('link', { name: t.nav.settings, exact: true })).toHaveCount(0);
    const settingsBox = await settings.boundingBox();
    const sidebarBox = await sidebar.boundingBox();
    expect(settingsBox && sidebarBox).toBeTruthy();
    if (settingsBox && sidebarBox) {
      expect(sidebarBox.height).toBe(720);
      expect(sidebarBox.y + sidebarBox.height - (settingsBox.y + settingsBox.height)).toBeLessThan(40);
    }

    // Signed out: a sign-in button in the sidebar and in the header.
    await expect(sidebar.getByRole('link', { name: t.nav.signIn, exact: true })).toHaveAttribute('href', '/signin');
    await expect(page.getByRole('banner').getByRole('link', { name: t.nav.signIn, exact: true })).toBeVisible();
  });

  test('at 1280 px the sidebar is fixed at the inline start', async ({ page, lang }) => {
    await openApp(page, '/');
    const viewport = page.viewportSize();
    const sidebar = await page.getByTestId('sidebar').boundingBox();
    const main = await page.locator('main#main').boundingBox();
    expect(viewport && sidebar && main).toBeTruthy();
    if (!(viewport && sidebar && main)) return;
    if (lang === 'en') {
      expect(sidebar.x).toBe(0);
      expect(main.x).toBeGreaterThanOrEqual(sidebar.x + sidebar.width);
    } else {
      expect(sidebar.x + sidebar.width).toBe(viewport.width);
      expect(main.x + main.width).toBeLessThanOrEqual(sidebar.x);
    }
  });

  test('the footer toggle switches the language at once and the choice survives a reload', async ({
    page,
    lang,
    otherLang,
    t,
  }) => {
    const target = catalogues[otherLang];
    const expectLanguage = async (language: Lang) => {
      const strings = catalogues[language];
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('html')).toHaveAttribute('dir', dirOf(language));
      await expect(page.getByTestId('sidebar').getByRole('navigation').getByRole('link')).toHaveText([
        strings.nav.home,
        strings.nav.search,
        strings.nav.ask,
      ]);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(strings.home.hero.title);
      await expect(page).toHaveTitle(`${strings.pages.home} · ${strings.app.name}`);
    };

    await openApp(page, '/');
    await expectLanguage(lang);
    const targetName = otherLang === 'ar' ? t.footer.switchToArabic : t.footer.switchToEnglish;
    await page
      .getByRole('contentinfo')
      .getByRole('button', { name: fill(t.footer.switchLanguageLabel, { language: targetName }) })
      .click();
    await expectLanguage(otherLang);
    expect(await storedItem(page, 'maktaba.language.v1')).toBe(otherLang);

    // The layout mirrors too: the sidebar moves to the other side.
    const sidebar = await page.getByTestId('sidebar').boundingBox();
    if (otherLang === 'ar') expect(sidebar && sidebar.x + sidebar.width).toBe(1280);
    else expect(sidebar?.x).toBe(0);

    await reloadApp(page);
    await expectLanguage(otherLang);
    // ...and the toggle now offers the way back.
    const backName = lang === 'ar' ? target.footer.switchToArabic : target.footer.switchToEnglish;
    await expect(
      page.getByRole('contentinfo').getByRole('button', {
        name: fill(target.footer.switchLanguageLabel, { language: backName }),
      }),
    ).toBeVisible();
  });

  test('the theme button cycles light → solarized-light → dark → light and the choice persists', async ({
    page,
    t,
  }) => {
    const dataTheme = () => page.evaluate(() => document.documentElement.dataset.theme);
    const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    const themeButton = page.getByRole('contentinfo').locator('button[data-theme-current]');
    const expectTheme = async (theme: 'light' | 'solarized-light' | 'dark', next: string) => {
      await expect.poll(dataTheme).toBe(theme);
      // Named by its visible text; what a press does is its description.
      await expect(themeButton).toHaveAccessibleName(fill(t.footer.theme, { theme: t.theme[theme] }));
      await expect(themeButton).toHaveAccessibleDescription(
        fill(t.footer.nextThemeLabel, { theme: t.theme[theme], next: t.theme[next as typeof theme] }),
      );
    };

    await openApp(page, '/');
    // No stored choice and a light system preference.
    expect(await storedItem(page, 'maktaba.theme.v1')).toBeNull();
    await expectTheme('light', 'solarized-light');
    expect(await background()).toBe('rgb(250, 249, 252)');

    await themeButton.click();
    await expectTheme('solarized-light', 'dark');
    expect(await background()).toBe('rgb(253, 246, 227)');
    await themeButton.click();
    await expectTheme('dark', 'light');
    expect(await background()).toBe('rgb(18, 14, 28)');
    await themeButton.click();
    await expectTheme('light', 'solarized-light');
    expect(await storedItem(page, 'maktaba.theme.v1')).toBe('light');

    // Pick a theme the system would not choose, then reload.
    await themeButton.click();
    await expectTheme('solarized-light', 'dark');
    expect(await storedItem(page, 'maktaba.theme.v1')).toBe('solarized-light');
    await reloadApp(page);
    await expectTheme('solarized-light', 'dark');
  });

  test.describe('with a dark system preference', () => {
    test.use({ colorScheme: 'dark' });

    test('the theme follows the system until the user chooses one', async ({ page }) => {
      const dataTheme = () => page.evaluate(() => document.documentElement.dataset.theme);
      await openApp(page, '/');
      expect(await storedItem(page, 'maktaba.theme.v1')).toBeNull();
      expect(await dataTheme()).toBe('dark');

      // It keeps following a change of the system preference while nothing is chosen.
      await page.emulateMedia({ colorScheme: 'light' });
      await expect.poll(dataTheme).toBe('light');
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect.poll(dataTheme).toBe('dark');

      // Once chosen, the system preference no longer matters.
      await page.getByRole('contentinfo').locator('button[data-theme-current]').click();
      await expect.poll(dataTheme).toBe('light');
      await page.emulateMedia({ colorScheme: 'dark' });
      await reloadApp(page);
      expect(await dataTheme()).toBe('light');
    });
  });

  test('navigating scrolls back to the top', async ({ page, t }) => {
    // A short viewport, so both the access-denied page and home are taller than the window.
    await page.setViewportSize({ width: 1280, height: 240 });
    await openApp(page, '/unauthorized');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);

    await page
      .getByTestId('sidebar')
      .getByRole('navigation')
      .getByRole('link', { name: t.nav.home, exact: true })
      .click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.home.hero.title);
    // Home can scroll too, so a scroll position left over from the previous page would show here.
    const { scrollable, scrollY } = await page.evaluate(() => ({
      scrollable: document.documentElement.scrollHeight - window.innerHeight,
      scrollY: window.scrollY,
    }));
    expect(scrollable).toBeGreaterThan(0);
    expect(scrollY).toBe(0);
  });
});
