import type { Page } from '@playwright/test';
import { expect, test } from './auth-fixtures';
import { openApp } from './fixtures';
import { demoBook } from './support/catalogue';

/**
 * Everything a finger can tap is at least 44 × 44 CSS px on a phone (WCAG 2.5.5, and the platform
 * guidelines). A control may reach that size by its own box, or by a larger hit area around it
 * (padding with a negative margin, or a transparent pseudo-element): when the box is smaller, the
 * test asks the page which element sits at the corners of a 44 px square centred on the control.
 *
 * Exempt (WCAG 2.5.8's "inline" exception): a link laid out inline inside running text, that is an
 * `<a>` whose computed display is `inline` and whose nearest block-level ancestor has text of its
 * own outside the link (a sentence that contains the link). Controls that are not visible, or that
 * are visually hidden (1 × 1 px, like the skip link until it is focused), are not tapped and are
 * not measured.
 */

const TARGET = 44;
const TAPPABLE = 'a, button, [role=button], input[type=checkbox], input[type=radio], select, summary';

async function smallTargets(page: Page, scope = 'body'): Promise<string[]> {
  // Let layout settle (fonts, lazy images) before measuring.
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate(
    ({ selector, target, scope }) => {
      const root = document.querySelector(scope) ?? document.body;
      const describe = (element: Element) => {
        const name =
          element.getAttribute('aria-label') ??
          (element as HTMLElement).innerText?.trim().replace(/\s+/g, ' ').slice(0, 40) ??
          '';
        const id = element.getAttribute('data-testid') ?? element.id;
        return `<${element.tagName.toLowerCase()}${id ? ` #${id}` : ''}> "${name}"`;
      };
      const isInlineInText = (element: Element) => {
        if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
        let block = element.parentElement;
        while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
        if (!block) return false;
        const own = (block.textContent ?? '').replace(element.textContent ?? '', '').trim();
        return own.length > 0;
      };
      /** The box a tap on the control lands in: a checkbox or radio is tapped through its label too. */
      const hitOwners = (element: Element): Element[] => {
        const owners = [element];
        if (element instanceof HTMLInputElement && element.labels) owners.push(...element.labels);
        return owners;
      };
      const owns = (element: Element, hit: Element | null) =>
        hit !== null && hitOwners(element).some((owner) => owner === hit || owner.contains(hit));

      const offenders: string[] = [];
      for (const element of root.querySelectorAll(selector)) {
        if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        if (element.closest('[inert], [aria-hidden="true"]')) continue;
        const box = element.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) continue;
        // Visually hidden until focused (the skip link): clipped away, not tapped.
        const style = getComputedStyle(element);
        if (style.clip !== 'auto' || style.clipPath.startsWith('inset(50%')) continue;
        if (isInlineInText(element)) continue;
        // A labelled checkbox or radio: the label is the target.
        const boxes = hitOwners(element).map((owner) => owner.getBoundingClientRect());
        if (boxes.some((b) => b.width >= target - 0.5 && b.height >= target - 0.5)) continue;

        element.scrollIntoView({ block: 'center', inline: 'center' });
        const centred = element.getBoundingClientRect();
        const x = centred.left + centred.width / 2;
        const y = centred.top + centred.height / 2;
        const half = target / 2 - 1;
        const corners: [number, number][] = [
          [x - half, y - half],
          [x + half, y - half],
          [x - half, y + half],
          [x + half, y + half],
        ];
        if (corners.every(([cx, cy]) => owns(element, document.elementFromPoint(cx, cy)))) continue;
        offenders.push(`${describe(element)} ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
      window.scrollTo(0, 0);
      return offenders;
    },
    { selector: TAPPABLE, target: TARGET, scope },
  );
}

test.describe('touch targets at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the sign-in portal: every control is at least 44 × 44', async ({ page, t }) => {
    await openApp(page, '/signin');
    const offenders = (await smallTargets(page)).map((line) => `welcome: ${line}`);
    await page.getByRole('button', { name: t.auth.welcome.email }).click();
    await expect(page.getByRole('button', { name: t.auth.signin.forgot })).toBeVisible();
    offenders.push(...(await smallTargets(page)).map((line) => `sign in: ${line}`));
    expect(offenders, 'controls smaller than 44 × 44 on /signin').toEqual([]);
  });

  test('a reader: home, the menu, a book, search results, My Imam and settings', async ({ page, t, signInAs }) => {
    test.setTimeout(60_000);
    await signInAs('patron');
    // My Imam needs a loan below, so a book with a copy left to lend.
    const book = await demoBook(page.request, { available: true });
    const offenders: string[] = [];
    const visit = async (path: string, ready?: () => Promise<void>) => {
      await openApp(page, path);
      await expect(page.getByRole('main')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await ready?.();
      offenders.push(...(await smallTargets(page)).map((line) => `${path}: ${line}`));
    };

    await visit('/');
    await page.getByRole('button', { name: t.nav.openMenu }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    offenders.push(...(await smallTargets(page, '[role=dialog]')).map((line) => `menu: ${line}`));
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await visit(`/book/${book.id}`);
    await visit(`/search?q=${encodeURIComponent(book.title ?? book.title_ar ?? '')}`);
    // My Imam with a loan and a bookmark in it, whatever else this account did before.
    const bookmarked = await page.request.post('/api/bookmarks', { data: { book_id: book.id } });
    expect([201, 409], await bookmarked.text()).toContain(bookmarked.status());
    const requested = await page.request.post('/api/loans', { data: { book_id: book.id } });
    expect([201, 409], await requested.text()).toContain(requested.status());
    await visit('/myimam', async () => {
      await expect(page.getByTestId('loan-title').first()).toBeVisible();
      await expect(page.getByTestId('my-bookmark-title').first()).toBeVisible();
    });
    await visit('/settings');
    expect(offenders, 'controls smaller than 44 × 44').toEqual([]);
  });
});
