import { catalogues } from '@maktaba/shared/i18n/index';
import type { DeskHold } from '@maktaba/shared/schemas/loans';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initialAuthState, transition } from '../../../lib/auth/auth-machine';
import { makeAuth } from '../../../lib/auth/test-fixtures';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { i18n, initI18n, setLanguage } from '../../../lib/i18n';
import { changeValue } from '../../../lib/test-events';
import { reorderedQueue } from '../api/holds';
import { isAwaitingConfirmation } from '../lib/loan-text';
import { makeLoan } from './test-loan';
import { movedIds, WaitingListPage } from './waiting-list-page';

const en = catalogues.en.desk.holds;
const BOOK = '7b2f3c1e-5d2a-4c8e-9f1a-2b3c4d5e6f72';

function hold(n: number, overrides: Partial<DeskHold> = {}): DeskHold {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    status: 'waiting',
    book: makeLoan().book,
    position: n,
    queue_length: 3,
    estimated_days: 5 * n,
    created_at: '2026-11-20T10:00:00.000Z',
    loan_id: null,
    confirm_by: null,
    reason: null,
    patron: { id: `10000000-0000-4000-8000-00000000000${n}`, name: `Reader ${n}`, email: `r${n}@example.org` },
    ...overrides,
  };
}

type Reply = { status: number; body?: unknown };
/** Answers GET with the queue (the latest one given) and PUT/POST with the replies given, in turn. */
function serve(queue: DeskHold[], replies: Reply[] = []) {
  let current = queue;
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    if (!init?.method || init.method === 'GET')
      return new Response(JSON.stringify({ items: current }), { status: 200 });
    const reply = replies.shift() ?? { status: 204 };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, setQueue: (next: DeskHold[]) => (current = next) };
}

function signInAs(role: 'admin' | 'librarian' | 'patron') {
  const state = transition(initialAuthState, { type: 'INITIALIZED', auth: makeAuth(), profileComplete: true });
  useAuthStore.setState({ ...state, role });
}

function show() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[`/library/books/${BOOK}/holds`]}>
          <Toaster />
          <Routes>
            <Route path="/library/books/:bookId/holds" element={<WaitingListPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const names = () => screen.getAllByTestId('hold-name').map((node) => node.textContent);

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  await setLanguage('en');
});

describe('the order of a waiting list', () => {
  it('swaps a hold with its neighbour, and not past either end', () => {
    const queue = [hold(1), hold(2), hold(3)];
    expect(movedIds(queue, 2, -1)).toEqual([hold(1).id, hold(3).id, hold(2).id]);
    expect(movedIds(queue, 0, -1)).toBeNull();
    expect(movedIds(queue, 2, 1)).toBeNull();
  });

  it('keeps offered holds first and renumbers the waiting ones', () => {
    const offered = hold(1, { status: 'offered', position: null });
    const queue = reorderedQueue([offered, hold(2), hold(3)], [hold(3).id, hold(2).id]);
    expect(queue.map((item) => [item.id, item.position])).toEqual([
      [offered.id, null],
      [hold(3).id, 2],
      [hold(2).id, 3],
    ]);
  });

  it('knows a loan offered from the list that the reader has not confirmed', () => {
    expect(isAwaitingConfirmation(makeLoan({ confirm_by: '2026-12-01T10:00:00Z', confirmed_at: null }))).toBe(true);
    expect(
      isAwaitingConfirmation(
        makeLoan({ confirm_by: '2026-12-01T10:00:00Z', confirmed_at: '2026-11-29T10:00:00Z', status: 'approved' }),
      ),
    ).toBe(false);
    expect(isAwaitingConfirmation(makeLoan({ confirm_by: null, confirmed_at: null }))).toBe(false);
  });
});

describe('the waiting list page', () => {
  it('lists the offered hold first with its loan, then the readers in line with their estimates', async () => {
    signInAs('librarian');
    serve([
      hold(1, { status: 'offered', position: null, loan_id: makeLoan().id, confirm_by: '2026-12-01T10:00:00Z' }),
      hold(2),
    ]);
    show();
    expect(await screen.findByText('Reader 1')).toBeTruthy();
    const [offered, waiting] = screen.getAllByTestId('hold-row') as [HTMLElement, HTMLElement];
    expect(within(offered).getByTestId('hold-offered').textContent).toMatch(/^Offered — confirm by Dec 1, 2026/);
    expect(within(offered).getByRole('link', { name: en.openLoan }).getAttribute('href')).toBe(
      `/library/loans/${makeLoan().id}`,
    );
    expect(within(waiting).getByTestId('hold-estimate').textContent).toBe('Estimate: about 10 days');
    expect(screen.getByTestId('holds-count').textContent).toBe('2 readers on the list');
    expect(screen.getByTestId('holds-book').textContent).toBe('The Beginning of Guidance');
  });

  it('moves a reader up at once and sends the new order', async () => {
    signInAs('librarian');
    const queue = [hold(1), hold(2), hold(3)];
    const { fetchMock } = serve(queue, [
      { status: 200, body: { items: reorderedQueue(queue, [hold(1).id, hold(3).id, hold(2).id]) } },
    ]);
    show();
    const up = await screen.findByRole('button', { name: 'Move up: Reader 3' });
    expect((screen.getByRole('button', { name: 'Move up: Reader 1' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(up);
    await waitFor(() => expect(names()).toEqual(['Reader 1', 'Reader 3', 'Reader 2']));
    // The focus stays with the reader who moved.
    await waitFor(() => expect(document.activeElement?.id).toBe(`hold-up-${hold(3).id}`));
    expect(await screen.findByText('Reader 3 is now number 2 in line.')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT') as [string, RequestInit];
    expect(put[0]).toBe(`/api/admin/books/${BOOK}/holds/order`);
    expect(JSON.parse(String(put[1].body))).toEqual({ ids: [hold(1).id, hold(3).id, hold(2).id] });
  });

  it('puts the order back when the move fails, and reloads the list when it changed meanwhile', async () => {
    signInAs('librarian');
    const queue = [hold(1), hold(2), hold(3)];
    const { setQueue } = serve(queue, [
      { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } },
      {
        status: 422,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'x',
            details: { fieldErrors: { ids: ['validation.holds.queueChanged'] } },
          },
        },
      },
    ]);
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Move down: Reader 2' }));
    await waitFor(() => expect(names()).toEqual(['Reader 1', 'Reader 2', 'Reader 3']));
    expect(await screen.findByText(catalogues.en.errors.codes.INTERNAL)).toBeTruthy();

    setQueue([hold(1), hold(2)]);
    fireEvent.click(screen.getByRole('button', { name: 'Move up: Reader 2' }));
    expect(await screen.findByText(en.queueChanged)).toBeTruthy();
    await waitFor(() => expect(names()).toEqual(['Reader 1', 'Reader 2']));
  });

  it('removes a hold only with a reason, which is sent', async () => {
    signInAs('admin');
    const { fetchMock } = serve([hold(1), hold(2)], [{ status: 204 }]);
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Reader 2 from the waiting list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Reader 2 from the waiting list' });
    expect(within(dialog).getByText(en.removeDescription)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: en.removeConfirm }));
    const reason = within(dialog).getByLabelText(en.reason);
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    changeValue(reason, 'Duplicate account');
    fireEvent.click(within(dialog).getByRole('button', { name: en.removeConfirm }));
    expect(await screen.findByText('Reader 2 was removed from the waiting list and told why.')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST') as [string, RequestInit];
    expect(post[0]).toBe(`/api/admin/holds/${hold(2).id}/remove`);
    expect(JSON.parse(String(post[1].body))).toEqual({ reason: 'Duplicate account' });
  });

  it('shows no controls to whoever may not manage loans', async () => {
    signInAs('patron');
    serve([hold(1), hold(2)]);
    show();
    expect(await screen.findByText('Reader 2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Move|Remove/ })).toBeNull();
  });

  it('says when no one is waiting, and offers a retry when the list cannot load', async () => {
    signInAs('librarian');
    serve([]);
    show();
    expect(await screen.findByText(en.empty)).toBeTruthy();
    document.body.innerHTML = '';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'x' } }), { status: 500 })),
    );
    show();
    expect(await screen.findByText(en.loadError)).toBeTruthy();
    expect(screen.getByRole('button', { name: catalogues.en.desk.retry })).toBeTruthy();
  });

  it('reads in Arabic', async () => {
    await setLanguage('ar');
    signInAs('librarian');
    serve([hold(1), hold(2)]);
    show();
    expect(await screen.findByRole('button', { name: 'تقديم: Reader 2' })).toBeTruthy();
    expect(screen.getByTestId('holds-count').textContent).toBe(catalogues.ar.desk.holds.count_two);
  });
});
