import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  DeskHoldListSchema,
  HoldListSchema,
  HoldOrderSchema,
  HoldRemoveSchema,
  HoldRequestSchema,
  HoldSchema,
  LoanSchema,
} from '@maktaba/shared/schemas/loans';
import type { AppEnv } from '../../http/context.js';
import { errorJson, json, jsonBody } from '../../http/openapi.js';
import { pickLocale } from '../mail/locale.js';
import {
  confirmOffer,
  deskQueue,
  leaveHold,
  listOwnHolds,
  placeHold,
  removeHold,
  reorderQueue,
} from './holds.service.js';
import { getOwnLoan } from './lending.service.js';
import { IdParams, lending, noStore, refusals, route } from './lending-http.js';

/* Waiting lists (ADR 0016): the reader's holds under /api/holds, a book's queue at the desk. */

const listRoute = createRoute({
  ...route(
    'get',
    '/holds',
    'Loans',
    'Your places on waiting lists, with your position and an estimated wait',
    'checkouts.view_own',
  ),
  responses: { 200: json(HoldListSchema, 'Open holds, oldest first'), ...refusals },
});
const placeRoute = createRoute({
  ...route(
    'post',
    '/holds',
    'Loans',
    'Join a book’s waiting list (refused with COPY_AVAILABLE, ALREADY_ON_WAITING_LIST, HOLD_LIMIT_REACHED, OVERDUE_LOANS, ALREADY_REQUESTED, ADDRESS_REQUIRED)',
    'checkouts.create',
  ),
  request: jsonBody(HoldRequestSchema),
  responses: {
    201: json(HoldSchema, 'Your place in the queue'),
    404: errorJson('No such book'),
    409: errorJson('Refused (see the summary)'),
    ...refusals,
  },
});
const leaveRoute = createRoute({
  ...route(
    'delete',
    '/holds/{id}',
    'Loans',
    'Leave a waiting list (a copy offered to you goes to the next reader)',
    'checkouts.view_own',
  ),
  request: { params: IdParams },
  responses: {
    204: { description: 'Left' },
    404: errorJson('No such hold (or not yours)'),
    409: errorJson('WRONG_STATE: the hold is over'),
    ...refusals,
  },
});
const confirmRoute = createRoute({
  ...route(
    'post',
    '/loans/{id}/confirm',
    'Loans',
    'Confirm a copy offered to you from the waiting list, before its confirm_by time',
    'checkouts.view_own',
  ),
  request: { params: IdParams },
  responses: {
    200: json(LoanSchema, 'The loan, confirmed'),
    404: errorJson('No such loan (or not yours)'),
    409: errorJson('WRONG_STATE: nothing to confirm, or the window has passed'),
    ...refusals,
  },
});
const queueRoute = createRoute({
  ...route('get', '/admin/books/{id}/holds', 'Lending desk', 'A book’s waiting list, in order', 'checkouts.view_all'),
  request: { params: IdParams },
  responses: {
    200: json(DeskHoldListSchema, 'Open holds: offered first, then waiting in order'),
    404: errorJson('No such book'),
    ...refusals,
  },
});
const orderRoute = createRoute({
  ...route(
    'put',
    '/admin/books/{id}/holds/order',
    'Lending desk',
    'Put a book’s waiting holds in a new order (every waiting hold’s id once, first in line first)',
    'checkouts.manage',
  ),
  request: { params: IdParams, ...jsonBody(HoldOrderSchema) },
  responses: {
    200: json(DeskHoldListSchema, 'The queue in its new order'),
    404: errorJson('No such book'),
    ...refusals,
  },
});
const removeRoute = createRoute({
  ...route(
    'post',
    '/admin/holds/{id}/remove',
    'Lending desk',
    'Remove a hold from its waiting list, with a reason the reader is told',
    'checkouts.manage',
  ),
  request: { params: IdParams, ...jsonBody(HoldRemoveSchema) },
  responses: {
    204: { description: 'Removed' },
    404: errorJson('No such hold'),
    409: errorJson('WRONG_STATE: the hold is over'),
    ...refusals,
  },
});

export const holdRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    noStore(c);
    return c.json(await listOwnHolds(lending(c), c.get('actor')), 200);
  })
  .openapi(placeRoute, async (c) => {
    noStore(c);
    const body = c.req.valid('json');
    const locale = pickLocale(body.locale, c.req.header('Accept-Language'));
    return c.json(await placeHold(lending(c), c.get('actor'), { book_id: body.book_id, locale }), 201);
  })
  .openapi(leaveRoute, async (c) => {
    await leaveHold(lending(c), c.get('actor'), c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(confirmRoute, async (c) => {
    const { id } = c.req.valid('param');
    await confirmOffer(lending(c), c.get('actor'), id);
    return c.json(await getOwnLoan(lending(c), c.get('actor'), id), 200);
  })
  .openapi(queueRoute, async (c) => {
    noStore(c);
    return c.json({ items: await deskQueue(lending(c), c.req.valid('param').id) }, 200);
  })
  .openapi(orderRoute, async (c) =>
    c.json({ items: await reorderQueue(lending(c), c.req.valid('param').id, c.req.valid('json').ids) }, 200),
  )
  .openapi(removeRoute, async (c) => {
    await removeHold(lending(c), c.get('actor'), c.req.valid('param').id, c.req.valid('json').reason);
    return c.body(null, 204);
  });
