import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { can } from '@maktaba/shared/permissions';
import { IMAGE_LIMITS, StoredImageSchema } from '@maktaba/shared/schemas/storage';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../../errors.js';
import type { AppEnv } from '../../http/context.js';
import { requireActor, requirePermission } from '../../http/guards.js';
import { errorJson, json } from '../../http/openapi.js';
import { tooLarge } from './images.js';
import type { ImageTarget } from './storage.repository.js';
import { removeImage, replaceImage } from './uploads.service.js';

/** Room for the multipart framing around a file of the largest accepted size. */
const UPLOAD_REQUEST_MAX_BYTES = IMAGE_LIMITS.uploadMaxBytes + 64 * 1024;
const UPLOAD_PATH = /^\/api\/(?:books\/[^/]+\/cover|(?:authors|scholars)\/[^/]+\/photo|profiles\/[^/]+\/avatar)$/;

/** Uploads carry their own body limit; the JSON limit of the rest of the API does not apply to them. */
export function isUploadRequest(method: string, path: string): boolean {
  return method === 'PUT' && UPLOAD_PATH.test(path);
}

const uploadLimit = bodyLimit({
  maxSize: UPLOAD_REQUEST_MAX_BYTES,
  onError: () => {
    throw tooLarge();
  },
});

const FileBody = {
  body: {
    required: true,
    description: `One image (JPEG, PNG, WebP, AVIF or GIF; at most ${IMAGE_LIMITS.uploadMaxBytes / 1024 / 1024} MB). It is stored as WebP without any metadata, its longest side at most ${IMAGE_LIMITS.storedMaxSide} px.`,
    content: {
      'multipart/form-data': {
        schema: z.object({
          file: z.instanceof(File).openapi({ type: 'string', format: 'binary' }),
        }),
      },
    },
  },
};

const EntityParams = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });
const ProfileParams = z.object({
  id: z.union([z.literal('me'), z.uuid()]).openapi({ param: { name: 'id', in: 'path' }, example: 'me' }),
});

const refusals = {
  401: errorJson('User not authenticated'),
  403: errorJson('Not allowed'),
  404: errorJson('No such record'),
};
const uploadAnswers = {
  200: json(StoredImageSchema, 'The stored image: its key and public URL'),
  413: errorJson('The file is larger than the limit, or has too many pixels'),
  415: errorJson('Not an image in an accepted format'),
  422: errorJson('No file in the form'),
  ...refusals,
};

type Pair = { target: ImageTarget; path: string; what: string; guard: MiddlewareHandler<AppEnv> };

function pair({ target, path, what, guard }: Pair) {
  const params = target === 'avatar' ? ProfileParams : EntityParams;
  const put = createRoute({
    method: 'put',
    path,
    tags: ['Images'],
    summary: `Upload ${what}`,
    middleware: [guard, uploadLimit] as const,
    request: { params, ...FileBody },
    responses: uploadAnswers,
  });
  const remove = createRoute({
    method: 'delete',
    path,
    tags: ['Images'],
    summary: `Remove ${what}`,
    middleware: guard,
    request: { params },
    responses: { 204: { description: 'Removed' }, ...refusals },
  });
  return { put, remove };
}

/**
 * The row an image route acts on. Avatars: the caller's own profile (another id is 404), or any
 * profile for those who edit users (admins, accounts-and-auth §6 "edit profile … avatar").
 */
function ownerOf(c: Context<AppEnv>, target: ImageTarget, id: string): string {
  if (target !== 'avatar') return id;
  const actor = c.get('actor');
  if (id !== 'me' && id !== actor.id && can(actor.role, 'users.edit')) return id;
  if (id !== 'me' && id !== actor.id) throw new AppError('PROFILE_NOT_FOUND');
  return actor.id;
}

const PAIRS: Pair[] = [
  { target: 'book-cover', path: '/books/{id}/cover', what: "a book's cover", guard: requirePermission('books.edit') },
  {
    target: 'author-photo',
    path: '/authors/{id}/photo',
    what: "an author's portrait",
    guard: requirePermission('books.edit'),
  },
  {
    target: 'scholar-photo',
    path: '/scholars/{id}/photo',
    what: "a scholar's portrait",
    guard: requirePermission('scholars.edit'),
  },
  { target: 'avatar', path: '/profiles/{id}/avatar', what: 'your avatar', guard: requireActor() },
];

export const uploadRoutes = new OpenAPIHono<AppEnv>();
for (const entry of PAIRS) {
  const { put, remove } = pair(entry);
  uploadRoutes.openapi(put, async (c) => {
    const id = ownerOf(c, entry.target, c.req.valid('param').id);
    const file = c.req.valid('form').file;
    if (file.size > IMAGE_LIMITS.uploadMaxBytes) throw tooLarge();
    const stored = await replaceImage(c.get('deps'), entry.target, id, Buffer.from(await file.arrayBuffer()));
    return c.json(stored, 200);
  });
  uploadRoutes.openapi(remove, async (c) => {
    await removeImage(c.get('deps'), entry.target, ownerOf(c, entry.target, c.req.valid('param').id));
    return c.body(null, 204);
  });
}
