import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchRoutes, routes } from './router';

/** The lazy loader of the route at `path` among the app's routes, replaced by a spy. */
function spyOnLazy(path: string) {
  const stack = [...routes];
  while (stack.length > 0) {
    const route = stack.pop();
    if (!route) break;
    if (route.path === path && typeof route.lazy === 'function') {
      const original = route.lazy;
      const spy = vi.fn(() => Promise.resolve({}));
      route.lazy = spy as typeof route.lazy;
      return { spy, restore: () => (route.lazy = original) };
    }
    stack.push(...(route.children ?? []));
  }
  throw new Error(`no lazy route ${path}`);
}

describe('prefetching the likely next pages', () => {
  afterEach(() => vi.restoreAllMocks());

  it('loads them at once when online', () => {
    const search = spyOnLazy('search');
    try {
      prefetchRoutes(['/search']);
      expect(search.spy).toHaveBeenCalledTimes(1);
    } finally {
      search.restore();
    }
  });

  it('waits for the connection when offline, then loads them once', () => {
    const search = spyOnLazy('search');
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      prefetchRoutes(['/search']);
      expect(search.spy).not.toHaveBeenCalled();
      online.mockReturnValue(true);
      window.dispatchEvent(new Event('online'));
      window.dispatchEvent(new Event('online'));
      expect(search.spy).toHaveBeenCalledTimes(1);
    } finally {
      search.restore();
    }
  });
});
