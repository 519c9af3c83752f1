// The server as one file, dist/main-bundle.js, which `npm start` runs through dist/main.js: the
// compiled modules (dist/) and their dependencies bundled by esbuild. Loading ~1,900 modules one by
// one took 1.6 s of every start (resolving each package.json, reading and compiling each file); the
// bundle loads in a fraction. The command-line tools (npm run user:create, npm run import) are
// bundled the same way, each into a file of its own in dist/bin/: the first-admin command took 4.5–5
// s from its compiled modules and 3.0–3.2 s from its bundle on a 2-core machine.
// Left outside, loaded from node_modules as usual: packages that load files of their own next to
// their code (PGlite's WebAssembly and data, sharp's native binary, pino's worker threads, the API
// documentation's assets, the disposable-domains list).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Libraries a start does not need, loaded on first use. Our own code imports those it uses with
 * `import()` (the common-password list); a dependency that imports one statically gets, instead of
 * it, a module of ours with the same asynchronous functions that import it when first called.
 * esbuild evaluates a module reached only through `import()` when that call runs, not at load.
 */
const deferred = {
  name: 'deferred-libraries',
  setup(pluginBuild) {
    // The passkey plugin's WebAuthn library and its ASN.1/X.509 parsers: see webauthn-deferred.ts.
    const passkeyDir = `${path.sep}@better-auth${path.sep}passkey${path.sep}`;
    let passkeysBundled = false;
    let rewritten = false;
    pluginBuild.onResolve({ filter: /^@better-auth\/passkey$/ }, () => {
      passkeysBundled = true;
      return undefined;
    });
    pluginBuild.onResolve({ filter: /^@simplewebauthn\/server$/ }, (args) => {
      if (!args.importer.includes(passkeyDir)) return undefined;
      rewritten = true;
      return { path: path.join(root, 'dist/modules/auth/webauthn-deferred.js') };
    });
    // A new version of the plugin that reaches the library another way would put it back on the
    // start path without a word: fail the build instead.
    pluginBuild.onEnd(() => {
      if (passkeysBundled && !rewritten) {
        throw new Error('@better-auth/passkey no longer imports @simplewebauthn/server: see webauthn-deferred.ts');
      }
    });
  },
};

const common = {
  bundle: true,
  plugins: [deferred],
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
};

await Promise.all([
  build({
    ...common,
    entryPoints: [path.join(root, 'dist/index.js')],
    outfile: path.join(root, 'dist/main-bundle.js'),
  }),
  build({
    ...common,
    entryPoints: ['user-create', 'import'].map((name) => ({ in: path.join(root, `dist/cli/${name}.js`), out: name })),
    outdir: path.join(root, 'dist/bin'),
  }),
]);

// The entry: it turns Node's compile cache on before the bundle loads, so that a restart reuses the
// bundle's compiled code instead of compiling 8 MB of JavaScript again (on a 2-core machine about
// 0.35 s of CPU without the cache, 0.12 s with it). The cache is written once the bundle has
// loaded: a server stopped by a signal exits without writing it. Node keeps it in
// NODE_COMPILE_CACHE, else in node-compile-cache in the system's temporary folder, keyed by the
// file's content, and ignores a stale or damaged one; NODE_DISABLE_COMPILE_CACHE=1 turns it off.
fs.writeFileSync(
  path.join(root, 'dist/main.js'),
  [
    "// The server's entry (`npm start`): see apps/server/scripts/bundle.mjs.",
    "import module from 'node:module';",
    'module.enableCompileCache?.();',
    "await import('./main-bundle.js');",
    'module.flushCompileCache?.();',
    '',
  ].join('\n'),
);
