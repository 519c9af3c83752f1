import { catalogues } from '@maktaba/shared/i18n/index';
import type { Role } from '@maktaba/shared/permissions';
import { fireEvent, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp, resetAppBetweenTests } from '../../../lib/test-app';
import { holdFetch } from '../../../lib/test-held-fetch';
import { makeQuote } from '../lib/test-quote';
import { ReviewActions } from './review-actions';

const en = catalogues.en.quotes;

function show(quote = makeQuote()) {
  const noop = () => {};
  const role: Role = 'librarian';
  return renderInApp(<ReviewActions quote={quote} role={role} onReturn={noop} onEdit={noop} onDelete={noop} />);
}

resetAppBetweenTests();

describe('the review actions', () => {
  it('say a quote was approved though approving took it out of the pending queue before the answer', async () => {
    const success = vi.spyOn(toast, 'success');
    const server = holdFetch();
    const quote = makeQuote({ status: 'pending' });
    const { unmount } = show(quote);
    fireEvent.click(screen.getByRole('button', { name: en.review.approve }));
    await server.held(`POST /api/quotes/${quote.id}/approve`);
    unmount();
    await server.release(`POST /api/quotes/${quote.id}/approve`, {
      status: 200,
      body: { ...quote, status: 'approved' },
    });
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith(en.review.approved));
  });

  it('say why archiving failed though the quote’s row is gone', async () => {
    const failure = vi.spyOn(toast, 'error');
    const server = holdFetch();
    const quote = makeQuote({ status: 'approved' });
    const { unmount } = show(quote);
    fireEvent.click(screen.getByRole('button', { name: en.review.archive }));
    await server.held(`POST /api/quotes/${quote.id}/archive`);
    unmount();
    await server.release(`POST /api/quotes/${quote.id}/archive`, {
      status: 500,
      body: { error: { code: 'INTERNAL', message: 'down' } },
    });
    await vi.waitFor(() => expect(failure).toHaveBeenCalledWith(catalogues.en.errors.codes.INTERNAL));
  });
});
