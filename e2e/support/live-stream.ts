import type { Page, Response } from '@playwright/test';

/**
 * Resolves once the page's live notification stream has opened; call it before the page loads.
 * A notice created after that arrives live (as a toast); one created earlier, while the page was
 * still loading, may already be in the notifications the page fetched, and then no toast is due.
 */
export function liveStreamOpened(page: Page): Promise<Response> {
  return page.waitForResponse((response) => new URL(response.url()).pathname === '/api/notifications/stream');
}
