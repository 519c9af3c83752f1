import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  ARTICLE_LIMITS,
  ArticleCoverResultSchema,
  ArticleCreateSchema,
  ArticleImageSchema,
  ArticleListQuerySchema,
  ArticleListSchema,
  ArticlePreviewResultSchema,
  ArticlePreviewSchema,
  ArticleSchema,
  ArticleSourceSchema,
  ArticleUpdateSchema,
  LibraryArticleListQuerySchema,
  LibraryArticleListSchema,
} from '@maktaba/shared/schemas/articles';
import { IMAGE_LIMITS } from '@maktaba/shared/schemas/storage';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../../errors.js';
import { PRIVATE_NO_STORE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { optionalActor, requirePermission } from '../../http/guards.js';
import { errorJson, json, jsonBody } from '../../http/openapi.js';
import { consumeRateLimit, type RateLimit } from '../../http/rate-limit.js';
import { requestMetadata } from '../../http/request-metadata.js';
import { tooLarge } from '../storage/images.js';
import {
  createArticle,
  deleteArticle,
  getArticle,
  getSource,
  listForStaff,
  listPublished,
  PREVIEW_RATE_LIMIT,
  preview,
  removeCover,
  replaceCover,
  storeBodyImage,
  UPLOAD_RATE_LIMIT,
  updateArticle,
} from './articles.service.js';

/**
 * An article's JSON carries up to two bodies of 100,000 characters each (Arabic letters take two
 * bytes in UTF-8): more than the API's general JSON limit, so its writes set their own.
 */
const ARTICLE_JSON_MAX_BYTES = 1024 * 1024;
/** Room for the multipart framing around a file of the largest accepted size. */
const UPLOAD_REQUEST_MAX_BYTES = IMAGE_LIMITS.uploadMaxBytes + 64 * 1024;

const WRITE_PATH = /^\/api\/library\/articles(?:\/preview|\/[^/]+)?$/;
const UPLOAD_PATH = /^\/api\/library\/articles\/(?:images|[^/]+\/cover)$/;

/** Article writes and image uploads carry their own body limits (the API's general JSON limit does not apply). */
export function isArticleBodyRequest(method: string, path: string): boolean {
  return (method === 'POST' || method === 'PATCH') && (WRITE_PATH.test(path) || UPLOAD_PATH.test(path));
}

const jsonLimit = bodyLimit({
  maxSize: ARTICLE_JSON_MAX_BYTES,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', `Request body exceeds ${ARTICLE_JSON_MAX_BYTES} bytes.`);
  },
});
const uploadLimit = bodyLimit({
  maxSize: UPLOAD_REQUEST_MAX_BYTES,
  onError: () => {
    throw tooLarge();
  },
});

const editor = requirePermission('books.edit');
const tags = ['Articles'];
const IdParams = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });
const staff = {
  401: errorJson('Not signed in'),
  403: errorJson('Not allowed'),
  422: errorJson('Invalid'),
};
const noSuchArticle = errorJson('No such article (or not visible to you)');

const FileBody = {
  body: {
    required: true,
    description: `One image (JPEG, PNG, WebP, AVIF or GIF; at most ${IMAGE_LIMITS.uploadMaxBytes / 1024 / 1024} MB), stored as WebP without metadata.`,
    content: {
      'multipart/form-data': {
        schema: z.object({ file: z.instanceof(File).openapi({ type: 'string', format: 'binary' }) }),
      },
    },
  },
};
const uploadRefusals = {
  413: errorJson('The file is larger than the limit, or has too many pixels'),
  415: errorJson('Not an image in an accepted format'),
  429: errorJson('Too many uploads; try again later'),
};

const listRoute = createRoute({
  method: 'get',
  path: '/articles',
  tags,
  summary: 'Published articles, newest first: searched (Arabic-aware), by topic and language, with topic counts',
  request: { query: ArticleListQuerySchema },
  responses: { 200: json(ArticleListSchema, 'Articles'), 422: staff[422] },
});
const getRoute = createRoute({
  method: 'get',
  path: '/articles/{id}',
  tags,
  summary: 'An article with its sanitised bodies, books and authors: published to anyone, drafts to editors',
  request: { params: IdParams },
  responses: { 200: json(ArticleSchema, 'The article'), 404: noSuchArticle, 422: staff[422] },
});
const staffListRoute = createRoute({
  method: 'get',
  path: '/library/articles',
  tags,
  summary: 'Every article (drafts and published), most recently updated first',
  middleware: editor,
  request: { query: LibraryArticleListQuerySchema },
  responses: { 200: json(LibraryArticleListSchema, 'Articles'), ...staff },
});
const sourceRoute = createRoute({
  method: 'get',
  path: '/library/articles/{id}',
  tags,
  summary: "An article's editable source",
  middleware: editor,
  request: { params: IdParams },
  responses: { 200: json(ArticleSourceSchema, 'The source'), 404: noSuchArticle, ...staff },
});
const createArticleRoute = createRoute({
  method: 'post',
  path: '/library/articles',
  tags,
  summary: 'Write an article (a draft, or published at once)',
  middleware: [editor, jsonLimit] as const,
  request: jsonBody(ArticleCreateSchema),
  responses: { 201: json(ArticleSourceSchema, 'Created'), 413: errorJson('Too large'), ...staff },
});
const updateRoute = createRoute({
  method: 'patch',
  path: '/library/articles/{id}',
  tags,
  summary: 'Edit, publish or unpublish an article (publishing keeps the first publication date)',
  middleware: [editor, jsonLimit] as const,
  request: { params: IdParams, ...jsonBody(ArticleUpdateSchema) },
  responses: {
    200: json(ArticleSourceSchema, 'Updated'),
    404: noSuchArticle,
    413: errorJson('Too large'),
    ...staff,
  },
});
const deleteRoute = createRoute({
  method: 'delete',
  path: '/library/articles/{id}',
  tags,
  summary: 'Delete an article: its author their own draft; admins any',
  middleware: editor,
  request: { params: IdParams },
  responses: { 204: { description: 'Deleted' }, 404: noSuchArticle, ...staff },
});
const previewRoute = createRoute({
  method: 'post',
  path: '/library/articles/preview',
  tags,
  summary: "The editor's preview: Markdown rendered as the article page renders it",
  middleware: [editor, jsonLimit] as const,
  request: jsonBody(ArticlePreviewSchema),
  responses: {
    200: json(ArticlePreviewResultSchema, 'Sanitised HTML'),
    413: errorJson('Too large'),
    429: errorJson('Too many previews; try again shortly'),
    ...staff,
  },
});
const imageRoute = createRoute({
  method: 'post',
  path: '/library/articles/images',
  tags,
  summary: 'Store an image for use inside an article body',
  middleware: [editor, uploadLimit] as const,
  request: FileBody,
  responses: { 201: json(ArticleImageSchema, 'The stored image and its Markdown'), ...uploadRefusals, ...staff },
});
const coverRoute = createRoute({
  method: 'post',
  path: '/library/articles/{id}/cover',
  tags,
  summary: "Upload an article's cover",
  middleware: [editor, uploadLimit] as const,
  request: { params: IdParams, ...FileBody },
  responses: { 200: json(ArticleCoverResultSchema, 'The new cover'), 404: noSuchArticle, ...uploadRefusals, ...staff },
});
const removeCoverRoute = createRoute({
  method: 'delete',
  path: '/library/articles/{id}/cover',
  tags,
  summary: "Remove an article's cover",
  middleware: editor,
  request: { params: IdParams },
  responses: { 204: { description: 'Removed' }, 404: noSuchArticle, ...staff },
});

const deps = (c: Context<AppEnv>) => c.get('deps');
const db = (c: Context<AppEnv>) => c.get('deps').database.db;
const noStore = (c: Context<AppEnv>) => c.header('Cache-Control', PRIVATE_NO_STORE);

/** One request against a per-user limit: 429 with Retry-After beyond it. */
async function limitUser(c: Context<AppEnv>, limit: RateLimit): Promise<void> {
  const result = await consumeRateLimit(db(c), limit, c.get('actor').id);
  if (!result.allowed) {
    c.header('Retry-After', String(result.retryAfterSeconds));
    throw new AppError('RATE_LIMITED', undefined, { details: { retry_after: result.retryAfterSeconds } });
  }
}

async function uploadOf(c: Context<AppEnv>, file: File): Promise<Buffer> {
  if (file.size > IMAGE_LIMITS.uploadMaxBytes) throw tooLarge();
  await limitUser(c, UPLOAD_RATE_LIMIT);
  return Buffer.from(await file.arrayBuffer());
}

export const articleRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    noStore(c);
    return c.json(await listPublished(db(c), c.req.valid('query')), 200);
  })
  .openapi(getRoute, async (c) => {
    const actor = await optionalActor(c);
    noStore(c);
    return c.json(await getArticle(db(c), actor, c.req.valid('param').id), 200);
  })
  .openapi(staffListRoute, async (c) => {
    noStore(c);
    return c.json(await listForStaff(db(c), c.req.valid('query')), 200);
  })
  .openapi(previewRoute, async (c) => {
    noStore(c);
    await limitUser(c, PREVIEW_RATE_LIMIT);
    return c.json(preview(c.req.valid('json').markdown), 200);
  })
  .openapi(imageRoute, async (c) => {
    noStore(c);
    const upload = await uploadOf(c, c.req.valid('form').file);
    return c.json(await storeBodyImage(deps(c), upload), 201);
  })
  .openapi(sourceRoute, async (c) => {
    noStore(c);
    return c.json(await getSource(db(c), c.req.valid('param').id), 200);
  })
  .openapi(createArticleRoute, async (c) => {
    noStore(c);
    return c.json(await createArticle(db(c), c.get('actor'), c.req.valid('json'), requestMetadata(c)), 201);
  })
  .openapi(updateRoute, async (c) => {
    noStore(c);
    const id = c.req.valid('param').id;
    return c.json(await updateArticle(db(c), c.get('actor'), id, c.req.valid('json'), requestMetadata(c)), 200);
  })
  .openapi(deleteRoute, async (c) => {
    await deleteArticle(deps(c), c.get('actor'), c.req.valid('param').id, requestMetadata(c));
    return c.body(null, 204);
  })
  .openapi(coverRoute, async (c) => {
    noStore(c);
    const upload = await uploadOf(c, c.req.valid('form').file);
    return c.json(await replaceCover(deps(c), c.req.valid('param').id, upload), 200);
  })
  .openapi(removeCoverRoute, async (c) => {
    await removeCover(deps(c), c.req.valid('param').id);
    return c.body(null, 204);
  });

/** The limits are part of the contract; exported for the tests. */
export const ARTICLE_BODY_LIMITS = { json: ARTICLE_JSON_MAX_BYTES, previews: ARTICLE_LIMITS.previewsPerWindow };
