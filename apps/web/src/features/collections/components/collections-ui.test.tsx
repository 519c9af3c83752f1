import { catalogues } from '@maktaba/shared/i18n/index';
import type { Collection, MyCollection } from '@maktaba/shared/schemas/collections';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../../lib/auth/auth-machine';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { formatNumber } from '../../../lib/format';
import { i18n, initI18n, setLanguage } from '../../../lib/i18n';
import { testBook } from '../../../lib/test-books';
import { changeValue } from '../../../lib/test-events';
import { collectionQueryOptions } from '../api/get-collection';
import { collectionKeys } from '../lib/query-keys';
import { orderBooks } from '../lib/reorder';
import { AddToCollectionDialog } from './add-to-collection-dialog';
import { CollectionBookList } from './collection-book-list';

const en = catalogues.en.collections;
const ar = catalogues.ar.collections;
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/** A signed-in reader (their own collections are keyed by their id), or a visitor. */
function signIn() {
  useAuthStore.setState({
    ...initialAuthState,
    isInitialized: true,
    isAuthenticated: true,
    profileComplete: true,
    user: { id: 'reader-1' } as never,
    role: 'patron',
  });
}
function signOut() {
  useAuthStore.setState({ ...initialAuthState, isInitialized: true, isAuthenticated: false, role: null });
}

const uuid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

const makeBook = (n: number, title: string) => testBook({ id: uuid(n), title, author_name: 'Al-Ghazali' });

const summary = {
  title_en: 'First steps',
  title_ar: null,
  description_en: null,
  description_ar: null,
  is_public: true,
  featured: false,
  covers: [],
  owner: { id: 'owner', display_name: 'Zahra' },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-02T00:00:00Z',
};

function makeCollection(titles: string[]): Collection {
  return {
    ...summary,
    id: uuid(9),
    book_count: titles.length,
    can_edit: true,
    books: titles.map((title, index) => ({
      book: makeBook(index + 1, title),
      note: null,
      position: index + 1,
      added_at: '2026-01-01T00:00:00Z',
    })),
  };
}

function show(children: ReactNode, queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          {children}
          <Toaster />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return queryClient;
}

/** Answers each call with the next response; records what was asked. */
function answer(...responses: [number, unknown][]) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
    const [status, body] = responses.shift() ?? [500, { error: { code: 'INTERNAL', message: 'no more answers' } }];
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const rowTitles = () => screen.getAllByTestId('collection-book-title').map((link) => link.textContent);

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  await setLanguage('en');
});

describe('putting a collection in order from the keyboard', () => {
  function showList(collection: Collection) {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(collectionKeys.detail(collection.id), collection);
    show(<Live id={collection.id} />, queryClient);
  }

  it('moves the row up, keeps focus on its button, announces the new place and saves the whole order', async () => {
    const collection = makeCollection(['Alpha', 'Beta', 'Gamma']);
    const fetchMock = answer([200, orderBooks(collection, [uuid(1), uuid(3), uuid(2)])]);
    showList(collection);

    const moveUp = screen.getByRole('button', { name: fill(en.page.moveUpFor, { title: 'Gamma' }) });
    moveUp.focus();
    fireEvent.click(moveUp);

    await waitFor(() => expect(rowTitles()).toEqual(['Alpha', 'Gamma', 'Beta']));
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: fill(en.page.moveUpFor, { title: 'Gamma' }) }),
    );
    expect(screen.getByTestId('reorder-status').textContent).toBe(fill(en.page.moved, { position: '2', total: '3' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`/api/collections/${collection.id}/order`);
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ book_ids: [uuid(1), uuid(3), uuid(2)] });

    // At the top, Move up is disabled: focus goes to the row's Move down instead.
    answer([200, orderBooks(collection, [uuid(3), uuid(1), uuid(2)])]);
    fireEvent.click(screen.getByRole('button', { name: fill(en.page.moveUpFor, { title: 'Gamma' }) }));
    await waitFor(() => expect(rowTitles()).toEqual(['Gamma', 'Alpha', 'Beta']));
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: fill(en.page.moveDownFor, { title: 'Gamma' }) }),
    );
    expect(screen.getByTestId('reorder-status').textContent).toBe(fill(en.page.moved, { position: '1', total: '3' }));
  });

  it('puts the order back and says so when the server refuses it, in Arabic too', async () => {
    await setLanguage('ar');
    const collection = makeCollection(['Alpha', 'Beta', 'Gamma']);
    answer([409, { error: { code: 'ORDER_MISMATCH', message: 'changed' } }]);
    showList(collection);

    fireEvent.click(screen.getByRole('button', { name: fill(ar.page.moveDownFor, { title: 'Alpha' }) }));
    expect(screen.getByTestId('reorder-status').textContent).toBe(
      fill(ar.page.moved, { position: formatNumber(2, 'ar'), total: formatNumber(3, 'ar') }),
    );
    await waitFor(() => expect(screen.getByTestId('reorder-status').textContent).toBe(ar.page.reorderFailed));
    expect(rowTitles()).toEqual(['Alpha', 'Beta', 'Gamma']);
    await waitFor(() =>
      expect(document.querySelector('[data-sonner-toast]')?.textContent).toContain(ar.page.reorderFailed),
    );
  });
});

/** The list as the page shows it: drawn again from the cache whenever the cache changes. */
function Live({ id }: { id: string }) {
  const { data } = useQuery({ ...collectionQueryOptions(id), staleTime: Number.POSITIVE_INFINITY });
  return data ? <CollectionBookList collection={data} isEditing /> : null;
}

describe('the "Add to collection" dialog', () => {
  const book = { id: uuid(1), title: 'The Beginning of Guidance', title_ar: null };
  const mine = (containsBook: boolean, count: number): MyCollection => ({
    ...summary,
    id: uuid(9),
    book_count: count,
    contains_book: containsBook,
  });

  it('adds the book with a tick and takes it out with another, each with its toast', async () => {
    signIn();
    const fetchMock = answer(
      [200, { items: [mine(false, 2)] }],
      [201, {}],
      [200, { items: [mine(true, 3)] }],
      [204, undefined],
      [200, { items: [mine(false, 2)] }],
    );
    show(<AddToCollectionDialog book={book} title={book.title} open onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: en.add.dialogTitle });
    const choice = await within(dialog).findByRole('checkbox', { name: /First steps/ });
    expect((choice as HTMLInputElement).checked).toBe(false);

    fireEvent.click(choice);
    await waitFor(() => expect((choice as HTMLInputElement).checked).toBe(true));
    expect(await screen.findByText(fill(en.add.added, { collection: 'First steps' }))).toBeTruthy();
    const add = fetchMock.mock.calls[1];
    expect(add?.[0]).toBe(`/api/collections/${uuid(9)}/books`);
    expect(JSON.parse(String(add?.[1]?.body))).toEqual({ book_id: book.id });

    fireEvent.click(choice);
    await waitFor(() => expect((choice as HTMLInputElement).checked).toBe(false));
    expect(await screen.findByText(fill(en.add.removed, { collection: 'First steps' }))).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === `/api/collections/${uuid(9)}/books/${book.id}` && init?.method === 'DELETE',
      ),
    ).toBe(true);
  });

  it('takes the tick back and names the limit when the collection is full', async () => {
    signIn();
    answer(
      [200, { items: [mine(false, 500)] }],
      [409, { error: { code: 'COLLECTION_FULL', message: 'full', details: { max: 500 } } }],
    );
    show(<AddToCollectionDialog book={book} title={book.title} open onOpenChange={() => {}} />);
    const choice = await screen.findByRole('checkbox', { name: /First steps/ });
    fireEvent.click(choice);
    expect(await screen.findByText(fill(catalogues.en.errors.codes.COLLECTION_FULL, { max: '500' }))).toBeTruthy();
    await waitFor(() => expect((choice as HTMLInputElement).checked).toBe(false));
  });

  it('asks a visitor to sign in instead', () => {
    signOut();
    show(<AddToCollectionDialog book={book} title={book.title} open onOpenChange={() => {}} />);
    expect(screen.getByText(en.add.signInTitle)).toBeTruthy();
    expect(screen.getByRole('link', { name: en.add.signIn }).getAttribute('href')).toMatch(/^\/signin\?returnUrl=/);
  });

  it('offers a new collection at once when the reader has none, and the limit with its number', async () => {
    signIn();
    answer(
      [200, { items: [] }],
      [409, { error: { code: 'COLLECTION_LIMIT_REACHED', message: 'limit', details: { max: 100 } } }],
    );
    show(<AddToCollectionDialog book={book} title={book.title} open onOpenChange={() => {}} />);
    expect(await screen.findByText(en.add.empty)).toBeTruthy();
    changeValue(screen.getByLabelText(en.form.title), 'Evening reading');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: en.add.createAndAdd }));
    });
    expect(
      await screen.findByText(fill(catalogues.en.errors.codes.COLLECTION_LIMIT_REACHED, { max: '100' })),
    ).toBeTruthy();
  });
});
