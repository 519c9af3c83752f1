import type { BorrowContext, Loan } from '@maktaba/shared/schemas/loans';

/** A loan as the server sends it to its reader; override what a test is about. */
export function makeLoan(overrides: Partial<Loan> = {}): Loan {
  return {
    id: '6a1f3c1e-5d2a-4c8e-9f1a-2b3c4d5e6f71',
    status: 'requested',
    book: {
      id: '7b2f3c1e-5d2a-4c8e-9f1a-2b3c4d5e6f72',
      title: 'The Beginning of Guidance',
      title_ar: 'بداية الهداية',
      author: 'Al-Ghazali',
      author_ar: 'الغزالي',
      cover_url: null,
      category_key: null,
    },
    copy: { id: '8c3f3c1e-5d2a-4c8e-9f1a-2b3c4d5e6f73', barcode: 'MK-000042' },
    shipping_address: {
      name: 'Zahra Haidari',
      address_line_1: '1 Library Way',
      address_line_2: null,
      city: 'Dearborn',
      state_province: 'MI',
      postal_code: '48126',
      country: 'United States',
      phone_number: '+12025550143',
    },
    locale: 'en',
    requested_at: '2026-11-20T10:00:00.000Z',
    approved_at: null,
    denied_at: null,
    denial_reason: null,
    cancelled_at: null,
    shipped_at: null,
    carrier: null,
    tracking_number: null,
    delivered_at: null,
    due_date: null,
    return_shipped_at: null,
    return_carrier: null,
    return_tracking_number: null,
    returned_at: null,
    return_condition: null,
    lost_at: null,
    overdue: false,
    renewal_count: 0,
    renewals_max: 2,
    renew_blocked_by: null,
    confirm_by: null,
    confirmed_at: null,
    actions: ['cancel'],
    ...overrides,
  };
}

export function makeContext(overrides: Partial<BorrowContext> = {}): BorrowContext {
  return {
    loan: null,
    copies_total: 2,
    copies_available: 1,
    shipping_address: makeLoan().shipping_address,
    loan_period_days: 21,
    borrowing_limit: 3,
    open_loans: 0,
    blocked_by: null,
    hold: null,
    waiting: 0,
    holds_per_reader: 5,
    hold_blocked_by: 'COPY_AVAILABLE',
    ...overrides,
  };
}
