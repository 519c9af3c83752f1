import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { MailboxListSchema, MailboxMessageSchema } from '@maktaba/shared/schemas/mail';
import type { MiddlewareHandler } from 'hono';
import { AppError } from '../../errors.js';
import { NO_STORE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { errorJson, json } from '../../http/openapi.js';
import { findOutboxMessage, listOutboxMessages } from './dev-mailbox.repository.js';

const LIST_LIMIT = 50;

/** 127.0.0.0/8 and ::1: a developer on this machine. */
export function isLoopback(address: string): boolean {
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
}

/**
 * The mailbox shows every message the server wrote, reset links included: never in production,
 * and only to this machine (a development server listens on all interfaces by default, and a
 * reset link read from another computer would be someone else's account).
 */
const outsideProduction: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get('deps').config.isProduction || !isLoopback(c.get('clientIp'))) {
    throw new AppError('NOT_FOUND', 'No such API route.');
  }
  await next();
};

const notFound = {
  404: errorJson('No such message, or the server runs in production, or the caller is not on this machine'),
};
const route = <P extends string>(path: P, summary: string) => ({
  method: 'get' as const,
  path,
  tags: ['Dev'],
  summary,
  middleware: outsideProduction,
});

const listRoute = createRoute({
  ...route('/dev/mailbox', 'The e-mail outbox, newest first (50); outside production only'),
  responses: { 200: json(MailboxListSchema, 'Messages'), ...notFound },
});
const messageRoute = createRoute({
  ...route(
    '/dev/mailbox/{id}',
    'One message of the e-mail outbox with its text and HTML parts; outside production only',
  ),
  request: {
    params: z.object({
      id: z.coerce
        .number()
        .int()
        .positive()
        .openapi({ param: { name: 'id', in: 'path' }, example: 1 }),
    }),
  },
  responses: { 200: json(MailboxMessageSchema, 'Message'), ...notFound },
});

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const devMailboxRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const rows = await listOutboxMessages(c.get('deps').database.db, LIST_LIMIT);
    c.header('Cache-Control', NO_STORE);
    return c.json(
      { messages: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), sentAt: iso(row.sentAt) })) },
      200,
    );
  })
  .openapi(messageRoute, async (c) => {
    const row = await findOutboxMessage(c.get('deps').database.db, c.req.valid('param').id);
    if (!row) throw new AppError('NOT_FOUND', 'No such message.');
    c.header('Cache-Control', NO_STORE);
    return c.json({ ...row, createdAt: row.createdAt.toISOString(), sentAt: iso(row.sentAt) }, 200);
  });
