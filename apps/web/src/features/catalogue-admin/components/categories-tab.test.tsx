import { catalogues } from '@maktaba/shared/i18n/index';
import type { Category } from '@maktaba/shared/schemas/catalogue';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { i18n, initI18n } from '../../../lib/i18n';
import { CategoriesTab } from './categories-tab';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const category = (n: number, name: string, sortOrder: number, parent: number | null = null): Category => ({
  id: id(n),
  key: name.toLowerCase(),
  name,
  name_ar: `${name} ع`,
  parent_id: parent === null ? null : id(parent),
  book_count: 0,
  description_en: null,
  description_ar: null,
  sort_order: sortOrder,
});

const server = vi.hoisted(() => ({ categories: [] as Category[], orders: [] as unknown[] }));
vi.mock('../../../lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/api-client')>();
  const apiFetch = async (
    path: string,
    options: { method?: string; body?: { parent_id: string | null; ids: string[] } } = {},
  ) => {
    if (path === '/categories/order' && options.method === 'PUT' && options.body) {
      server.orders.push(options.body);
      const { ids } = options.body;
      server.categories = server.categories.map((c) =>
        ids.includes(c.id) ? { ...c, sort_order: ids.indexOf(c.id) } : c,
      );
      return { categories: [] };
    }
    return { categories: server.categories };
  };
  return { ...actual, apiFetch };
});

function show() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/library/catalogue']}>
          <CategoriesTab />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('reordering categories in the catalogue manager', () => {
  beforeAll(async () => {
    if (!i18n.isInitialized) await initI18n();
  });
  afterEach(() => {
    cleanup();
    server.orders = [];
  });

  it('moves a category among its siblings with labelled buttons and announces where it went', async () => {
    server.categories = [
      category(1, 'Hadith', 0),
      category(2, 'Ethics', 1),
      category(3, 'Logic', 2),
      category(4, 'Rijal', 0, 1),
    ];
    useAuthStore.setState({ role: 'librarian' });
    show();
    const up = await screen.findByRole('button', { name: 'Move Hadith up' });
    expect((up as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move Logic down' }) as HTMLButtonElement).disabled).toBe(true);
    // Rijal is an only child: nothing to move it among.
    expect(screen.queryByRole('button', { name: 'Move Rijal up' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Move Hadith down' }));
    await waitFor(() =>
      expect(screen.getByTestId('reorder-status').textContent).toBe('Hadith moved to position 2 of 3.'),
    );
    expect(server.orders).toEqual([{ parent_id: null, ids: [id(2), id(1), id(3)] }]);
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Hadith down'));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Move Ethics up' }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect(catalogues.ar.catalogueAdmin.categories.moved).toContain('{{position}}');
  });

  it('shows no reorder buttons to a role without categories.manage', async () => {
    server.categories = [category(1, 'Hadith', 0), category(2, 'Ethics', 1)];
    useAuthStore.setState({ role: 'patron' });
    show();
    await screen.findByText('Hadith');
    expect(screen.queryByRole('button', { name: 'Move Hadith down' })).toBeNull();
  });
});
