import { catalogues } from '@maktaba/shared/i18n/index';
import type { Finding, FindingsPage, ValidationRun } from '@maktaba/shared/schemas/source-validation';
import { fireEvent, screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp, resetAppBetweenTests } from '../../../lib/test-app';
import { holdFetch } from '../../../lib/test-held-fetch';
import { SourceValidationPage } from './source-validation-page';

const t = catalogues.en.sourceValidation;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const book = (n: number, title: string) => ({
  id: id(n),
  type: 'book' as const,
  title_en: title,
  title_ar: null,
  authors: [],
  external_id: null,
  copies: 1,
  bookmarks: 0,
  loans: 0,
  created_at: '2026-01-01T00:00:00.000Z',
});
const run: ValidationRun = {
  id: id(1),
  status: 'done',
  started_by: null,
  checked: 10,
  total: 10,
  counts: {
    missing_title_en: 0,
    missing_title_ar: 0,
    no_author: 0,
    no_category: 0,
    no_cover: 0,
    no_copies: 0,
    duplicate: 1,
    broken_external_id: 0,
    author_without_books: 0,
    category_without_books: 0,
  },
  error: null,
  heartbeat_at: '2026-11-27T10:00:00.000Z',
  started_at: '2026-11-27T10:00:00.000Z',
  finished_at: '2026-11-27T10:00:01.000Z',
};
const duplicate: Finding = {
  id: 1,
  kind: 'duplicate',
  target_type: 'book',
  target_id: id(10),
  related_id: id(99),
  details: {},
  record: book(10, 'Newer copy'),
  related: book(99, 'Older'),
};
const page = (items: Finding[]): FindingsPage => ({ items, page: 1, page_size: 25, total: items.length });

/**
 * Preact ends an unmounted component's effects (its subscription to a mutation among them) after the
 * next paint, as React does; the answer that comes later finds it gone.
 */
const afterPaint = () => new Promise((resolve) => setTimeout(resolve, 50));

resetAppBetweenTests();

describe('merging a duplicate', () => {
  it('says the books were merged though the page of findings holding the dialog emptied first', async () => {
    const success = vi.spyOn(toast, 'success');
    let merged = false;
    let latestReads = 0;
    const server = holdFetch({
      // The run is read again after the merge too: that answer waits, the findings' comes at once.
      'GET /api/admin/source-validation/runs/latest': () =>
        latestReads++ === 0 ? { status: 200, body: { run } } : null,
      [`GET /api/admin/source-validation/runs/${run.id}/findings?page=1`]: () => ({
        status: 200,
        body: page(merged ? [] : [duplicate]),
      }),
      [`POST /api/admin/books/${id(99)}/merge`]: () => {
        merged = true;
        return { status: 200, body: {} };
      },
    });
    renderInApp(<SourceValidationPage />, { path: '/admin/source-validation' });
    fireEvent.click(await screen.findByTestId('merge-button'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: t.merge.confirm }));
    // The findings, read again, no longer hold the duplicate: the table, and the dialog with it, are gone.
    expect(await screen.findByTestId('kind-empty')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await afterPaint();
    await server.release('GET /api/admin/source-validation/runs/latest', { status: 200, body: { run } });
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith(t.merge.done.replace('{{keeper}}', 'Older')));
  });
});
