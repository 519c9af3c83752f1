/**
 * Arranging lending in server tests: books with copies written straight into the database, and
 * loans walked through the API the way readers and the desk walk them.
 */
import crypto from 'node:crypto';
import { type Loan, LoanSchema } from '@maktaba/shared/schemas/loans';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.js';
import { bookCopies, books } from '../src/db/schema/index.js';
import type { ApiResponse } from './api-client.js';
import type { TestAccount } from './helpers.js';

/** A published book with `copies` available copies (barcodes `<prefix>-1`, …). */
export async function makeBook(
  db: Database,
  title: string,
  copies: number,
  options: { titleAr?: string; barcodePrefix?: string } = {},
) {
  const [book] = await db
    .insert(books)
    .values({ titleEn: title, titleAr: options.titleAr ?? null, status: 'approved' })
    .returning({ id: books.id });
  if (!book) throw new Error('no book');
  const prefix = options.barcodePrefix ?? `T${crypto.randomBytes(4).toString('hex')}`;
  const copyIds: string[] = [];
  for (let n = 1; n <= copies; n++) {
    const [copy] = await db
      .insert(bookCopies)
      .values({ bookId: book.id, barcode: `${prefix}-${n}` })
      .returning({ id: bookCopies.id });
    if (copy) copyIds.push(copy.id);
  }
  return { id: book.id, title, copyIds };
}

/** The body of an answer with the expected status (the body is printed when it is not). */
export function ok(response: ApiResponse, status = 200) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  return response.body;
}

type Step = 'requested' | 'approved' | 'shipped' | 'on_loan' | 'return_shipped';

/** Walks a new loan of `bookId` by `reader` to `to` along the usual path, the desk acting as `librarian`. */
export async function walkLoan(
  reader: TestAccount,
  librarian: TestAccount,
  bookId: string,
  to: Step,
  locale?: 'en' | 'ar',
): Promise<Loan> {
  const loan = LoanSchema.parse(
    ok(await reader.client.post('/api/loans', locale ? { book_id: bookId, locale } : { book_id: bookId }), 201),
  );
  const desk = (action: string, body: Record<string, unknown> = {}) =>
    librarian.client.post(`/api/admin/loans/${loan.id}/${action}`, body);
  const steps: Array<[Step, () => Promise<ApiResponse>]> = [
    ['approved', () => desk('approve')],
    ['shipped', () => desk('ship', { carrier: 'Canada Post', tracking_number: 'CP1' })],
    ['on_loan', () => reader.client.post(`/api/loans/${loan.id}/deliver`)],
    ['return_shipped', () => reader.client.post(`/api/loans/${loan.id}/send-back`, {})],
  ];
  for (const [state, step] of steps) {
    if (loan.status === to) break;
    ok(await step());
    loan.status = state;
  }
  return loan;
}
