import { catalogues } from '@maktaba/shared/i18n/index';
import type { DeskHold } from '@maktaba/shared/schemas/loans';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { initialAuthState, transition } from '../../../lib/auth/auth-machine';
import { makeAuth } from '../../../lib/auth/test-fixtures';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { renderInApp, resetAppBetweenTests } from '../../../lib/test-app';
import { changeValue } from '../../../lib/test-events';
import { holdFetch } from '../../../lib/test-held-fetch';
import { makeLoan } from './test-loan';
import { WaitingListPage } from './waiting-list-page';

const en = catalogues.en.desk.holds;
const BOOK = '7b2f3c1e-5d2a-4c8e-9f1a-2b3c4d5e6f72';
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

const hold: DeskHold = {
  id: '00000000-0000-4000-8000-000000000001',
  status: 'waiting',
  book: makeLoan().book,
  position: 1,
  queue_length: 1,
  estimated_days: 5,
  created_at: '2026-11-20T10:00:00.000Z',
  loan_id: null,
  confirm_by: null,
  reason: null,
  patron: { id: '10000000-0000-4000-8000-000000000001', name: 'Reader 1', email: 'r1@example.org' },
};

resetAppBetweenTests();

describe('removing a hold from a waiting list', () => {
  it('says the reader was removed though the dialog is gone, as it goes with the last hold of the list', async () => {
    const state = transition(initialAuthState, { type: 'INITIALIZED', auth: makeAuth(), profileComplete: true });
    useAuthStore.setState({ ...state, role: 'librarian' });
    const success = vi.spyOn(toast, 'success');
    const server = holdFetch({
      [`GET /api/admin/books/${BOOK}/holds`]: () => ({ status: 200, body: { items: [hold] } }),
    });
    const { unmount } = renderInApp(
      <Routes>
        <Route path="/library/books/:bookId/holds" element={<WaitingListPage />} />
      </Routes>,
      { path: `/library/books/${BOOK}/holds` },
    );
    fireEvent.click(await screen.findByRole('button', { name: fill(en.removeLabel, { name: 'Reader 1' }) }));
    const dialog = await screen.findByRole('dialog');
    changeValue(within(dialog).getByLabelText(en.reason), 'Asked to leave the list');
    fireEvent.click(within(dialog).getByRole('button', { name: en.removeConfirm }));
    await server.held(`POST /api/admin/holds/${hold.id}/remove`);
    unmount();
    await server.release(`POST /api/admin/holds/${hold.id}/remove`, { status: 204 });
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith(fill(en.removed, { name: 'Reader 1' })));
  });
});
