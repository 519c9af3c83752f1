import { expect, openApp, test } from './fixtures';

test.describe('navigation drawer below 1024 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu button opens a drawer from the inline start, with focus inside and an overlay', async ({
    page,
    lang,
    t,
  }) => {
    await openApp(page, '/');
    await expect(page.getByTestId('sidebar')).toBeHidden();
    const drawer = page.getByTestId('drawer');
    await expect(drawer).toHaveCount(0);

    const menuButton = page.getByRole('button', { name: t.nav.openMenu, exact: true });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toHaveAttribute('aria-controls', 'app-drawer');
    await menuButton.click();

    const dialog = page.getByRole('dialog', { name: t.nav.primary });
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('drawer-overlay')).toBeVisible();
    // The modal drawer hides the rest of the page from assistive technology, so find the button by what it controls.
    await expect(page.locator('button[aria-controls="app-drawer"]')).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('button', { name: t.nav.openMenu, exact: true })).toHaveCount(0);
    await expect(dialog.getByRole('navigation').getByRole('link')).toHaveText([t.nav.home, t.nav.search, t.nav.ask]);
    await expect(dialog.getByRole('link', { name: t.nav.settings, exact: true })).toBeVisible();
    await expect(dialog.getByRole('link', { name: t.nav.signIn, exact: true })).toBeVisible();

    // Focus moves into the drawer.
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    // Wait for the slide-in to settle, then check which edge the drawer is attached to.
    await expect
      .poll(async () => {
        const box = await drawer.boundingBox();
        return box && Math.round(lang === 'en' ? box.x : 390 - (box.x + box.width));
      })
      .toBe(0);
    const box = await drawer.boundingBox();
    expect(box?.width).toBeLessThan(390);
  });

  test('Escape closes the drawer and gives focus back to the menu button', async ({ page, t }) => {
    await openApp(page, '/');
    const menuButton = page.getByRole('button', { name: t.nav.openMenu, exact: true });
    await menuButton.click();
    await expect(page.getByTestId('drawer')).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(page.getByTestId('drawer')).toHaveCount(0);
    await expect(page.getByTestId('drawer-overlay')).toHaveCount(0);
    await expect(menuButton).toBeFocused();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  test('the close button closes the drawer', async ({ page, t }) => {
    await openApp(page, '/');
    await page.getByRole('button', { name: t.nav.openMenu, exact: true }).click();
    await page.getByTestId('drawer').getByRole('button', { name: t.nav.closeMenu, exact: true }).click();
    await expect(page.getByTestId('drawer')).toHaveCount(0);
  });

  test('following a link in the drawer navigates and closes it', async ({ page, t }) => {
    // Start on another page inside the shell, so the shell (and the drawer) stays mounted.
    await openApp(page, '/unauthorized');
    await page.getByRole('button', { name: t.nav.openMenu, exact: true }).click();
    const drawer = page.getByTestId('drawer');
    await drawer.getByRole('navigation').getByRole('link', { name: t.nav.home, exact: true }).click();

    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.home.hero.title);
    await expect(drawer).toHaveCount(0);
    await expect(page.getByTestId('drawer-overlay')).toHaveCount(0);
    await expect(page.getByRole('button', { name: t.nav.openMenu, exact: true })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});
