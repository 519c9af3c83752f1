import { catalogues } from '@maktaba/shared/i18n/index';
import type { BorrowContext, Hold } from '@maktaba/shared/schemas/loans';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initialAuthState, transition } from '../../../lib/auth/auth-machine';
import { makeAuth } from '../../../lib/auth/test-fixtures';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { i18n, initI18n, setLanguage } from '../../../lib/i18n';
import { BorrowButton } from './borrow-button';
import { LoanCard } from './loan-card';
import { MyHolds } from './my-holds';
import { makeContext, makeLoan } from './test-loan';

const en = catalogues.en.loans.hold;
const ar = catalogues.ar.loans.hold;
const book = { id: '7b2f3c1e-5d2a-4c8e-9f1a-2b3c4d5e6f72', title: 'The Beginning of Guidance', title_ar: null };
const HOLD_ID = '9d4f3c1e-5d2a-4c8e-9f1a-2b3c4d5e6f74';
const LOAN_ID = makeLoan().id;

function makeHold(overrides: Partial<Hold> = {}): Hold {
  return {
    id: HOLD_ID,
    status: 'waiting',
    book: makeLoan().book,
    position: 2,
    queue_length: 3,
    estimated_days: 12,
    created_at: '2026-11-20T10:00:00.000Z',
    loan_id: null,
    confirm_by: null,
    reason: null,
    ...overrides,
  };
}

const unavailable = (overrides: Partial<BorrowContext> = {}) =>
  makeContext({
    copies_available: 0,
    blocked_by: 'NO_COPY_AVAILABLE',
    hold_blocked_by: null,
    waiting: 3,
    ...overrides,
  });

function show(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/book/1']}>
          <Toaster />
          {children}
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

function signIn() {
  const state = transition(initialAuthState, { type: 'INITIALIZED', auth: makeAuth(), profileComplete: true });
  useAuthStore.setState({ ...state, role: 'patron', displayName: 'Zahra Haidari', email: 'reader@example.org' });
}

/** Answers each call by its method and path; records the calls. */
function serve(routes: Record<string, () => { status: number; body?: unknown }>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    const route = routes[key];
    if (!route) return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: key } }), { status: 404 });
    const { status, body } = route();
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof serve>, key: string) =>
  fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${url}` === key);

const CONTEXT = `GET /api/loans/for-book/${book.id}`;

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  await setLanguage('en');
});

describe('the waiting list on a book page', () => {
  it('offers to join with the number of readers waiting, and tells the reader their place', async () => {
    signIn();
    let context = unavailable();
    const fetchMock = serve({
      [CONTEXT]: () => ({ status: 200, body: context }),
      'POST /api/holds': () => {
        context = unavailable({
          hold: makeHold({ position: 4, queue_length: 4 }),
          hold_blocked_by: 'ALREADY_ON_WAITING_LIST',
          waiting: 4,
        });
        return { status: 201, body: makeHold({ position: 4, queue_length: 4 }) };
      },
    });
    show(<BorrowButton book={book} />);
    expect((await screen.findByTestId('hold-waiting')).textContent).toBe('3 readers waiting');
    expect(screen.getByText(catalogues.en.loans.borrow.noCopies)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `${en.join}: ${book.title}` }));
    await waitFor(() => expect(screen.getByText('You joined the waiting list: you are number 4 in line')).toBeTruthy());
    const [, init] = calls(fetchMock, 'POST /api/holds')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ book_id: book.id, locale: 'en' });
    expect((await screen.findByTestId('hold-position')).textContent).toBe('You are number 4 in line');
    expect(screen.getByTestId('hold-estimate').textContent).toBe(
      'About 12 days — an estimate based on when the copies are due back',
    );
  });

  it('counts the readers waiting in Arabic plurals and joins in Arabic', async () => {
    signIn();
    await setLanguage('ar');
    const forms: [number, string][] = [
      [0, ar.waiting_zero],
      [1, ar.waiting_one],
      [2, ar.waiting_two],
    ];
    for (const [waiting, text] of forms) {
      serve({ [CONTEXT]: () => ({ status: 200, body: unavailable({ waiting }) }) });
      const { unmount } = show(<BorrowButton book={book} />);
      expect((await screen.findByTestId('hold-waiting')).textContent).toBe(text);
      unmount();
    }
    const fetchMock = serve({
      [CONTEXT]: () => ({ status: 200, body: unavailable({ waiting: 5 }) }),
      'POST /api/holds': () => ({ status: 201, body: makeHold({ position: 6 }) }),
    });
    show(<BorrowButton book={book} />);
    expect((await screen.findByTestId('hold-waiting')).textContent).toBe('5 قرّاء في الانتظار');
    fireEvent.click(screen.getByTestId('hold-join'));
    await waitFor(() => expect(calls(fetchMock, 'POST /api/holds')).toHaveLength(1));
    const [, init] = calls(fetchMock, 'POST /api/holds')[0] ?? [];
    expect(JSON.parse(String(init?.body)).locale).toBe('ar');
    expect(await screen.findByText('انضممت إلى قائمة الانتظار: ترتيبك 6 في الدور')).toBeTruthy();
  });

  it('names the limit when the server refuses the hold', async () => {
    signIn();
    serve({
      [CONTEXT]: () => ({ status: 200, body: unavailable() }),
      'POST /api/holds': () => ({
        status: 409,
        body: { error: { code: 'HOLD_LIMIT_REACHED', message: 'limit', details: { limit: 5 } } },
      }),
    });
    show(<BorrowButton book={book} />);
    fireEvent.click(await screen.findByTestId('hold-join'));
    expect(await screen.findByText('You are on as many waiting lists as the library allows (5).')).toBeTruthy();
  });

  it('says why the reader cannot join instead of offering the button', async () => {
    signIn();
    for (const reason of ['OVERDUE_LOANS', 'HOLD_LIMIT_REACHED', 'ADDRESS_REQUIRED', 'ACCOUNT_DISABLED'] as const) {
      serve({
        [CONTEXT]: () => ({ status: 200, body: unavailable({ hold_blocked_by: reason, holds_per_reader: 5 }) }),
      });
      const { unmount } = show(<BorrowButton book={book} />);
      const expected = catalogues.en.errors.codes[reason].replace('{{limit}}', '5');
      expect((await screen.findByTestId('hold-blocked')).textContent).toBe(expected);
      expect(screen.queryByTestId('hold-join')).toBeNull();
      unmount();
    }
  });

  it('has no estimate when no copy is due back, and leaves after a confirmation', async () => {
    signIn();
    let context = unavailable({ hold: makeHold({ position: 1, estimated_days: null }) });
    const fetchMock = serve({
      [CONTEXT]: () => ({ status: 200, body: context }),
      [`DELETE /api/holds/${HOLD_ID}`]: () => {
        context = unavailable();
        return { status: 204 };
      },
    });
    show(<BorrowButton book={book} />);
    expect((await screen.findByTestId('hold-position')).textContent).toBe('You are number 1 in line');
    expect(screen.getByTestId('hold-estimate').textContent).toBe(en.noEstimate);
    fireEvent.click(screen.getByRole('button', { name: `${en.leaveFor.replace('{{title}}', book.title)}` }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(en.leaveTitle)).toBeTruthy();
    expect(within(dialog).getByText(`You will lose your place in line for “${book.title}”.`)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: en.leaveKeep }));
    expect(calls(fetchMock, `DELETE /api/holds/${HOLD_ID}`)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('hold-leave'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: en.leaveConfirm }));
    expect(await screen.findByText(en.left)).toBeTruthy();
    expect(await screen.findByTestId('hold-join')).toBeTruthy();
  });

  it('shows a copy offered to the reader with the date to confirm by, and confirms it', async () => {
    signIn();
    const offered = makeLoan({ confirm_by: '2026-11-29T10:00:00.000Z' });
    const fetchMock = serve({
      [CONTEXT]: () => ({ status: 200, body: makeContext({ loan: offered, copies_available: 0 }) }),
      [`POST /api/loans/${LOAN_ID}/confirm`]: () => ({
        status: 200,
        body: { ...offered, confirmed_at: '2026-11-27T10:00:00.000Z' },
      }),
    });
    show(<BorrowButton book={book} />);
    expect((await screen.findByTestId('book-loan-state')).textContent).toBe(
      'Available for you: confirm by Nov 29, 2026',
    );
    expect(screen.getByTestId('loan-confirm-by').textContent).toContain('Nov 29, 2026');
    fireEvent.click(screen.getByRole('button', { name: `${en.confirmFor.replace('{{title}}', book.title)}` }));
    expect(await screen.findByText(catalogues.en.loans.toast.confirm)).toBeTruthy();
    expect(calls(fetchMock, `POST /api/loans/${LOAN_ID}/confirm`)).toHaveLength(1);
  });
});

describe('a confirmed or offered loan in My loans', () => {
  it('shows Confirm by and the confirm button while the offer is open, and the date it was confirmed after', () => {
    const { unmount } = show(<LoanCard loan={makeLoan({ confirm_by: '2026-11-29T10:00:00.000Z' })} />);
    expect(screen.getByTestId('loan-confirm-by').textContent).toBe(
      `${catalogues.en.loans.facts.confirmBy}Nov 29, 2026`,
    );
    expect(screen.getByTestId('hold-confirm').textContent).toBe(en.confirm);
    unmount();
    show(
      <LoanCard
        loan={makeLoan({ confirm_by: '2026-11-29T10:00:00.000Z', confirmed_at: '2026-11-27T10:00:00.000Z' })}
      />,
    );
    expect(screen.queryByTestId('loan-confirm-by')).toBeNull();
    expect(screen.queryByTestId('hold-confirm')).toBeNull();
    expect(screen.getByTestId('loan-confirmed').textContent).toBe(`${catalogues.en.loans.facts.confirmed}Nov 27, 2026`);
  });
});

describe('waiting lists on My Imam', () => {
  it('lists each hold with its place, estimate and Leave, and an offered copy with both answers', async () => {
    signIn();
    const offered = makeHold({
      id: 'ad4f3c1e-5d2a-4c8e-9f1a-2b3c4d5e6f75',
      status: 'offered',
      position: null,
      loan_id: LOAN_ID,
      confirm_by: '2026-11-29T10:00:00.000Z',
      book: { ...makeLoan().book, id: 'bd4f3c1e-5d2a-4c8e-9f1a-2b3c4d5e6f76', title: 'The Alchemy of Happiness' },
    });
    let items = [makeHold({ estimated_days: 1 }), offered];
    const fetchMock = serve({
      'GET /api/holds': () => ({ status: 200, body: { items } }),
      [`DELETE /api/holds/${offered.id}`]: () => {
        items = items.filter((hold) => hold.id !== offered.id);
        return { status: 204 };
      },
    });
    show(<MyHolds />);
    const cards = await screen.findAllByTestId('hold-card');
    expect(cards).toHaveLength(2);
    const [waiting, offer] = cards as [HTMLElement, HTMLElement];
    expect(within(waiting).getByTestId('hold-title').getAttribute('href')).toBe(`/book/${makeLoan().book.id}`);
    expect(within(waiting).getByTestId('hold-position').textContent).toBe('Number 2 of 3 in line');
    expect(within(waiting).getByTestId('hold-estimate').textContent).toBe(
      'About 1 day — an estimate based on when the copies are due back',
    );
    expect(within(waiting).getByTestId('hold-leave').textContent).toBe(en.leaveShort);
    expect(within(offer).getByTestId('hold-offered').textContent).toBe('Available for you: confirm by Nov 29, 2026');
    expect(within(offer).getByTestId('hold-confirm').textContent).toBe(en.confirm);
    fireEvent.click(
      within(offer).getByRole('button', { name: en.declineFor.replace('{{title}}', 'The Alchemy of Happiness') }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(en.declineTitle)).toBeTruthy();
    expect(
      within(dialog).getByText(
        'The copy of “The Alchemy of Happiness” offered to you goes to the next reader, and you leave the waiting list.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: en.declineKeep })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: en.declineConfirm }));
    expect(await screen.findByText(en.declined)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('hold-card')).toHaveLength(1));
    expect(calls(fetchMock, `DELETE /api/holds/${offered.id}`)).toHaveLength(1);
  });

  it('says when the reader waits for nothing, and offers a retry when the list cannot be read', async () => {
    signIn();
    serve({ 'GET /api/holds': () => ({ status: 200, body: { items: [] } }) });
    const { unmount } = show(<MyHolds />);
    const empty = await screen.findByTestId('holds-empty');
    expect(empty.textContent).toContain(en.my.emptyTitle);
    expect(empty.textContent).toContain(en.my.emptyDescription);
    expect(screen.getByRole('heading', { name: en.my.title })).toBeTruthy();
    unmount();
    let fail = true;
    serve({
      'GET /api/holds': () =>
        fail
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } }
          : { status: 200, body: { items: [] } },
    });
    show(<MyHolds />);
    expect(await screen.findByText(catalogues.en.loans.errors.holds)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: catalogues.en.common.retry }));
    expect(await screen.findByTestId('holds-empty')).toBeTruthy();
  });
});
