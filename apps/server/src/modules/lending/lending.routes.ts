import { createRoute, OpenAPIHono, type z } from '@hono/zod-openapi';
import type { LoanAction } from '@maktaba/shared/lending';
import {
  ApproveSchema,
  BorrowContextSchema,
  BulkActionSchema,
  BulkResultSchema,
  DenySchema,
  DeskCountsSchema,
  DeskLoanDetailSchema,
  DeskLoanListSchema,
  DeskLoanSchema,
  DeskQuerySchema,
  DueDateSchema,
  LendingSettingsSchema,
  LoanListQuerySchema,
  LoanListSchema,
  LoanRequestSchema,
  LoanSchema,
  NoteSchema,
  NoticesRunSchema,
  ReceiveSchema,
  RenewSchema,
  SendBackSchema,
  ShipSchema,
} from '@maktaba/shared/schemas/loans';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context.js';
import { errorJson, json, jsonBody } from '../../http/openapi.js';
import { pickLocale } from '../mail/locale.js';
import {
  borrowContext,
  bulkTransition,
  changeDueDate,
  deskCounts,
  deskTransition,
  getDeskLoan,
  getLendingSettings,
  getOwnLoan,
  listDeskLoans,
  listOwnLoans,
  readerTransition,
  requestLoan,
  saveLendingSettings,
  type TransitionInput,
} from './lending.service.js';
import { IdParams, lending, noStore, refusals, route, uuidParam } from './lending-http.js';
import { runLendingNotices } from './lending-notices.js';

const BookParams = uuidParam('bookId') as z.ZodObject<{ bookId: z.ZodUUID }>;

const notFound = { 404: errorJson('No such loan (or not yours)') };
const wrongState = { 409: errorJson('WRONG_STATE: the loan is not in a state that allows this (details.status)') };

// --- The reader's routes -------------------------------------------------------------------------

const listRoute = createRoute({
  ...route(
    'get',
    '/loans',
    'Loans',
    'Your loans: current (requests and loans not over) or history, newest first',
    'checkouts.view_own',
  ),
  request: { query: LoanListQuerySchema },
  responses: { 200: json(LoanListSchema, 'A page of loans'), ...refusals },
});
const requestRoute = createRoute({
  ...route('post', '/loans', 'Loans', 'Ask for a book: holds an available copy for the request', 'checkouts.create'),
  request: jsonBody(LoanRequestSchema),
  responses: {
    201: json(LoanSchema, 'Requested'),
    404: errorJson('No such book'),
    409: errorJson('NO_COPY_AVAILABLE, ALREADY_REQUESTED or BORROWING_LIMIT_REACHED (details.limit)'),
    ...refusals,
    422: errorJson('ADDRESS_REQUIRED, or invalid input'),
  },
});
const contextRoute = createRoute({
  ...route(
    'get',
    '/loans/for-book/{bookId}',
    'Loans',
    'What the book page needs to offer "Borrow"',
    'checkouts.view_own',
  ),
  request: { params: BookParams },
  responses: { 200: json(BorrowContextSchema, 'The book and you'), 404: errorJson('No such book'), ...refusals },
});
const getRoute = createRoute({
  ...route('get', '/loans/{id}', 'Loans', 'One of your loans', 'checkouts.view_own'),
  request: { params: IdParams },
  responses: { 200: json(LoanSchema, 'The loan'), ...notFound, ...refusals },
});
const readerResponses = {
  200: json(LoanSchema, 'The loan after the action'),
  ...notFound,
  ...wrongState,
  ...refusals,
};
const readerAction = (path: string, summary: string) =>
  createRoute({
    ...route('post', `/loans/{id}/${path}`, 'Loans', summary, 'checkouts.view_own'),
    request: { params: IdParams },
    responses: readerResponses,
  });
const cancelRoute = readerAction('cancel', 'Cancel your request while it waits for approval');
const deliverRoute = readerAction('deliver', 'Confirm the book arrived: the due date starts now');
const sendBackRoute = createRoute({
  ...route(
    'post',
    '/loans/{id}/send-back',
    'Loans',
    'Say the book is on its way back (tracking optional)',
    'checkouts.view_own',
  ),
  request: { params: IdParams, ...jsonBody(SendBackSchema) },
  responses: readerResponses,
});

// --- The desk ------------------------------------------------------------------------------------

const deskListRoute = createRoute({
  ...route(
    'get',
    '/admin/loans',
    'Lending desk',
    'A queue of loans: filter, sort, 20 a page, exact count',
    'checkouts.view_all',
  ),
  request: { query: DeskQuerySchema },
  responses: { 200: json(DeskLoanListSchema, 'A page of loans'), ...refusals },
});
const countsRoute = createRoute({
  ...route('get', '/admin/loans/counts', 'Lending desk', 'How many loans each queue holds', 'checkouts.view_all'),
  responses: { 200: json(DeskCountsSchema, 'Counts'), ...refusals },
});
const deskGetRoute = createRoute({
  ...route(
    'get',
    '/admin/loans/{id}',
    'Lending desk',
    'One loan with its history and the copies it could take',
    'checkouts.view_all',
  ),
  request: { params: IdParams },
  responses: { 200: json(DeskLoanDetailSchema, 'The loan'), ...notFound, ...refusals },
});
const deskResponses = {
  200: json(DeskLoanSchema, 'The loan after the action'),
  ...notFound,
  ...wrongState,
  ...refusals,
};
const deskAction = <S extends z.ZodType>(path: string, summary: string, body: S) =>
  createRoute({
    ...route('post', `/admin/loans/{id}/${path}`, 'Lending desk', summary, 'checkouts.manage'),
    request: { params: IdParams, ...jsonBody(body) },
    responses: deskResponses,
  });
const approveRoute = deskAction(
  'approve',
  'Approve a request, with the copy it holds or another available one',
  ApproveSchema,
);
const denyRoute = deskAction('deny', 'Deny a request with a reason the reader sees', DenySchema);
const shipRoute = deskAction('ship', 'Record the parcel as sent (carrier and tracking optional)', ShipSchema);
const deskDeliverRoute = createRoute({
  ...route(
    'post',
    '/admin/loans/{id}/deliver',
    'Lending desk',
    'Record the parcel as delivered: the due date starts now',
    'checkouts.manage',
  ),
  request: { params: IdParams },
  responses: deskResponses,
});
const deskSendBackRoute = deskAction('send-back', 'Record that the reader sent the book back', SendBackSchema);
const receiveRoute = deskAction('receive', "Receive the book back and record the copy's condition", ReceiveSchema);
const lostRoute = deskAction('mark-lost', 'Close a loan as lost; the copy is lost too', NoteSchema);
const bulkRoute = createRoute({
  ...route(
    'post',
    '/admin/loans/bulk',
    'Lending desk',
    'Approve or ship several loans, each on its own',
    'checkouts.manage',
  ),
  request: jsonBody(BulkActionSchema),
  responses: { 200: json(BulkResultSchema, 'One result per loan'), ...refusals },
});
const settingsRoute = createRoute({
  ...route(
    'get',
    '/admin/lending-settings',
    'Lending desk',
    'Loan period, default borrowing limit, return address',
    'checkouts.view_all',
  ),
  responses: { 200: json(LendingSettingsSchema, 'Settings'), ...refusals },
});
const saveSettingsRoute = createRoute({
  ...route('put', '/admin/lending-settings', 'Lending desk', 'Change the lending settings', 'admin.system_settings'),
  request: jsonBody(LendingSettingsSchema),
  responses: { 200: json(LendingSettingsSchema, 'Saved'), ...refusals },
});

const readerRenewRoute = createRoute({
  ...route(
    'post',
    '/loans/{id}/renew',
    'Loans',
    "Renew a loan: another loan period, within the library's rules (refusals say which: OVERDUE_LOANS, RENEWAL_LIMIT_REACHED, RENEWAL_TOO_LATE)",
    'checkouts.view_own',
  ),
  request: { params: IdParams },
  responses: {
    200: json(LoanSchema, 'The loan with its new due date'),
    409: errorJson('WRONG_STATE, or the renewal refused (OVERDUE_LOANS, RENEWAL_LIMIT_REACHED, RENEWAL_TOO_LATE)'),
    ...notFound,
    ...refusals,
  },
});
const deskRenewRoute = createRoute({
  ...route(
    'post',
    '/admin/loans/{id}/renew',
    'Lending desk',
    "Renew a loan for its reader; `override` (with a note) renews past the library's rules",
    'checkouts.manage',
  ),
  request: { params: IdParams, ...jsonBody(RenewSchema) },
  responses: {
    200: json(DeskLoanSchema, 'The loan with its new due date'),
    409: errorJson('WRONG_STATE, or the renewal refused without override'),
    ...notFound,
    ...refusals,
  },
});
const dueDateRoute = createRoute({
  ...route(
    'post',
    '/admin/loans/{id}/due-date',
    'Lending desk',
    'Move the due date of a loan on loan (due at the end of that day, UTC), with a note; the reader is told',
    'checkouts.manage',
  ),
  request: { params: IdParams, ...jsonBody(DueDateSchema) },
  responses: { 200: json(DeskLoanSchema, 'The loan'), ...wrongState, ...notFound, ...refusals },
});
const runNoticesRoute = createRoute({
  ...route(
    'post',
    '/admin/lending-jobs/notices/run',
    'Lending desk',
    'Send the due reminders and overdue notices that are due now (the job also runs every 15 minutes)',
    'admin.system_settings',
  ),
  responses: { 200: json(NoticesRunSchema, 'What was sent'), ...refusals },
});

export const lendingRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    noStore(c);
    return c.json(await listOwnLoans(lending(c), c.get('actor'), c.req.valid('query')), 200);
  })
  .openapi(requestRoute, async (c) => {
    noStore(c);
    const body = c.req.valid('json');
    const locale = pickLocale(body.locale, c.req.header('Accept-Language'));
    return c.json(await requestLoan(lending(c), c.get('actor'), { book_id: body.book_id, locale }), 201);
  })
  .openapi(contextRoute, async (c) => {
    noStore(c);
    return c.json(await borrowContext(lending(c), c.get('actor'), c.req.valid('param').bookId), 200);
  })
  .openapi(getRoute, async (c) => {
    noStore(c);
    return c.json(await getOwnLoan(lending(c), c.get('actor'), c.req.valid('param').id), 200);
  })
  .openapi(cancelRoute, async (c) =>
    c.json(await readerTransition(lending(c), c.get('actor'), c.req.valid('param').id, 'cancel', {}), 200),
  )
  .openapi(deliverRoute, async (c) =>
    c.json(await readerTransition(lending(c), c.get('actor'), c.req.valid('param').id, 'deliver', {}), 200),
  )
  .openapi(sendBackRoute, async (c) =>
    c.json(
      await readerTransition(lending(c), c.get('actor'), c.req.valid('param').id, 'send_back', c.req.valid('json')),
      200,
    ),
  )
  .openapi(deskListRoute, async (c) => {
    noStore(c);
    return c.json(await listDeskLoans(lending(c), c.get('actor'), c.req.valid('query')), 200);
  })
  .openapi(countsRoute, async (c) => {
    noStore(c);
    return c.json(await deskCounts(lending(c)), 200);
  })
  .openapi(deskGetRoute, async (c) => {
    noStore(c);
    return c.json(await getDeskLoan(lending(c), c.get('actor'), c.req.valid('param').id), 200);
  })
  .openapi(approveRoute, async (c) =>
    c.json(await desk(c, c.req.valid('param').id, 'approve', c.req.valid('json')), 200),
  )
  .openapi(denyRoute, async (c) => c.json(await desk(c, c.req.valid('param').id, 'deny', c.req.valid('json')), 200))
  .openapi(shipRoute, async (c) => c.json(await desk(c, c.req.valid('param').id, 'ship', c.req.valid('json')), 200))
  .openapi(deskDeliverRoute, async (c) => c.json(await desk(c, c.req.valid('param').id, 'deliver', {}), 200))
  .openapi(deskSendBackRoute, async (c) =>
    c.json(await desk(c, c.req.valid('param').id, 'send_back', c.req.valid('json')), 200),
  )
  .openapi(receiveRoute, async (c) =>
    c.json(await desk(c, c.req.valid('param').id, 'receive', c.req.valid('json')), 200),
  )
  .openapi(lostRoute, async (c) =>
    c.json(await desk(c, c.req.valid('param').id, 'mark_lost', c.req.valid('json')), 200),
  )
  .openapi(bulkRoute, async (c) => {
    const { action, ids } = c.req.valid('json');
    return c.json(await bulkTransition(lending(c), c.get('actor'), action, ids), 200);
  })
  .openapi(settingsRoute, async (c) => {
    noStore(c);
    return c.json(await getLendingSettings(lending(c).db), 200);
  })
  .openapi(saveSettingsRoute, async (c) =>
    c.json(
      await saveLendingSettings(lending(c).db, c.get('actor'), c.req.valid('json'), c.get('clientIp') ?? null),
      200,
    ),
  )
  .openapi(readerRenewRoute, async (c) =>
    c.json(await readerTransition(lending(c), c.get('actor'), c.req.valid('param').id, 'renew', {}), 200),
  )
  .openapi(deskRenewRoute, async (c) => {
    const body = c.req.valid('json');
    return c.json(await desk(c, c.req.valid('param').id, 'renew', { note: body.note, override: body.override }), 200);
  })
  .openapi(dueDateRoute, async (c) =>
    c.json(await changeDueDate(lending(c), c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(runNoticesRoute, async (c) => c.json(await runLendingNotices(lending(c), new Date()), 200));

/** A desk action on a loan, with the body the route has validated. */
function desk(c: Context<AppEnv>, id: string, action: LoanAction, input: TransitionInput) {
  return deskTransition(lending(c), c.get('actor'), id, action, input);
}
