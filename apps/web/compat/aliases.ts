import { fileURLToPath } from 'node:url';

/**
 * React's API on Preact (ADR 0025): what the app and its libraries import as `react` and
 * `react-dom` is Preact's compatibility layer. The web build and the web unit tests both resolve
 * through these, so the tests run on what ships.
 */
export const preactAliases = [
  { find: /^react$/, replacement: fileURLToPath(new URL('./react.ts', import.meta.url)) },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react-is$/, replacement: 'preact/compat' },
];
