import { z } from '@hono/zod-openapi';
import type { Permission } from '@maktaba/shared/permissions';
import type { Context } from 'hono';
import { PRIVATE_NO_STORE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { requirePermission } from '../../http/guards.js';
import { errorJson } from '../../http/openapi.js';
import type { LendingContext } from './lending-common.js';

/* What the lending routes share: path parameters, refusals, a route's head, the service context. */

export const uuidParam = (name: string) =>
  z.object({
    [name]: z.uuid().openapi({ param: { name, in: 'path' }, example: '00000000-0000-4000-8000-000000000000' }),
  });
export const IdParams = uuidParam('id') as z.ZodObject<{ id: z.ZodUUID }>;

export const refusals = {
  401: errorJson('User not authenticated'),
  403: errorJson('Not allowed (or an account that is not active)'),
  422: errorJson('Invalid (field errors in details.fieldErrors)'),
};

export const route = <M extends 'get' | 'post' | 'put' | 'delete', P extends string>(
  method: M,
  path: P,
  tag: 'Loans' | 'Lending desk',
  summary: string,
  permission: Permission,
) => ({ method, path, tags: [tag], summary, middleware: requirePermission(permission) });

export function lending(c: Context<AppEnv>): LendingContext {
  const { database, mailer, config } = c.get('deps');
  return { db: database.db, wakeMailer: () => void mailer.wake(), publicUrl: config.publicUrl };
}

export const noStore = (c: Context<AppEnv>) => c.header('Cache-Control', PRIVATE_NO_STORE);
