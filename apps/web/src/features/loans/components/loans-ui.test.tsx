import { catalogues } from '@maktaba/shared/i18n/index';
import type { BorrowContext } from '@maktaba/shared/schemas/loans';
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
import { makeContext, makeLoan } from './test-loan';

const en = catalogues.en.loans;
const DAY = 86_400_000;

function show(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/book/1']}>{children}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

function signIn() {
  const state = transition(initialAuthState, { type: 'INITIALIZED', auth: makeAuth(), profileComplete: true });
  useAuthStore.setState({ ...state, role: 'patron', displayName: 'Zahra Haidari', email: 'reader@example.org' });
}

function signOut() {
  const state = transition(initialAuthState, { type: 'INITIALIZED', auth: makeAuth(null), profileComplete: false });
  useAuthStore.setState({ ...state, user: null, session: null, isAuthenticated: false, role: null });
}

function answerContext(context: BorrowContext) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(context), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const book = { id: '7b2f3c1e-5d2a-4c8e-9f1a-2b3c4d5e6f72', title: 'The Beginning of Guidance', title_ar: null };

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  await setLanguage('en');
});

describe('a loan card in My loans', () => {
  it('shows the buttons the server allows the reader, and no others', () => {
    const cases = [
      [makeLoan({ status: 'requested', actions: ['cancel'] }), [en.actions.cancel]],
      [makeLoan({ status: 'shipped', shipped_at: '2026-11-21T10:00:00Z', actions: ['deliver'] }), [en.actions.deliver]],
      [makeLoan({ status: 'on_loan', actions: ['send_back'] }), [en.actions.sendBack]],
      [makeLoan({ status: 'returned', returned_at: '2026-11-24T10:00:00Z', actions: [] }), []],
    ] as const;
    for (const [loan, buttons] of cases) {
      const { unmount } = show(<LoanCard loan={loan} />);
      const card = screen.getByTestId('loan-card');
      expect(
        within(card)
          .queryAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(buttons);
      unmount();
    }
  });

  it('shows the tracking of a parcel and the days left of a loan, in both languages', async () => {
    // Noon three days from today on this machine's calendar, whatever the time of the run.
    const noon = new Date();
    noon.setHours(12, 0, 0, 0);
    const due = new Date(noon.getTime() + 3 * DAY).toISOString();
    const loan = makeLoan({
      status: 'on_loan',
      shipped_at: '2026-11-21T10:00:00Z',
      carrier: 'USPS',
      tracking_number: '9400 1000 0000 0000 0000 00',
      delivered_at: '2026-11-23T10:00:00Z',
      due_date: due,
      actions: ['send_back'],
    });
    show(<LoanCard loan={loan} />);
    expect(screen.getByTestId('loan-tracking').textContent).toContain('9400 1000 0000 0000 0000 00');
    expect(screen.getByTestId('loan-carrier').textContent).toContain('USPS');
    expect(screen.getByTestId('loan-days-left').textContent).toBe('(3 days left)');
    document.body.innerHTML = '';

    await setLanguage('ar');
    show(<LoanCard loan={loan} />);
    // CLDR writes Arabic with Western or Arabic-Indic digits depending on its version.
    expect(screen.getByTestId('loan-days-left').textContent).toMatch(/^\(بقيت [3٣] أيام\)$/);
    expect(screen.getByText(catalogues.ar.lending.status.on_loan)).toBeTruthy();
  });

  it('says an overdue loan is overdue and by how much, and a denied request why', () => {
    // Noon two days before today on this machine's calendar, whatever the time of the run.
    const noon = new Date();
    noon.setHours(12, 0, 0, 0);
    const due = new Date(noon.getTime() - 2 * DAY).toISOString();
    show(<LoanCard loan={makeLoan({ status: 'on_loan', due_date: due, overdue: true, actions: ['send_back'] })} />);
    expect(screen.getByTestId('loan-days-left').textContent).toBe('(Overdue by 2 days)');
    expect(screen.getByTestId('loan-status').textContent).toBe(en.overdue);
    document.body.innerHTML = '';

    show(
      <LoanCard
        loan={makeLoan({
          status: 'denied',
          denied_at: '2026-11-21T10:00:00Z',
          denial_reason: 'This copy is being rebound.',
          actions: [],
        })}
      />,
    );
    expect(screen.getByTestId('loan-denial-reason').textContent).toContain('This copy is being rebound.');
    expect(screen.getByTestId('loan-status').textContent).toBe(catalogues.en.lending.status.denied);
  });
});

describe('renewing a loan', () => {
  const onLoan = (overrides: Partial<Parameters<typeof makeLoan>[0]> = {}) =>
    makeLoan({
      status: 'on_loan',
      delivered_at: '2026-11-23T10:00:00Z',
      due_date: new Date(Date.now() + 5 * DAY).toISOString(),
      renewal_count: 1,
      renewals_max: 2,
      actions: ['send_back', 'renew'],
      ...overrides,
    });

  it('shows the renewals of a delivered loan and a Renew button naming the book', () => {
    show(<LoanCard loan={onLoan()} />);
    expect(screen.getByTestId('loan-renewals').textContent).toBe(`${en.facts.renewals}1 of 2`);
    expect(screen.getByRole('button', { name: `${en.actions.renew}: ${book.title}` })).toBeTruthy();
    expect(screen.queryByTestId('loan-renew-blocked')).toBeNull();
  });

  it('says why instead of offering Renew when the library would refuse it', () => {
    show(<LoanCard loan={onLoan({ renewal_count: 2, renew_blocked_by: 'RENEWAL_LIMIT_REACHED' })} />);
    expect(screen.getByTestId('loan-renew-blocked').textContent).toBe(catalogues.en.errors.codes.RENEWAL_LIMIT_REACHED);
    expect(screen.queryByTestId('loan-renew')).toBeNull();
    expect(screen.getByTestId('loan-renewals').textContent).toContain('2 of 2');
  });

  it('renews, and says the new due date in the toast', async () => {
    const renewed = onLoan({ renewal_count: 2, due_date: '2027-01-15T12:00:00.000Z' });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(renewed), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    show(
      <>
        <Toaster />
        <LoanCard loan={onLoan()} />
      </>,
    );
    fireEvent.click(screen.getByTestId('loan-renew'));
    // The date as this machine's calendar writes it (the reader's time zone).
    const day = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date('2027-01-15T12:00:00.000Z'));
    await waitFor(() => expect(screen.getByText(`Renewed: now due on ${day}`)).toBeTruthy());
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/loans/6a1f3c1e-5d2a-4c8e-9f1a-2b3c4d5e6f71/renew',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it("shows the server's refusal in the reader's words", async () => {
    const refusal = { error: { code: 'RENEWAL_TOO_LATE', message: 'too late' } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(refusal), { status: 409 })),
    );
    show(
      <>
        <Toaster />
        <LoanCard loan={onLoan()} />
      </>,
    );
    fireEvent.click(screen.getByTestId('loan-renew'));
    expect(await screen.findByText(catalogues.en.errors.codes.RENEWAL_TOO_LATE)).toBeTruthy();
  });

  it('is not counted before the book has arrived', () => {
    show(<LoanCard loan={makeLoan({ status: 'shipped', shipped_at: '2026-11-21T10:00:00Z', actions: ['deliver'] })} />);
    expect(screen.queryByTestId('loan-renewals')).toBeNull();
  });
});

describe('the borrow control on a book page', () => {
  it('asks a visitor to sign in, back to this book', () => {
    signOut();
    show(<BorrowButton book={book} />);
    const link = screen.getByRole('link', { name: en.borrow.signIn });
    expect(link.getAttribute('href')).toBe('/signin?returnUrl=%2Fbook%2F1');
  });

  it('says all copies are on loan instead of offering Borrow', async () => {
    signIn();
    answerContext(makeContext({ copies_available: 0, blocked_by: 'NO_COPY_AVAILABLE' }));
    show(<BorrowButton book={book} />);
    expect(await screen.findByText(en.borrow.noCopies)).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.borrow.borrow })).toBeNull();
  });

  it('confirms with the address it will go to and the loan period', async () => {
    signIn();
    const fetchMock = answerContext(makeContext());
    show(<BorrowButton book={book} />);
    fireEvent.click(await screen.findByRole('button', { name: en.borrow.borrow }));
    const dialog = await screen.findByRole('dialog');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/loans/for-book/7b2f3c1e-5d2a-4c8e-9f1a-2b3c4d5e6f72',
      expect.anything(),
    );
    const address = within(dialog).getByTestId('borrow-address');
    expect(address.textContent).toContain('Zahra Haidari');
    expect(address.textContent).toContain('1 Library Way');
    expect(address.textContent).toContain('Dearborn, MI 48126');
    expect(within(dialog).getByTestId('borrow-period').textContent).toBe(
      'You can keep it for 21 days after it arrives.',
    );
    expect(within(dialog).getByRole('link', { name: en.borrow.changeAddress }).getAttribute('href')).toBe(
      '/settings/address',
    );
    expect(within(dialog).getByRole('button', { name: en.borrow.request })).toBeTruthy();
  });

  it('links to the address form instead of requesting when the address is incomplete', async () => {
    signIn();
    answerContext(makeContext({ shipping_address: null, blocked_by: 'ADDRESS_REQUIRED' }));
    show(<BorrowButton book={book} />);
    fireEvent.click(await screen.findByRole('button', { name: en.borrow.borrow }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(en.borrow.addressIncomplete)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: en.borrow.fixAddress })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: en.borrow.request })).toBeNull();
  });

  it('names the limit when the reader has reached it', async () => {
    signIn();
    answerContext(makeContext({ open_loans: 3, blocked_by: 'BORROWING_LIMIT_REACHED' }));
    show(<BorrowButton book={book} />);
    fireEvent.click(await screen.findByRole('button', { name: en.borrow.borrow }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/borrowing limit of 3 books/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: en.borrow.request })).toBeNull();
  });

  it('says an overdue book must come back first instead of offering the request', async () => {
    signIn();
    answerContext(makeContext({ blocked_by: 'OVERDUE_LOANS' }));
    show(<BorrowButton book={book} />);
    fireEvent.click(await screen.findByRole('button', { name: en.borrow.borrow }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(catalogues.en.errors.codes.OVERDUE_LOANS)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: en.borrow.request })).toBeNull();
  });

  it("shows the reader's request of the book with its state and Cancel request", async () => {
    signIn();
    answerContext(makeContext({ loan: makeLoan(), blocked_by: 'ALREADY_REQUESTED' }));
    show(<BorrowButton book={book} />);
    expect((await screen.findByTestId('book-loan-state')).textContent).toBe(en.state.requested);
    expect(screen.getByRole('button', { name: `${en.actions.cancel}: ${book.title}` })).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.borrow.borrow })).toBeNull();
  });
});
