import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { IMMUTABLE, NO_CACHE } from './cache.js';
import type { AppEnv } from './context.js';
import { webAssets } from './web-assets.js';

/** Paths the SPA never owns: they answer 404 JSON (or their own handler), never index.html. */
const SERVER_PREFIXES = ['/api/', '/storage/', '/dev/'];
/** Pages of the SPA under a server prefix: the page is the web app's, its data comes from /api/dev/…. */
const SPA_PAGES_UNDER_SERVER_PREFIXES = new Set(['/dev/mailbox']);

/**
 * Serves the built web app: Vite's content-hashed files under /assets for a year (from memory,
 * precompressed: web-assets.ts), everything else revalidated, and index.html for every client route.
 */
export function mountSpa(app: Hono<AppEnv>, webDistDir: string) {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  let indexHtml: string | undefined;
  const readIndex = () => {
    indexHtml ??= fs.readFileSync(indexFile, 'utf8');
    return indexHtml;
  };

  app.use('/assets/*', webAssets(path.join(webDistDir, 'assets')));
  app.use(
    '*',
    serveStatic({
      root: webDistDir,
      onFound: (filePath, c) => {
        const isHashed = filePath.startsWith(path.join(webDistDir, 'assets') + path.sep);
        c.header('Cache-Control', isHashed ? IMMUTABLE : NO_CACHE);
      },
    }),
  );

  app.get('*', (c, next) => {
    const requestPath = c.req.path;
    if (
      !SPA_PAGES_UNDER_SERVER_PREFIXES.has(requestPath) &&
      SERVER_PREFIXES.some((prefix) => requestPath.startsWith(prefix) || requestPath === prefix.slice(0, -1))
    ) {
      return next();
    }
    // A missing file (a stale chunk after a deploy) must fail as a 404, not turn into HTML.
    if (path.extname(requestPath) !== '' || !hasBuild) return next();
    c.header('Cache-Control', NO_CACHE);
    return c.html(readIndex());
  });
}
