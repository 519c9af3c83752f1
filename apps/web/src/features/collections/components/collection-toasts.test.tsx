import { catalogues } from '@maktaba/shared/i18n/index';
import type { CollectionSummary } from '@maktaba/shared/schemas/collections';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../../lib/auth/auth-machine';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { renderInApp, resetAppBetweenTests } from '../../../lib/test-app';
import { testBook } from '../../../lib/test-books';
import { holdFetch } from '../../../lib/test-held-fetch';
import { AddToCollectionDialog } from './add-to-collection-dialog';
import { CollectionBookRow } from './collection-book-row';
import { StaffCollectionRow } from './staff-collection-row';

/*
 * The toast (and whatever else a caller does with the answer) comes even when the component that
 * asked is gone by then: a row the answer takes out of its list, a dialog closed before the answer.
 */

const en = catalogues.en.collections;
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
const uuid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

const book = testBook({ id: uuid(1), title: 'The Beginning of Guidance', author_name: 'Al-Ghazali' });

const collection: CollectionSummary = {
  id: uuid(9),
  title_en: 'First steps',
  title_ar: null,
  description_en: null,
  description_ar: null,
  is_public: true,
  featured: false,
  book_count: 1,
  covers: [],
  owner: { id: 'owner', display_name: 'Zahra' },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-02T00:00:00Z',
};

function show(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderInApp(children, { queryClient });
}

/**
 * Preact ends an unmounted component's effects (its subscription to a mutation among them) after the
 * next paint, as React does; the answer that comes later finds it gone.
 */
const afterPaint = () => new Promise((resolve) => setTimeout(resolve, 50));

resetAppBetweenTests();

describe('a collection change whose asker is gone before the answer', () => {
  it('says a book was removed though its row has left the list', async () => {
    const success = vi.spyOn(toast, 'success');
    const server = holdFetch();
    const noop = () => {};
    const { unmount } = show(
      <ul>
        <CollectionBookRow
          collectionId={collection.id}
          entry={{ book, note: null, position: 1, added_at: '2026-01-01T00:00:00Z' }}
          index={0}
          total={1}
          isEditing
          isDragged={false}
          isDropTarget={false}
          registerButton={noop}
          onMove={noop}
          drag={{ onDragStart: noop, onDragEnter: noop, onDragEnd: noop, onDrop: noop }}
        />
      </ul>,
    );
    fireEvent.click(screen.getByRole('button', { name: fill(en.page.removeFor, { title: book.title ?? '' }) }));
    await server.held(`DELETE /api/collections/${collection.id}/books/${book.id}`);
    unmount();
    await server.release(`DELETE /api/collections/${collection.id}/books/${book.id}`, { status: 204 });
    await vi.waitFor(() =>
      expect(success).toHaveBeenCalledWith(fill(en.page.removedBook, { title: book.title ?? '' })),
    );
  });

  it('says a collection was deleted though its row in the librarians’ list is gone', async () => {
    const success = vi.spyOn(toast, 'success');
    const server = holdFetch();
    const { unmount } = show(
      <ul>
        <StaffCollectionRow collection={collection} canDelete />
      </ul>,
    );
    fireEvent.click(screen.getByRole('button', { name: fill(en.staff.deleteFor, { title: 'First steps' }) }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: en.page.delete }));
    await server.held(`DELETE /api/collections/${collection.id}`);
    unmount();
    await server.release(`DELETE /api/collections/${collection.id}`, { status: 204 });
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith(en.page.deleted));
  });

  it('says a featured collection was unfeatured though "Featured only" takes it off the list', async () => {
    const success = vi.spyOn(toast, 'success');
    const server = holdFetch();
    const { unmount } = show(
      <ul>
        <StaffCollectionRow collection={{ ...collection, featured: true }} canDelete={false} />
      </ul>,
    );
    fireEvent.click(screen.getByRole('button', { name: fill(en.staff.unfeatureFor, { title: 'First steps' }) }));
    await server.held(`PUT /api/collections/${collection.id}/featured`);
    unmount();
    await server.release(`PUT /api/collections/${collection.id}/featured`, {
      status: 200,
      body: { ...collection, featured: false },
    });
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith(en.page.unfeatured));
  });

  it('says a book was added though the reader closed the dialog before the answer', async () => {
    useAuthStore.setState({
      ...initialAuthState,
      isInitialized: true,
      isAuthenticated: true,
      profileComplete: true,
      user: { id: 'reader-1' } as never,
      role: 'patron',
    });
    const success = vi.spyOn(toast, 'success');
    const server = holdFetch({
      [`GET /api/collections/mine?book_id=${book.id}`]: () => ({
        status: 200,
        body: { items: [{ ...collection, contains_book: false }] },
      }),
    });
    function Page() {
      const [open, setOpen] = useState(true);
      return <AddToCollectionDialog book={book} title={book.title ?? ''} open={open} onOpenChange={setOpen} />;
    }
    show(<Page />);
    fireEvent.click(await screen.findByRole('checkbox', { name: /First steps/ }));
    await server.held(`POST /api/collections/${collection.id}/books`);
    fireEvent.click(screen.getByRole('button', { name: en.add.done }));
    await vi.waitFor(() => expect(screen.queryByRole('checkbox')).toBeNull());
    await afterPaint();
    await server.release(`POST /api/collections/${collection.id}/books`, { status: 201, body: {} });
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith(fill(en.add.added, { collection: 'First steps' })));
  });
});
