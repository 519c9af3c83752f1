/**
 * Reloads the page. A module of its own so that a unit test can stand in for it: jsdom's
 * `location` cannot be redefined when tests share one jsdom per worker (vitest.config.ts).
 */
export function reloadPage(): void {
  window.location.reload();
}
