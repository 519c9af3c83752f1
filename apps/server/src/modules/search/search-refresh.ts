import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context.js';

/** Catalogue writes that change what search answers (a view changes none of it). */
const CATALOGUE_TEXT_WRITE = /^\/api\/(?:books|authors|categories)(?:\/[^/]+(?:\/status|\/cover|\/photo)?)?$/;

/**
 * After a successful catalogue write, the stale search rows it left are rewritten before the
 * answer goes out: an editor who saves a book finds it in search at once.
 */
export const refreshSearchAfterWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.res.status >= 400) return;
  if (!CATALOGUE_TEXT_WRITE.test(c.req.path)) return;
  const { searchIndex } = c.get('deps');
  await searchIndex.refresh();
  // A deletion leaves nothing stale, yet cached answers may hold the book.
  searchIndex.cache.clear();
};
