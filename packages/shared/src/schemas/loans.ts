import { z } from 'zod';
import {
  COPY_STATUSES,
  DENIAL_REASON_MAX,
  HOLD_STATUSES,
  LOAN_ACTIONS,
  LOAN_STATUSES,
  RENEWAL_REFUSALS,
  RETURN_CONDITIONS,
} from '../lending.js';

/**
 * Lending by shipment (ADR 0014): the reader's loans under /api/loans, the desk's under
 * /api/admin/loans, and a book's copies under /api/admin/books/{id}/copies. Validation messages are
 * i18n keys, shown in the reader's language by the client.
 */

export const LOAN_TEXT_LIMITS = {
  carrierMax: 100,
  trackingMax: 100,
  noteMax: 500,
  denialReasonMax: DENIAL_REASON_MAX,
  barcodeMax: 40,
  conditionNoteMax: 500,
  copiesAddMax: 50,
  bulkMax: 100,
  returnAddressLineMax: 200,
} as const;

export const LOANS_PAGE_SIZE = 15;
export const DESK_PAGE_SIZE = 20;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation.tooLong')
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value));

const pageQuery = (size: number) => ({
  limit: z.coerce.number().int().min(1).max(100).default(size),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** The address the parcel went to: a copy of the reader's address when they asked. */
export const ShippingAddressSchema = z.object({
  name: z.string().nullable(),
  address_line_1: z.string(),
  address_line_2: z.string().nullable(),
  city: z.string(),
  state_province: z.string(),
  postal_code: z.string(),
  country: z.string(),
  phone_number: z.string().nullable(),
});
export type ShippingAddress = z.infer<typeof ShippingAddressSchema>;

export const LoanBookSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  title_ar: z.string().nullable(),
  author: z.string().nullable(),
  author_ar: z.string().nullable(),
  cover_url: z.string().nullable(),
  /** The key of the book's first category: the colour of its generated cover, as on the shelves. */
  category_key: z.string().nullable(),
});
export type LoanBook = z.infer<typeof LoanBookSchema>;

export const LoanCopySchema = z.object({ id: z.uuid(), barcode: z.string() });

/** The reader's view of a loan. */
export const LoanSchema = z.object({
  id: z.uuid(),
  status: z.enum(LOAN_STATUSES),
  book: LoanBookSchema,
  copy: LoanCopySchema.nullable(),
  shipping_address: ShippingAddressSchema,
  /** The language the reader asked in: their notifications, e-mails and slip use it. */
  locale: z.enum(['en', 'ar']),
  requested_at: z.string(),
  approved_at: z.string().nullable(),
  denied_at: z.string().nullable(),
  denial_reason: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  shipped_at: z.string().nullable(),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  delivered_at: z.string().nullable(),
  due_date: z.string().nullable(),
  return_shipped_at: z.string().nullable(),
  return_carrier: z.string().nullable(),
  return_tracking_number: z.string().nullable(),
  returned_at: z.string().nullable(),
  return_condition: z.enum(RETURN_CONDITIONS).nullable(),
  lost_at: z.string().nullable(),
  overdue: z.boolean(),
  /** Renewals this loan has had, and the most the library allows. */
  renewal_count: z.number().int().min(0),
  renewals_max: z.number().int().min(0),
  /** Why a renewal would be refused now (null: it would be granted, or the loan is not on loan). */
  renew_blocked_by: z.enum(RENEWAL_REFUSALS).nullable(),
  /**
   * A copy offered from the waiting list: the reader confirms by this time, or the next reader
   * gets it (null for an ordinary request). `confirmed_at` once they did.
   */
  confirm_by: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  /** What the caller may do next (the shared state machine, for buttons). */
  actions: z.array(z.enum(LOAN_ACTIONS)),
});
export type Loan = z.infer<typeof LoanSchema>;

export const LoanListSchema = z.object({
  items: z.array(LoanSchema),
  total: z.number().int().min(0),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type LoanList = z.infer<typeof LoanListSchema>;

/** `GET /api/loans?scope=`: current (requests and loans not yet over) or history (over), newest first. */
export const LOAN_SCOPES = ['current', 'history'] as const;
export const LoanListQuerySchema = z.object({
  scope: z.enum(LOAN_SCOPES).default('current'),
  ...pageQuery(LOANS_PAGE_SIZE),
});
export type LoanListQuery = z.infer<typeof LoanListQuerySchema>;

/**
 * Ask for a book. `locale` is the language of the app the reader asked in (else the server takes
 * Accept-Language): their notifications, e-mails and packing slip for this loan use it.
 */
export const LoanRequestSchema = z.object({
  book_id: z.uuid('validation.invalidInput'),
  locale: z.enum(['en', 'ar']).optional(),
});
export type LoanRequest = z.infer<typeof LoanRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Waiting lists (ADR 0016)
// ---------------------------------------------------------------------------------------------

export const HOLD_REASON_MAX = 500;

/** A reader's place on a book's waiting list. */
export const HoldSchema = z.object({
  id: z.uuid(),
  status: z.enum(HOLD_STATUSES),
  book: LoanBookSchema,
  /** 1 = next in line (null once the hold is no longer waiting). */
  position: z.number().int().min(1).nullable(),
  /** Readers on the list. */
  queue_length: z.number().int().min(0),
  /** An estimate in days from the due dates of the loans out (null: no copy will come back). */
  estimated_days: z.number().int().min(0).nullable(),
  created_at: z.string(),
  /** The loan a copy offered to this reader made, to confirm by `confirm_by`. */
  loan_id: z.uuid().nullable(),
  confirm_by: z.string().nullable(),
  /** Why the desk removed it, when it did. */
  reason: z.string().nullable(),
});
export type Hold = z.infer<typeof HoldSchema>;

export const HoldListSchema = z.object({ items: z.array(HoldSchema) });
export type HoldList = z.infer<typeof HoldListSchema>;

export const HoldRequestSchema = z.object({
  book_id: z.uuid('validation.invalidInput'),
  locale: z.enum(['en', 'ar']).optional(),
});
export type HoldRequest = z.infer<typeof HoldRequestSchema>;

/** The desk's view of a book's waiting list, in order. */
export const DeskHoldSchema = HoldSchema.extend({
  patron: z.object({ id: z.uuid(), name: z.string().nullable(), email: z.string() }),
});
export type DeskHold = z.infer<typeof DeskHoldSchema>;
export const DeskHoldListSchema = z.object({ items: z.array(DeskHoldSchema) });
export type DeskHoldList = z.infer<typeof DeskHoldListSchema>;

/** The desk puts a book's waiting list in a new order: every open hold's id, first in line first. */
export const HoldOrderSchema = z.object({
  ids: z.array(z.uuid('validation.invalidInput')).min(1, 'validation.required').max(500, 'validation.tooLong'),
});
export const HoldRemoveSchema = z.object({
  reason: z.string().trim().min(1, 'validation.required').max(HOLD_REASON_MAX, 'validation.tooLong'),
});

/** `GET /api/loans/for-book/{bookId}`: everything the book page needs to offer "Borrow". */
export const BorrowContextSchema = z.object({
  /** The caller's active loan or request for this book, if any. */
  loan: LoanSchema.nullable(),
  copies_total: z.number().int().min(0),
  copies_available: z.number().int().min(0),
  /** Where a request would be shipped; null when the profile's address is not complete. */
  shipping_address: ShippingAddressSchema.nullable(),
  loan_period_days: z.number().int().min(1),
  borrowing_limit: z.number().int().min(1),
  /** Loans counted against the limit now (requested, approved, shipped, on loan). */
  open_loans: z.number().int().min(0),
  /** Why a request would be refused now, or null when it can be made. */
  blocked_by: z
    .enum([
      'EMAIL_NOT_VERIFIED',
      'ADDRESS_REQUIRED',
      'BORROWING_LIMIT_REACHED',
      'NO_COPY_AVAILABLE',
      'ALREADY_REQUESTED',
      'ACCOUNT_DISABLED',
      'OVERDUE_LOANS',
    ])
    .nullable(),
  /** The caller's place on the book's waiting list, if they have one. */
  hold: HoldSchema.nullable(),
  /** Open holds on the book (its waiting list's length), and the library's limit per reader. */
  waiting: z.number().int().min(0),
  holds_per_reader: z.number().int().min(1),
  /** Why joining the waiting list would be refused now, or null when it can be joined. */
  hold_blocked_by: z
    .enum([
      'ADDRESS_REQUIRED',
      'ACCOUNT_DISABLED',
      'EMAIL_NOT_VERIFIED',
      'COPY_AVAILABLE',
      'ALREADY_REQUESTED',
      'ALREADY_ON_WAITING_LIST',
      'HOLD_LIMIT_REACHED',
      'OVERDUE_LOANS',
    ])
    .nullable(),
});
export type BorrowContext = z.infer<typeof BorrowContextSchema>;

/** The reader says the parcel is on its way back (tracking optional). */
export const SendBackSchema = z.object({
  carrier: optionalText(LOAN_TEXT_LIMITS.carrierMax),
  tracking_number: optionalText(LOAN_TEXT_LIMITS.trackingMax),
});
export type SendBackInput = z.input<typeof SendBackSchema>;

export const LoanIdSchema = z.uuid('validation.invalidInput');

// ---------------------------------------------------------------------------------------------
// The desk
// ---------------------------------------------------------------------------------------------

/** The desk's queues, in the order a loan moves through them. */
export const DESK_QUEUES = ['requests', 'to_ship', 'in_transit', 'on_loan', 'returning', 'overdue', 'closed'] as const;
export type DeskQueue = (typeof DESK_QUEUES)[number];

export const DESK_SORTS = ['requested_at', 'updated_at', 'due_date', 'patron', 'book'] as const;

export const DeskQuerySchema = z.object({
  queue: z.enum(DESK_QUEUES).default('requests'),
  /** Patron name or e-mail, book title (either language) or copy barcode. */
  q: z.string().trim().max(200, 'validation.tooLong').optional(),
  user_id: z.uuid('validation.invalidInput').optional(),
  sort: z.enum(DESK_SORTS).default('requested_at'),
  order: z.enum(['asc', 'desc']).default('asc'),
  ...pageQuery(DESK_PAGE_SIZE),
});
export type DeskQuery = z.infer<typeof DeskQuerySchema>;

export const DeskPatronSchema = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  email: z.string(),
  phone_number: z.string().nullable(),
});

export const DeskLoanSchema = LoanSchema.extend({
  patron: DeskPatronSchema,
  updated_at: z.string(),
  /** Overdue notices sent for this loan so far, and when the last one went. */
  overdue_notices: z.number().int().min(0),
  last_notice_at: z.string().nullable(),
});
export type DeskLoan = z.infer<typeof DeskLoanSchema>;

export const DeskLoanListSchema = z.object({
  items: z.array(DeskLoanSchema),
  total: z.number().int().min(0),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type DeskLoanList = z.infer<typeof DeskLoanListSchema>;

export const DeskCountsSchema = z.object(
  Object.fromEntries(DESK_QUEUES.map((queue) => [queue, z.number().int().min(0)])) as Record<DeskQueue, z.ZodNumber>,
);
export type DeskCounts = z.infer<typeof DeskCountsSchema>;

/**
 * What a loan's history records: the request, each action of the state machine, a due date the
 * desk moved, and the notices the library sent (no actor: the library's scheduled job).
 */
export const LOAN_EVENT_ACTIONS = [
  'request',
  ...LOAN_ACTIONS,
  'change_due_date',
  'due_reminder',
  'overdue_notice',
  'offer',
  'confirm',
  'expire',
] as const;
export type LoanEventAction = (typeof LOAN_EVENT_ACTIONS)[number];

export const LoanEventSchema = z.object({
  id: z.uuid(),
  action: z.enum(LOAN_EVENT_ACTIONS),
  from_status: z.enum(LOAN_STATUSES).nullable(),
  to_status: z.enum(LOAN_STATUSES),
  actor: z.object({ id: z.uuid(), name: z.string().nullable(), email: z.string() }).nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type LoanEvent = z.infer<typeof LoanEventSchema>;

/** One loan for the desk, with its history and the copies the desk could choose on approval. */
export const DeskLoanDetailSchema = DeskLoanSchema.extend({
  events: z.array(LoanEventSchema),
  available_copies: z.array(LoanCopySchema),
});
export type DeskLoanDetail = z.infer<typeof DeskLoanDetailSchema>;

export const ApproveSchema = z.object({ copy_id: z.uuid('validation.invalidInput').optional() });
export const DenySchema = z.object({
  reason: z.string().trim().min(1, 'validation.required').max(LOAN_TEXT_LIMITS.denialReasonMax, 'validation.tooLong'),
});
export const ShipSchema = z.object({
  carrier: optionalText(LOAN_TEXT_LIMITS.carrierMax),
  tracking_number: optionalText(LOAN_TEXT_LIMITS.trackingMax),
});
export const ReceiveSchema = z.object({
  condition: z.enum(RETURN_CONDITIONS).default('good'),
  note: optionalText(LOAN_TEXT_LIMITS.noteMax),
});
export const NoteSchema = z.object({ note: optionalText(LOAN_TEXT_LIMITS.noteMax) });

/**
 * A renewal. The reader sends nothing; the desk may add a note, and may `override` the library's
 * rules (renewals used up, overdue) — only with a note saying why.
 */
export const RenewSchema = z
  .object({
    note: optionalText(LOAN_TEXT_LIMITS.noteMax),
    override: z.boolean().default(false),
  })
  .refine((value) => !value.override || value.note !== null, { path: ['note'], message: 'validation.required' });
export type RenewInput = z.input<typeof RenewSchema>;

/** The desk moves a loan's due date (a calendar day; the loan is due at its end, UTC), with a note. */
export const DueDateSchema = z.object({
  due_date: z.iso.date('validation.invalidInput'),
  note: z.string().trim().min(1, 'validation.required').max(LOAN_TEXT_LIMITS.noteMax, 'validation.tooLong'),
});
export type DueDateInput = z.input<typeof DueDateSchema>;

export const BulkActionSchema = z.object({
  action: z.enum(['approve', 'ship']),
  ids: z.array(LoanIdSchema).min(1, 'validation.required').max(LOAN_TEXT_LIMITS.bulkMax, 'validation.tooLong'),
});
export type BulkActionInput = z.input<typeof BulkActionSchema>;
/** Each loan of a bulk action on its own: one refused loan does not undo the others. */
export const BulkResultSchema = z.object({
  results: z.array(
    z.object({
      id: z.uuid(),
      ok: z.boolean(),
      code: z.string().nullable(),
      status: z.enum(LOAN_STATUSES).nullable(),
    }),
  ),
});
export type BulkResult = z.infer<typeof BulkResultSchema>;

// ---------------------------------------------------------------------------------------------
// The packing slip and the library's lending settings
// ---------------------------------------------------------------------------------------------

export const ReturnAddressSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(LOAN_TEXT_LIMITS.returnAddressLineMax, 'validation.tooLong'),
  lines: z
    .array(
      z.string().trim().min(1, 'validation.required').max(LOAN_TEXT_LIMITS.returnAddressLineMax, 'validation.tooLong'),
    )
    .min(1, 'validation.required')
    .max(6, 'validation.tooLong'),
});
export type ReturnAddress = z.infer<typeof ReturnAddressSchema>;

const count = (min: number, max: number) =>
  z.coerce
    .number()
    .int('validation.invalidInput')
    .min(min, 'validation.invalidInput')
    .max(max, 'validation.invalidInput');

export const LendingSettingsSchema = z.object({
  loan_period_days: z.coerce
    .number()
    .int('validation.invalidInput')
    .min(1, 'validation.invalidInput')
    .max(365, 'validation.invalidInput'),
  default_borrowing_limit: z.coerce
    .number()
    .int('validation.invalidInput')
    .min(1, 'validation.invalidInput')
    .max(100, 'validation.invalidInput'),
  /** Renewals a loan may have (0: no renewals). */
  renewals_max: count(0, 20),
  /** Days after the due date during which a reader may still renew. */
  renewal_grace_days: count(0, 60),
  /** Days before the due date that the reminder goes out (0: none). */
  reminder_days_before: count(0, 30),
  /** Days between overdue notices. */
  overdue_interval_days: count(1, 60),
  /** Overdue notices sent at most; the last is the final notice. */
  overdue_notices_max: count(1, 10),
  /** Whether a reader with an overdue loan may not request or renew until it is back. */
  overdue_blocks_borrowing: z.boolean(),
  /** Open holds a reader may have (ADR 0016). */
  holds_per_reader: count(1, 50).default(5),
  /** Days a reader has to confirm a copy offered from the waiting list. */
  pickup_window_days: count(1, 30).default(3),
  /** Whether a copy offered from the waiting list comes as an approved loan (else a request the desk approves). */
  holds_auto_approve: z.boolean().default(false),
  /** Null until an admin sets it; the packing slip then says it is missing. */
  return_address: ReturnAddressSchema.nullable(),
});
export type LendingSettings = z.infer<typeof LendingSettingsSchema>;

/** What one run of the lending notices job sent. */
export const NoticesRunSchema = z.object({
  reminders: z.number().int().min(0),
  overdue_notices: z.number().int().min(0),
  /** Copies offered from a waiting list whose window to confirm had passed: they went to the next reader. */
  expired_offers: z.number().int().min(0).default(0),
});
export type NoticesRun = z.infer<typeof NoticesRunSchema>;

// ---------------------------------------------------------------------------------------------
// Copies
// ---------------------------------------------------------------------------------------------

/** Copy states the desk may set by hand; the others belong to loans. */
export const MANUAL_COPY_STATUSES = ['available', 'damaged', 'lost', 'withdrawn'] as const;

export const CopySchema = z.object({
  id: z.uuid(),
  book_id: z.uuid(),
  barcode: z.string(),
  status: z.enum(COPY_STATUSES),
  condition_note: z.string().nullable(),
  created_at: z.string(),
  /** The active loan holding this copy, if any. */
  loan_id: z.uuid().nullable(),
});
export type Copy = z.infer<typeof CopySchema>;

export const CopyListSchema = z.object({ items: z.array(CopySchema) });

const BarcodeSchema = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(LOAN_TEXT_LIMITS.barcodeMax, 'validation.tooLong')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'validation.copies.barcode');

/**
 * Add copies: one with a chosen barcode, or `count` with barcodes the library assigns (a chosen
 * barcode names one copy, so it goes with a count of one).
 */
export const CopyCreateSchema = z
  .object({
    barcode: BarcodeSchema.optional(),
    count: z.coerce
      .number('validation.invalidInput')
      .int('validation.invalidInput')
      .min(1, 'validation.invalidInput')
      .max(LOAN_TEXT_LIMITS.copiesAddMax, 'validation.tooLong')
      .default(1),
    condition_note: optionalText(LOAN_TEXT_LIMITS.conditionNoteMax),
  })
  .superRefine((input, ctx) => {
    if (input.barcode && input.count !== 1) {
      ctx.addIssue({ code: 'custom', path: ['count'], message: 'validation.copies.oneBarcodeOneCopy' });
    }
  });
export type CopyCreateInput = z.input<typeof CopyCreateSchema>;

/** A copy's changes: only the fields named change; an empty or null condition note clears it. */
export const CopyUpdateSchema = z.object({
  barcode: BarcodeSchema.optional(),
  condition_note: z
    .string()
    .trim()
    .max(LOAN_TEXT_LIMITS.conditionNoteMax, 'validation.tooLong')
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value)),
  status: z.enum(MANUAL_COPY_STATUSES).optional(),
});
export type CopyUpdateInput = z.input<typeof CopyUpdateSchema>;
