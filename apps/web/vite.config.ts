import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { preactAliases } from './compat/aliases';
import { i18nParts } from './i18n-parts';
import { routePrefetch } from './route-prefetch';

export default defineConfig({
  plugins: [
    // JSX and TypeScript only: React's Fast Refresh does not reach Preact's components, so an edit
    // in development reloads the page instead of updating it in place without effect.
    react({ refreshExclude: /./ }),
    tailwindcss(),
    i18nParts({
      catalogue: fileURLToPath(new URL('../../packages/shared/src/i18n/en.json', import.meta.url)),
      firstPage: '/src/features/catalogue/components/home-page.tsx',
      // The titles of the other pages, shown once they are loaded; the names of permissions.
      exempt: ['/src/app/router.tsx', '/packages/shared/src/permissions.ts'],
    }),
    // The pages a reader most likely opens next, fetched into the cache a moment after start
    // (lib/prefetch.ts). The spec names /dashboard and /browse, which this app does not have; search
    // and the book page are their counterparts.
    routePrefetch({
      pages: ['/src/features/search/components/search-page.tsx', '/src/features/catalogue/components/book-page.tsx'],
    }),
    // Brotli (quality 11) and gzip (level 9) copies of the scripts, styles and SVGs beside them, made
    // once here: the server answers /assets from memory with the copy the browser takes
    // (apps/server/src/http/web-assets.ts) instead of gzipping the same file for every visitor.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  resolve: {
    // React's API on Preact (ADR 0025): the same components in a tenth of the size.
    alias: preactAliases,
    // Import @maktaba/shared from its TypeScript sources (see packages/shared/package.json).
    conditions: ['@maktaba/source', 'module', 'browser', 'development|production'],
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // Keep assets out of inline data: URLs so the CSP (img-src/font-src 'self') holds.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // What the entry imports statically is one file: split in the ~20 small chunks it shares with
        // the lazy pages, it cost the first page as many requests (about 1 KB of headers each). So is
        // the home page with what it imports beyond the entry (cards, alerts, icons), which the pages
        // loaded later take from it.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            { name: 'home-page', test: /features[\\/]catalogue[\\/]components[\\/]home-page\.tsx$/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/storage': 'http://localhost:3000' },
  },
});
