import { defineConfig } from 'vitest/config';
import { preactAliases } from './apps/web/compat/aliases.js';

/**
 * Tests import @maktaba/shared from its TypeScript sources, never from a stale dist/
 * (see the "@maktaba/source" condition in packages/shared/package.json). Vitest merges these
 * with its default conditions, and passes the SSR ones to its workers as `--conditions` so that
 * modules Node loads natively resolve the same way. `resolve` covers the client environment
 * (jsdom), `ssr` the node one, and `__vitest__` the environment Vitest loads globalSetup files in.
 */
const conditions = ['@maktaba/source'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  environments: { __vitest__: { resolve: { conditions } } },
  test: {
    // The web tests are written separately; a project without test files is not a failure.
    passWithNoTests: true,
    // Stopping the test PostgreSQL server (apps/server/test/global-setup.ts) waits for it to exit.
    teardownTimeout: 30_000,
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine. The server tests
    // spend most of their time waiting on sockets, PostgreSQL and password hashes, so two files at
    // once use the machine better.
    maxWorkers: 2,
    // A test fails on a console.error it did not declare (expectConsoleError).
    setupFiles: ['test/console-error.setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/shared/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
        },
      },
      {
        extends: true,
        // The components run on Preact, as they do in the build (ADR 0025).
        resolve: {
          // As the web build resolves (apps/web/vite.config.ts): ES modules, for the browser.
          conditions: [...conditions, 'module', 'browser', 'development|production'],
          mainFields: ['browser', 'module', 'jsnext:main', 'jsnext'],
          alias: [
            ...preactAliases,
            // Its ES module build, which imports `react-dom` through the aliases; the CommonJS one
            // would require React DOM itself.
            {
              find: /^@testing-library\/react$/,
              replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
            },
          ],
        },
        test: {
          name: 'web',
          environment: 'jsdom',
          // Each worker builds jsdom once and runs every file in a fresh V8 context of its own, so files
          // stay apart without building jsdom 113 times: 252 s → 39 s for this project on 2 cores.
          pool: 'vmThreads',
          // The libraries that import React go through Vite too, so that they take the same alias.
          server: { deps: { inline: true } },
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/compat/**/*.test.{ts,tsx}'],
          // A whole form rendered in jsdom and walked through takes seconds when the machine is
          // busy (a two-factor setup test took 5.8 s beside an end-to-end run); 5 s was too tight.
          testTimeout: 15_000,
          // Added to the root's setupFiles (extends: true concatenates them).
          setupFiles: ['test/after-paint.setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/test/**/*.test.ts'],
          // Starts PostgreSQL for the run; the tests read its URL with inject('pgUrl').
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Real servers on real databases: PGlite alone takes a few seconds to start.
          testTimeout: 30_000,
          // The files of a worker share one module graph instead of each importing the whole server
          // again (261 s → 155 s for this project). Nothing here mocks a module or keeps state at
          // module level that a test relies on: every file starts its own servers (useTestServer),
          // as one file already does for each driver.
          isolate: false,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
