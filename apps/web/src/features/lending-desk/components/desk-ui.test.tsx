import { catalogues } from '@maktaba/shared/i18n/index';
import type { DeskLoanDetail, LendingSettings } from '@maktaba/shared/schemas/loans';
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
import { changeValue } from '../../../lib/test-events';
import { deskActionsOf, dueDateAfterRenewal, isoDay, noticeNumber } from '../lib/loan-text';
import { LendingSettingsPage } from './lending-settings-page';
import { LoanActionDialog } from './loan-action-dialog';
import { makeLoan } from './test-loan';

const en = catalogues.en.desk;
const DAY = 86_400_000;

const SETTINGS = {
  loan_period_days: 21,
  default_borrowing_limit: 3,
  renewals_max: 2,
  renewal_grace_days: 3,
  reminder_days_before: 3,
  overdue_interval_days: 7,
  overdue_notices_max: 3,
  overdue_blocks_borrowing: true,
  holds_per_reader: 5,
  pickup_window_days: 3,
  holds_auto_approve: false,
  return_address: null,
} as LendingSettings;

function deskLoan(overrides: Partial<DeskLoanDetail> = {}): DeskLoanDetail {
  return {
    ...makeLoan({
      status: 'on_loan',
      delivered_at: '2026-11-23T10:00:00.000Z',
      due_date: '2026-12-14T10:00:00.000Z',
      actions: ['send_back', 'receive', 'mark_lost', 'renew'],
    }),
    patron: {
      id: '9d4f3c1e-5d2a-4c8e-9f1a-2b3c4d5e6f74',
      name: 'Zahra Haidari',
      email: 'z@example.org',
      phone_number: null,
    },
    updated_at: '2026-11-23T10:00:00.000Z',
    overdue_notices: 0,
    last_notice_at: null,
    events: [],
    available_copies: [],
    ...overrides,
  };
}

/** Answers the settings, and records every other request with the given answer. */
function answer(body: unknown, status = 200) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
    url.endsWith('/admin/lending-settings')
      ? new Response(JSON.stringify(SETTINGS), { status: 200 })
      : new Response(JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function show(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <Toaster />
          {children}
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const sentBody = (fetchMock: ReturnType<typeof answer>, path: string) => {
  const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith(path)) as unknown as
    | [string, RequestInit]
    | undefined;
  return call ? JSON.parse(String(call[1].body)) : undefined;
};

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  await setLanguage('en');
});

describe("the desk's view of a loan", () => {
  it('offers Renew as the state machine allows, and Change due date to any loan on loan', () => {
    expect(deskActionsOf({ status: 'on_loan', actions: ['send_back', 'receive', 'mark_lost', 'renew'] })).toEqual([
      'renew',
      'change_due_date',
      'send_back',
      'receive',
      'mark_lost',
    ]);
    expect(deskActionsOf({ status: 'return_shipped', actions: ['receive', 'mark_lost'] })).toEqual([
      'receive',
      'mark_lost',
    ]);
  });

  it('gives a renewal a full period from the due date, or from today when it is past', () => {
    const now = new Date('2026-12-01T10:00:00Z');
    expect(dueDateAfterRenewal('2026-12-14T10:00:00Z', now, 21).toISOString()).toBe('2027-01-04T10:00:00.000Z');
    expect(dueDateAfterRenewal('2026-11-28T10:00:00Z', now, 21).toISOString()).toBe('2026-12-22T10:00:00.000Z');
    expect(isoDay('2026-12-14T23:59:59Z')).toBe('2026-12-14');
  });

  it("reads an overdue notice's note as which notice it was", () => {
    expect(noticeNumber('2/3')).toEqual({ number: 2, max: 3 });
    expect(noticeNumber('a note')).toBeNull();
    expect(noticeNumber(null)).toBeNull();
  });
});

describe('the renew dialog', () => {
  it('says the date the loan will be due, and renews', async () => {
    const due = new Date(Date.now() + 5 * DAY);
    const loan = deskLoan({ due_date: due.toISOString() });
    const after = new Date(due.getTime() + 21 * DAY);
    const fetchMock = answer({ ...loan, renewal_count: 1, due_date: after.toISOString() });
    show(<LoanActionDialog loan={loan} action="renew" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: en.renew.title });
    const date = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(after);
    await waitFor(() => expect(within(dialog).getByTestId('renew-new-due').textContent).toBe(date));
    expect(within(dialog).queryByTestId('renew-refusal')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: en.renew.confirm }));
    expect(await screen.findByText(`Loan renewed: now due on ${date}`)).toBeTruthy();
    expect(sentBody(fetchMock, '/renew')).toEqual({});
  });

  it('shows why the rules refuse it, and asks for a note to override them', async () => {
    const loan = deskLoan({ renewal_count: 2, renew_blocked_by: 'RENEWAL_LIMIT_REACHED' });
    const fetchMock = answer({ ...loan, renewal_count: 3 });
    show(<LoanActionDialog loan={loan} action="renew" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: en.renew.title });
    expect(within(dialog).getByTestId('renew-refusal').textContent).toBe(en.renew.reasons.RENEWAL_LIMIT_REACHED);
    fireEvent.click(within(dialog).getByLabelText(en.renew.override));
    fireEvent.click(within(dialog).getByRole('button', { name: en.renew.confirm }));
    const note = within(dialog).getByLabelText(en.renew.note);
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText(catalogues.en.validation.required)).toBeTruthy();
    expect(sentBody(fetchMock, '/renew')).toBeUndefined();
    changeValue(note, 'Needed for a thesis');
    fireEvent.click(within(dialog).getByRole('button', { name: en.renew.confirm }));
    await waitFor(() => expect(sentBody(fetchMock, '/renew')).toEqual({ note: 'Needed for a thesis', override: true }));
  });
});

describe('the change due date dialog', () => {
  it('starts from the current due date, needs a note, and sends the new date', async () => {
    const loan = deskLoan();
    const fetchMock = answer({ ...loan, due_date: '2026-12-20T23:59:59.000Z' });
    show(<LoanActionDialog loan={loan} action="change_due_date" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: en.dueDate.title });
    const date = within(dialog).getByLabelText(en.dueDate.date) as HTMLInputElement;
    expect(date.type).toBe('date');
    expect(date.value).toBe('2026-12-14');
    changeValue(date, '2026-12-20');
    fireEvent.click(within(dialog).getByRole('button', { name: en.dueDate.confirm }));
    expect(within(dialog).getByLabelText(en.renew.note).getAttribute('aria-invalid')).toBe('true');
    changeValue(within(dialog).getByLabelText(en.renew.note), 'Reader asked by phone');
    fireEvent.click(within(dialog).getByRole('button', { name: en.dueDate.confirm }));
    expect(await screen.findByText('Due date changed to Dec 20, 2026')).toBeTruthy();
    expect(sentBody(fetchMock, '/due-date')).toEqual({ due_date: '2026-12-20', note: 'Reader asked by phone' });
  });
});

describe('the lending settings page', () => {
  function signInAs(role: 'admin' | 'librarian') {
    const state = transition(initialAuthState, { type: 'INITIALIZED', auth: makeAuth(), profileComplete: true });
    useAuthStore.setState({ ...state, role });
  }

  it('groups the settings, checks them with the schema, and lets an admin send the notices now', async () => {
    signInAs('admin');
    const fetchMock = answer({ reminders: 2, overdue_notices: 1 });
    show(<LendingSettingsPage />);
    for (const legend of Object.values(en.settings.groups))
      expect(await screen.findByRole('group', { name: legend })).toBeTruthy();
    const renewals = screen.getByLabelText(en.settings.renewalsMax) as HTMLInputElement;
    expect(renewals.value).toBe('2');
    expect(renewals).toHaveProperty('type', 'number');
    expect((screen.getByLabelText(en.settings.overdueBlocks) as HTMLInputElement).checked).toBe(true);
    changeValue(renewals, '21');
    fireEvent.click(screen.getByRole('button', { name: en.settings.save }));
    expect(renewals.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(renewals);

    // The waiting lists' settings: shown, checked by the same schema, sent back with the rest.
    const pickup = screen.getByLabelText(en.settings.pickupWindow) as HTMLInputElement;
    expect(pickup.value).toBe('3');
    expect((screen.getByLabelText(en.settings.holdsPerReader) as HTMLInputElement).value).toBe('5');
    expect(screen.getByText(en.settings.pickupWindowHint)).toBeTruthy();
    changeValue(renewals, '2');
    changeValue(pickup, '31');
    fireEvent.click(screen.getByRole('button', { name: en.settings.save }));
    expect(pickup.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    changeValue(pickup, '7');
    fireEvent.click(screen.getByLabelText(en.settings.holdsAutoApprove));
    fireEvent.click(screen.getByRole('button', { name: en.settings.save }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/admin/lending-settings',
        expect.objectContaining({ method: 'PUT', body: expect.stringContaining('"pickup_window_days":7') }),
      ),
    );
    const put = fetchMock.mock.calls.find(
      ([, init]) => (init as RequestInit | undefined)?.method === 'PUT',
    ) as unknown as [string, RequestInit];
    expect(JSON.parse(String(put[1].body))).toMatchObject({ holds_per_reader: 5, holds_auto_approve: true });

    fireEvent.click(screen.getByRole('button', { name: en.settings.runNotices.button }));
    expect(await screen.findByText('Sent 2 reminders and one overdue notice.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/admin/lending-jobs/notices/run',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('shows a librarian the settings without a way to change them or send notices', async () => {
    signInAs('librarian');
    answer({});
    show(<LendingSettingsPage />);
    expect(await screen.findByText(en.settings.readOnly)).toBeTruthy();
    expect(screen.getByLabelText(en.settings.noticesMax).matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: en.settings.runNotices.button })).toBeNull();
  });
});
