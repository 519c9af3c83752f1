import type { Page } from '@playwright/test';
import { expect, openApp, test } from './fixtures';

/** What has focus: its tag, link target, accessible-ish text and outline. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return null;
    const style = getComputedStyle(element);
    return {
      tag: element.tagName.toLowerCase(),
      id: element.id,
      href: element.getAttribute('href'),
      text: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim(),
      outlineStyle: style.outlineStyle,
      outlineWidth: Number.parseFloat(style.outlineWidth),
    };
  });

test.describe('keyboard', () => {
  test('the skip link is the first Tab stop and moves focus to the main content', async ({ page, t }) => {
    await openApp(page, '/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: t.app.skipToContent, exact: true });
    await expect(skip).toBeFocused();
    await expect(skip).toHaveAttribute('href', '#main');
    // Hidden until focused, then shown on screen.
    await expect(skip).toBeInViewport();
    const box = await skip.boundingBox();
    expect(box && box.width > 20 && box.height > 20).toBe(true);
    const state = await focused(page);
    expect(state?.outlineStyle).not.toBe('none');
    expect(state?.outlineWidth).toBeGreaterThan(0);

    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
  });

  test('the sidebar links are reachable with Tab, show a focus ring, and open with Enter', async ({ page, t }) => {
    await openApp(page, '/');
    const stops: { href: string | null; text: string }[] = [];
    for (let index = 0; index < 7; index++) {
      await page.keyboard.press('Tab');
      const state = await focused(page);
      expect(state?.tag).toBe('a');
      expect(state?.outlineStyle, `focus ring on ${state?.text}`).not.toBe('none');
      expect(state?.outlineWidth).toBeGreaterThan(0);
      stops.push({ href: state?.href ?? null, text: state?.text ?? '' });
    }
    expect(stops).toEqual([
      { href: '#main', text: t.app.skipToContent },
      { href: '/', text: t.app.name },
      { href: '/', text: t.nav.home },
      { href: '/search', text: t.nav.search },
      { href: '/ask_test', text: t.nav.ask },
      { href: '/signin', text: t.nav.signIn },
      { href: '/settings', text: t.nav.settings },
    ]);

    // Back to Library Search, and follow it with the keyboard.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByTestId('sidebar').getByRole('link', { name: t.nav.search, exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/signin?returnUrl=${encodeURIComponent('/search')}`);
  });
});
