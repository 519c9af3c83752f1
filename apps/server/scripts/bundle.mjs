// The server as one file, dist/main.js, which `npm start` runs: the compiled modules (dist/) and
// their dependencies bundled by esbuild. Loading ~1,900 modules one by one took 1.6 s of every start
// (resolving each package.json, reading and compiling each file); the bundle loads in a fraction.
// Left outside, loaded from node_modules as usual: packages that load files of their own next to
// their code (PGlite's WebAssembly and data, sharp's native binary, pino's worker threads, the API
// documentation's assets, the disposable-domains list).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

await build({
  entryPoints: [path.join(root, 'dist/index.js')],
  outfile: path.join(root, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  external: [
    '@electric-sql/pglite',
    'sharp',
    'pino',
    'pino-pretty',
    'thread-stream',
    'pg-native',
    'swagger-ui-dist',
    'disposable-email-domains',
  ],
  // Bundled CommonJS packages call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __serverRequire } from 'node:module'; const require = __serverRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
