import { catalogues } from '@maktaba/shared/i18n/index';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp, resetAppBetweenTests } from '../../../lib/test-app';
import { holdFetch } from '../../../lib/test-held-fetch';
import { BorrowDialog } from './borrow-dialog';
import { LoanActions } from './loan-actions';
import { makeContext, makeLoan } from './test-loan';

/*
 * A request or a cancellation is told even when the answer has already replaced what asked: on the
 * book page, a request's answer puts the loan where the Borrow dialog was, and a cancellation's puts
 * Borrow back where the loan's buttons were.
 */

const en = catalogues.en.loans;

function show(children: ReactNode) {
  return renderInApp(children);
}

resetAppBetweenTests();

describe('a loan change whose asker is gone before the answer', () => {
  it('says the request was sent, and closes the dialog it came from', async () => {
    const success = vi.spyOn(toast, 'success');
    const onOpenChange = vi.fn();
    const server = holdFetch();
    const loan = makeLoan();
    const { unmount } = show(
      <BorrowDialog
        open
        onOpenChange={onOpenChange}
        bookId={loan.book.id}
        title="The Beginning of Guidance"
        context={makeContext()}
        readerName="Zahra Haidari"
      />,
    );
    fireEvent.click(await screen.findByTestId('borrow-submit'));
    await server.held('POST /api/loans');
    unmount();
    await server.release('POST /api/loans', { status: 201, body: loan });
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith(en.toast.requested));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('says the request was cancelled though the loan’s buttons are gone', async () => {
    const success = vi.spyOn(toast, 'success');
    const server = holdFetch();
    const loan = makeLoan({ actions: ['cancel'] });
    const { unmount } = show(<LoanActions loan={loan} title="The Beginning of Guidance" />);
    fireEvent.click(screen.getByTestId('loan-cancel'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: en.cancel.confirm }));
    await server.held(`POST /api/loans/${loan.id}/cancel`);
    unmount();
    await server.release(`POST /api/loans/${loan.id}/cancel`, {
      status: 200,
      body: { ...loan, status: 'cancelled', actions: [] },
    });
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith(en.toast.cancel));
  });
});
