import { can } from '@maktaba/shared/permissions';
import {
  ARTICLE_LIMITS,
  ARTICLE_MESSAGES,
  type Article,
  type ArticleCover,
  type ArticleCreateParsed,
  type ArticleImage,
  type ArticleLanguage,
  type ArticleList,
  type ArticleListQueryParsed,
  type ArticleSource,
  type ArticleSummary,
  type ArticleUpdateParsed,
  type LibraryArticleList,
  type LibraryArticleListQueryParsed,
  readingMinutes,
} from '@maktaba/shared/schemas/articles';
import { publicObjectUrl } from '@maktaba/shared/schemas/storage';
import { contentSearchWords } from '@maktaba/shared/search-text';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import type { Queryable } from '../../db/queryable.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import type { RateLimit } from '../../http/rate-limit.js';
import type { RequestMetadata } from '../../request-metadata.js';
import { toBookSummary } from '../catalogue/catalogue.mapper.js';
import { imageKey, normaliseUpload, STORED_CONTENT_TYPE } from '../storage/images.js';
import { isSafeKey } from '../storage/storage.js';
import { LruMap, variantsOf } from '../storage/variants.js';
import { insertAudit } from '../users/users.repository.js';
import * as repo from './articles.repository.js';
import { renderMarkdown } from './markdown.js';

/** Covers and body images live in the covers bucket under this prefix; only this module writes there. */
const BUCKET = 'covers' as const;
const COVER_PREFIX = (articleId: string) => `articles/${articleId}/`;
const BODY_IMAGES_ENTITY = 'articles/images';

export const PREVIEW_RATE_LIMIT: RateLimit = {
  name: 'article-preview:user',
  limit: ARTICLE_LIMITS.previewsPerWindow,
  windowMs: ARTICLE_LIMITS.previewWindowSeconds * 1000,
};
export const UPLOAD_RATE_LIMIT: RateLimit = {
  name: 'article-image:user',
  limit: ARTICLE_LIMITS.uploadsPerWindow,
  windowMs: ARTICLE_LIMITS.uploadWindowSeconds * 1000,
};

const iso = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

const notFound = () => new AppError('NOT_FOUND', 'No such article.');
const isEditor = (actor: Actor | null) => !!actor && can(actor.role, 'books.edit');

/** Rendered bodies, keyed by article, last change and language: reading an article renders at most once per edit. */
const rendered = new LruMap<string, string>(500);

function renderedBody(row: repo.ArticleRow, language: ArticleLanguage): string | null {
  const source = language === 'en' ? row.body_en : row.body_ar;
  if (!source) return null;
  const key = `${row.id}:${iso(row.updated_at)}:${language}`;
  const cached = rendered.get(key);
  if (cached !== undefined) return cached;
  const html = renderMarkdown(source);
  rendered.set(key, html);
  return html;
}

export function coverOf(key: string | null): ArticleCover | null {
  const url = publicObjectUrl(BUCKET, key);
  if (!url) return null;
  return { url, srcset: [400, 800, 1200].map((width) => `${url}?width=${width} ${width}w`).join(', ') };
}

function toSummary(row: repo.ArticleRow): ArticleSummary {
  const topics = typeof row.topics === 'string' ? JSON.parse(row.topics) : row.topics;
  const languages: ArticleLanguage[] = [];
  if (row.body_en) languages.push('en');
  if (row.body_ar) languages.push('ar');
  return {
    id: row.id,
    title: row.title_en,
    title_ar: row.title_ar,
    summary: row.summary_en,
    summary_ar: row.summary_ar,
    cover: coverOf(row.cover_key),
    topics,
    languages,
    reading_minutes: { en: readingMinutes(row.body_en, 'en'), ar: readingMinutes(row.body_ar, 'ar') },
    published_at: iso(row.published_at),
    author_name: row.author_name,
  };
}

// ——— Reads ———

export async function listPublished(db: Queryable, query: ArticleListQueryParsed): Promise<ArticleList> {
  const page = query.page;
  const pageSize = query.page_size;
  const [result, topics] = await Promise.all([
    repo.listArticles(
      db,
      { words: contentSearchWords(query.q), status: 'published', topic: query.topic, language: query.language },
      'published',
      pageSize,
      (page - 1) * pageSize,
    ),
    repo.publishedTopics(db),
  ]);
  return { items: result.rows.map(toSummary), total: result.total, page, page_size: pageSize, topics };
}

export async function listForStaff(db: Queryable, query: LibraryArticleListQueryParsed): Promise<LibraryArticleList> {
  const page = query.page;
  const pageSize = query.page_size;
  const result = await repo.listArticles(
    db,
    { words: contentSearchWords(query.q), status: query.status },
    'updated',
    pageSize,
    (page - 1) * pageSize,
  );
  return {
    items: result.rows.map((row) => ({
      ...toSummary(row),
      status: row.status,
      updated_at: iso(row.updated_at) ?? '',
    })),
    total: result.total,
    page,
    page_size: pageSize,
  };
}

/** An article's page: published ones to anyone, drafts to editors only (404 otherwise). */
export async function getArticle(db: Queryable, viewer: Actor | null, id: string): Promise<Article> {
  const row = await repo.findArticle(db, id);
  if (!row || (row.status !== 'published' && !isEditor(viewer))) throw notFound();
  const [books, authors] = await Promise.all([repo.articleBookCards(db, id, false), repo.articleAuthorRefs(db, id)]);
  return {
    ...toSummary(row),
    status: row.status,
    body_html: { en: renderedBody(row, 'en'), ar: renderedBody(row, 'ar') },
    books: books.map(toBookSummary),
    authors,
    updated_at: iso(row.updated_at) ?? '',
  };
}

export async function getSource(db: Queryable, id: string): Promise<ArticleSource> {
  const row = await repo.findArticle(db, id);
  if (!row) throw notFound();
  const [topicIds, books, authors] = await Promise.all([
    repo.articleTopicIds(db, id),
    repo.articleBookRefs(db, id),
    repo.articleAuthorRefs(db, id),
  ]);
  return {
    id: row.id,
    title_en: row.title_en,
    title_ar: row.title_ar,
    summary_en: row.summary_en,
    summary_ar: row.summary_ar,
    body_en: row.body_en,
    body_ar: row.body_ar,
    cover_key: row.cover_key,
    cover: coverOf(row.cover_key),
    status: row.status,
    published_at: iso(row.published_at),
    topic_ids: topicIds,
    books,
    authors,
    author_name: row.author_name,
    author_id: row.author_id,
    updated_at: iso(row.updated_at) ?? '',
  };
}

// ——— Writes ———

type Texts = {
  title_en: string | null;
  title_ar: string | null;
  summary_en: string | null;
  summary_ar: string | null;
  body_en: string | null;
  body_ar: string | null;
};

/** 422 naming the field when a linked topic, book or author does not exist. */
async function checkReferences(
  db: Queryable,
  input: { topic_ids?: string[]; book_ids?: string[]; author_ids?: string[] },
): Promise<void> {
  const checks = [
    ['topic_ids', 'categories', input.topic_ids, ARTICLE_MESSAGES.unknownTopic],
    ['book_ids', 'books', input.book_ids, ARTICLE_MESSAGES.unknownBook],
    ['author_ids', 'authors', input.author_ids, ARTICLE_MESSAGES.unknownAuthor],
  ] as const;
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, table, ids, message] of checks) {
    if (!ids?.length) continue;
    const found = await repo.existingIds(db, table, ids);
    if (ids.some((id) => !found.has(id))) fieldErrors[field] = [message];
  }
  if (Object.keys(fieldErrors).length > 0) {
    throw new AppError('VALIDATION_FAILED', undefined, { details: { fieldErrors } });
  }
}

/** A title in one language at least; a published article has a body in a language that has a title. */
function checkPublishable(texts: Texts, status: string): void {
  if (!texts.title_en && !texts.title_ar) throw new AppError('ARTICLE_TITLE_REQUIRED');
  if (status !== 'published') return;
  if ((texts.title_en && texts.body_en) || (texts.title_ar && texts.body_ar)) return;
  throw new AppError('ARTICLE_BODY_REQUIRED');
}

const searchTextOf = (texts: Texts) =>
  repo.articleSearchText([
    texts.title_en,
    texts.title_ar,
    texts.summary_en,
    texts.summary_ar,
    texts.body_en,
    texts.body_ar,
  ]);

function audit(
  tx: Queryable,
  actor: Actor,
  request: RequestMetadata,
  action: 'publish_article' | 'unpublish_article' | 'delete_article',
  row: { id: string; title_en: string | null; title_ar: string | null },
) {
  return insertAudit(tx, {
    actorId: actor.id,
    actionType: action,
    targetType: 'article',
    targetId: row.id,
    ipAddress: request.clientIp ?? null,
    metadata: { label: { en: row.title_en ?? row.title_ar, ar: row.title_ar ?? row.title_en } },
  });
}

async function writeLinks(tx: Queryable, id: string, input: ArticleCreateParsed | ArticleUpdateParsed) {
  if (input.topic_ids) await repo.replaceTopics(tx, id, input.topic_ids);
  if (input.book_ids) await repo.replaceBooks(tx, id, input.book_ids);
  if (input.author_ids) await repo.replaceAuthors(tx, id, input.author_ids);
}

export async function createArticle(
  db: Database,
  actor: Actor,
  input: ArticleCreateParsed,
  request: RequestMetadata,
): Promise<ArticleSource> {
  const texts: Texts = {
    title_en: input.title_en ?? null,
    title_ar: input.title_ar ?? null,
    summary_en: input.summary_en ?? null,
    summary_ar: input.summary_ar ?? null,
    body_en: input.body_en ?? null,
    body_ar: input.body_ar ?? null,
  };
  const status = input.status ?? 'draft';
  checkPublishable(texts, status);
  await checkReferences(db, input);
  const id = await db.transaction(async (tx) => {
    const created = await repo.insertArticle(tx, {
      titleEn: texts.title_en,
      titleAr: texts.title_ar,
      summaryEn: texts.summary_en,
      summaryAr: texts.summary_ar,
      bodyEn: texts.body_en,
      bodyAr: texts.body_ar,
      status,
      publishedAt: status === 'published' ? new Date() : null,
      authorId: actor.id,
      searchText: searchTextOf(texts),
      searchVersion: 1,
    });
    await writeLinks(tx, created, input);
    if (status === 'published') await audit(tx, actor, request, 'publish_article', { id: created, ...texts });
    return created;
  });
  return getSource(db, id);
}

export async function updateArticle(
  db: Database,
  actor: Actor,
  id: string,
  patch: ArticleUpdateParsed,
  request: RequestMetadata,
): Promise<ArticleSource> {
  const before = await repo.findArticle(db, id);
  if (!before) throw notFound();
  const pick = <K extends keyof Texts>(key: K): Texts[K] =>
    patch[key] === undefined ? before[key] : (patch[key] ?? null);
  const texts: Texts = {
    title_en: pick('title_en'),
    title_ar: pick('title_ar'),
    summary_en: pick('summary_en'),
    summary_ar: pick('summary_ar'),
    body_en: pick('body_en'),
    body_ar: pick('body_ar'),
  };
  const status = patch.status ?? before.status;
  checkPublishable(texts, status);
  await checkReferences(db, patch);
  const publishing = status === 'published' && before.status !== 'published';
  const unpublishing = status === 'draft' && before.status === 'published';
  await db.transaction(async (tx) => {
    const updated = await repo.updateArticle(tx, id, {
      titleEn: texts.title_en,
      titleAr: texts.title_ar,
      summaryEn: texts.summary_en,
      summaryAr: texts.summary_ar,
      bodyEn: texts.body_en,
      bodyAr: texts.body_ar,
      status,
      // The first publication's date stays when an article is unpublished and published again.
      ...(publishing && !before.published_at ? { publishedAt: new Date() } : {}),
      searchText: searchTextOf(texts),
      searchVersion: 1,
    });
    if (!updated) throw notFound();
    await writeLinks(tx, id, patch);
    if (publishing) await audit(tx, actor, request, 'publish_article', { id, ...texts });
    if (unpublishing) await audit(tx, actor, request, 'unpublish_article', { id, ...texts });
  });
  return getSource(db, id);
}

/** The author deletes their own draft; those who delete catalogue records (admins) delete any. */
export async function deleteArticle(deps: Deps, actor: Actor, id: string, request: RequestMetadata): Promise<void> {
  const db = deps.database.db;
  const row = await repo.findArticle(db, id);
  if (!row) throw notFound();
  const ownDraft = row.author_id === actor.id && row.status === 'draft';
  if (!ownDraft && !can(actor.role, 'books.delete')) throw new AppError('FORBIDDEN');
  await db.transaction(async (tx) => {
    if (!(await repo.deleteArticle(tx, id))) throw notFound();
    await audit(tx, actor, request, 'delete_article', row);
  });
  rendered.deleteWhere((key) => key.startsWith(`${id}:`));
  await discard(deps, id, row.cover_key);
}

// ——— Images ———

type Deps = Pick<AppDeps, 'storage' | 'config' | 'database' | 'logger'>;

/** Removes a cover this module stored for the article (never another row's file); never fails the request. */
async function discard(deps: Deps, articleId: string, key: string | null): Promise<void> {
  if (!key || !isSafeKey(key) || !key.startsWith(COVER_PREFIX(articleId))) return;
  try {
    await deps.storage.delete(BUCKET, key);
    await variantsOf(deps).drop(BUCKET, key);
  } catch (error) {
    deps.logger.warn({ err: error, key }, 'could not remove a replaced article cover');
  }
}

/** Stores an uploaded cover (through the image pipeline) and points the article at it. */
export async function replaceCover(deps: Deps, id: string, upload: Buffer): Promise<{ cover: ArticleCover | null }> {
  const db = deps.database.db;
  if (!(await repo.findArticle(db, id))) throw notFound();
  const stored = await normaliseUpload(upload);
  const key = imageKey(`articles/${id}`, stored);
  const existed = (await deps.storage.stat(BUCKET, key)) !== null;
  await deps.storage.put(BUCKET, key, stored, STORED_CONTENT_TYPE);
  const swapped = await repo.swapCover(db, id, key);
  if (!swapped) {
    if (!existed) await discard(deps, id, key);
    throw notFound();
  }
  if (swapped.previous !== key) await discard(deps, id, swapped.previous);
  return { cover: coverOf(key) };
}

export async function removeCover(deps: Deps, id: string): Promise<void> {
  const swapped = await repo.swapCover(deps.database.db, id, null);
  if (!swapped) throw notFound();
  await discard(deps, id, swapped.previous);
}

/** Stores an image for use inside a body; the Markdown to paste names it. */
export async function storeBodyImage(deps: Deps, upload: Buffer): Promise<ArticleImage> {
  const stored = await normaliseUpload(upload);
  const key = imageKey(BODY_IMAGES_ENTITY, stored);
  if ((await deps.storage.stat(BUCKET, key)) === null) {
    await deps.storage.put(BUCKET, key, stored, STORED_CONTENT_TYPE);
  }
  const url = publicObjectUrl(BUCKET, key) ?? '';
  return { url, markdown: `![](${url})` };
}

/** The editor's preview: the article page's own renderer (the route limits how often). */
export function preview(markdown: string): { html: string } {
  return { html: renderMarkdown(markdown) };
}
