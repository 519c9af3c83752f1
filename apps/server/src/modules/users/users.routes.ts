import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { LIMITS } from '@maktaba/shared/constants';
import type { Permission } from '@maktaba/shared/permissions';
import {
  AuditListSchema,
  AuditQuerySchema,
  UserActivitySchema,
  UserAdminUpdateSchema,
  UserBorrowingSchema,
  UserCreateSchema,
  UserDeletedSchema,
  UserDetailSchema,
  UserEmailChangeSchema,
  UserListQuerySchema,
  UserListSchema,
} from '@maktaba/shared/schemas/admin-users';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context.js';
import { requireAnyPermission } from '../../http/guards.js';
import { errorJson, json, jsonBody } from '../../http/openapi.js';
import { requestMetadata } from '../../http/request-metadata.js';
import { createUsersService } from './users.service.js';

const Params = z.object({
  id: z.uuid().openapi({ param: { name: 'id', in: 'path' }, example: '00000000-0000-4000-8000-000000000000' }),
});
const ActivityQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(LIMITS.activityLogLimit),
});

/**
 * Reading users is for admins (users.view_all) and librarians, who look patrons up to lend books
 * (checkouts.view_all). Everything else needs the admin permission it names.
 */
const READ: Permission[] = ['users.view_all', 'checkouts.view_all'];

const refusals = {
  401: errorJson('User not authenticated'),
  403: errorJson('Not allowed (or an account that is not active)'),
};
const notFound = { 404: errorJson('No such user') };
const invalid = { 422: errorJson('Invalid (field errors in details.fieldErrors)') };

const route = <M extends 'get' | 'post' | 'patch' | 'delete', P extends string>(
  method: M,
  path: P,
  summary: string,
  permissions: Permission[],
) => ({ method, path, tags: ['Users'], summary, middleware: requireAnyPermission(...permissions) });

const listRoute = createRoute({
  ...route('get', '/admin/users', 'List users: exact count, 15 a page, sort, role/status filters, search', READ),
  request: { query: UserListQuerySchema },
  responses: { 200: json(UserListSchema, 'A page of users'), ...invalid, ...refusals },
});
const createUserRoute = createRoute({
  ...route('post', '/admin/users', 'Create a user, who receives an e-mail to choose a password', ['users.create']),
  request: jsonBody(UserCreateSchema),
  responses: {
    201: json(UserDetailSchema, 'Created'),
    409: errorJson('EMAIL_TAKEN'),
    ...invalid,
    ...refusals,
  },
});
const detailRoute = createRoute({
  ...route('get', '/admin/users/{id}', 'A user: the profile, sessions count and setup problems', READ),
  request: { params: Params },
  responses: { 200: json(UserDetailSchema, 'The user'), ...notFound, ...refusals },
});
const updateRoute = createRoute({
  ...route(
    'patch',
    '/admin/users/{id}',
    'Change role (users.manage_roles), status or profile fields; audited; suspending ends sessions',
    ['users.edit'],
  ),
  request: { params: Params, ...jsonBody(UserAdminUpdateSchema) },
  responses: {
    200: json(UserDetailSchema, 'The updated user'),
    409: errorJson('LAST_ADMIN'),
    ...notFound,
    ...invalid,
    ...refusals,
  },
});
const emailRoute = createRoute({
  ...route('post', '/admin/users/{id}/email', "Change a user's e-mail (a notice goes to the old address)", [
    'users.edit',
  ]),
  request: { params: Params, ...jsonBody(UserEmailChangeSchema) },
  responses: {
    200: json(UserDetailSchema, 'The updated user'),
    409: errorJson('EMAIL_TAKEN'),
    ...notFound,
    ...invalid,
    ...refusals,
  },
});
const revokeRoute = createRoute({
  ...route('post', '/admin/users/{id}/sessions/revoke', 'End every session of the user', ['users.edit']),
  request: { params: Params },
  responses: { 200: json(z.object({ ended: z.number().int() }), 'Sessions ended'), ...notFound, ...refusals },
});
const repairRoute = createRoute({
  ...route('post', '/admin/users/{id}/repair', 'Validate and repair the profile setup', ['users.edit']),
  request: { params: Params },
  responses: { 200: json(UserDetailSchema, 'The user after repair'), ...notFound, ...refusals },
});
const activityRoute = createRoute({
  ...route('get', '/admin/users/{id}/activity', "The user's latest activities, newest first", READ),
  request: { params: Params, query: ActivityQuery },
  responses: { 200: json(z.array(UserActivitySchema), 'Activities'), ...notFound, ...invalid, ...refusals },
});
const borrowingsRoute = createRoute({
  ...route('get', '/admin/users/{id}/borrowings', "The user's loans with their books, newest first", READ),
  request: { params: Params },
  responses: { 200: json(z.array(UserBorrowingSchema), 'Loans'), ...notFound, ...refusals },
});
const deleteRoute = createRoute({
  ...route('delete', '/admin/users/{id}', 'delete-user: not yourself, never the last admin', ['users.delete']),
  request: { params: Params },
  responses: {
    200: json(UserDeletedSchema, 'Deleted'),
    409: errorJson('LAST_ADMIN'),
    ...notFound,
    ...refusals,
  },
});
const auditRoute = createRoute({
  ...route('get', '/admin/audit-log', 'The admin audit log, newest first, with filters', ['admin.logs']),
  request: { query: AuditQuerySchema },
  responses: { 200: json(AuditListSchema, 'A page of entries'), ...invalid, ...refusals },
});

function users(c: Context<AppEnv>) {
  const { database, mailer, config } = c.get('deps');
  return createUsersService({ db: database.db, mailer, publicUrl: config.publicUrl });
}

export const userRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => c.json(await users(c).listUsers(c.req.valid('query')), 200))
  .openapi(createUserRoute, async (c) =>
    c.json(await users(c).createUser(c.get('actor'), c.req.valid('json'), requestMetadata(c)), 201),
  )
  .openapi(detailRoute, async (c) => c.json(await users(c).getUserDetail(c.req.valid('param').id), 200))
  .openapi(updateRoute, async (c) =>
    c.json(
      await users(c).updateUser(c.get('actor'), c.req.valid('param').id, c.req.valid('json'), requestMetadata(c)),
      200,
    ),
  )
  .openapi(emailRoute, async (c) =>
    c.json(
      await users(c).changeUserEmail(c.get('actor'), c.req.valid('param').id, c.req.valid('json'), requestMetadata(c)),
      200,
    ),
  )
  .openapi(revokeRoute, async (c) =>
    c.json(await users(c).revokeUserSessions(c.get('actor'), c.req.valid('param').id, requestMetadata(c)), 200),
  )
  .openapi(repairRoute, async (c) =>
    c.json(await users(c).repairUser(c.get('actor'), c.req.valid('param').id, requestMetadata(c)), 200),
  )
  .openapi(activityRoute, async (c) =>
    c.json(await users(c).listActivity(c.req.valid('param').id, c.req.valid('query').limit), 200),
  )
  .openapi(borrowingsRoute, async (c) => c.json(await users(c).listBorrowings(c.req.valid('param').id), 200))
  .openapi(deleteRoute, async (c) => {
    await users(c).deleteUser(c.get('actor'), c.req.valid('param').id, requestMetadata(c));
    return c.json({ message: 'User deleted successfully' }, 200);
  })
  .openapi(auditRoute, async (c) => c.json(await users(c).listAudit(c.req.valid('query')), 200));
