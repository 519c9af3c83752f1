import { act, render } from '@testing-library/react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useSearchParamsPatch } from './use-search-params-patch';

type Patch = ReturnType<typeof useSearchParamsPatch>[1];

function mount() {
  const seen: { patches: Patch[]; search: string[] } = { patches: [], search: [] };
  function Page() {
    const [params, patch] = useSearchParamsPatch();
    seen.patches.push(patch);
    seen.search.push(params.toString());
    return null;
  }
  window.history.replaceState(null, '', '/admin/audit-log?page=3');
  const router = createBrowserRouter([{ path: '/admin/audit-log', Component: Page }]);
  render(<RouterProvider router={router} />);
  return seen;
}

describe('useSearchParamsPatch', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('sets, keeps and removes parameters', async () => {
    const seen = mount();
    await act(async () => seen.patches.at(-1)?.({ target: 'abc', page: null }));
    expect(window.location.search).toBe('?target=abc');
    await act(async () => seen.patches.at(-1)?.({ action: 'update_user_role', empty: '' }));
    expect(new URLSearchParams(window.location.search).get('target')).toBe('abc');
    expect(seen.search.at(-1)).toBe('target=abc&action=update_user_role');
  });

  it('a change made with the function of an older render keeps the changes made since', async () => {
    const seen = mount();
    const first = seen.patches[0] as Patch;
    await act(async () => first({ target: 'abc' }));
    // The same, older function again: React Router's own updater would start from `page=3` and drop the target.
    await act(async () => first({ action: 'update_user_role' }));
    expect(Object.fromEntries(new URLSearchParams(window.location.search))).toEqual({
      page: '3',
      target: 'abc',
      action: 'update_user_role',
    });
  });
});
