import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { DAY_PUBLIC_CACHE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

// The page loads Swagger UI from our own origin only: the CSP forbids inline and third-party scripts.
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Maktaba API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/init.js"></script>
</body>
</html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });`;

/** Registers (on the root app, so paths carry /api) the OpenAPI document at /api/openapi.json and a self-hosted Swagger UI at /api/docs. */
export function mountDocs(app: OpenAPIHono<AppEnv>, version: string) {
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Maktaba API',
      version,
      description: 'HTTP API of the Maktaba digital library. Errors answer `{ error: { code, message } }`.',
    },
  });
  const distDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const docs = new Hono<AppEnv>();
  docs.get('/', (c) => c.html(PAGE));
  docs.get('/assets/init.js', (c) => c.body(INIT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }));
  docs.get('/assets/:file', (c) => {
    const file = c.req.param('file');
    const type = ASSETS[file];
    if (!type) return c.notFound();
    const body = fs.readFileSync(path.join(distDir, file));
    return c.body(body, 200, { 'Content-Type': type, 'Cache-Control': DAY_PUBLIC_CACHE });
  });
  app.route('/api/docs', docs);
}
