import type { Page } from '@playwright/test';

/** Widths up to this are phones: no page may scroll sideways there. */
export const PHONE_WIDTH = 480;

/**
 * How many pixels the document is wider than the window (0 when it fits), or null when the page
 * cannot be asked (closed, or between two documents).
 */
export async function sidewaysOverflow(page: Page): Promise<number | null> {
  if (page.isClosed()) return null;
  try {
    return await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  } catch {
    return null;
  }
}

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? Number.POSITIVE_INFINITY) <= PHONE_WIDTH;
