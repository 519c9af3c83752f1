/**
 * The configuration every test server runs with (quiet, on a free port of the loopback
 * interface), and the migrated, seeded databases that test servers start from instead of
 * migrating and loading the demo catalogue themselves (built once per run by global-setup.ts).
 * Nothing here reads Vitest's injected values, so the global setup can use it too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Config, loadConfig } from '../src/config/env.js';
import { createLogger } from '../src/logger.js';
import { LEAST_SCRYPT_N } from '../src/modules/auth/password-hash.js';
import { startServer } from '../src/server.js';

/**
 * A test's configuration: `env` over quiet defaults (NODE_ENV test, PORT 0 on 127.0.0.1, silent
 * logs), with new passwords hashed at the least scrypt cost: the standard cost made hashing a
 * quarter of the server tests' time. Hashes name their cost, so both kinds verify everywhere
 * (password-hash.test.ts checks the standard one).
 */
export function testConfig(env: Record<string, string> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env }),
    passwordScryptN: LEAST_SCRYPT_N,
  };
}

/** With the demo catalogue loaded (the default start) or without it (DEMO_CATALOGUE=false). */
export type TemplateKind = 'demo' | 'empty';

/** Where the run's templates are: PGlite `db/` folders to copy, PostgreSQL databases to create from. */
export type Templates = {
  pglite: Record<TemplateKind, string>;
  postgres?: Record<TemplateKind, string>;
};

export function templateKindOf(env: Record<string, string> | undefined): TemplateKind {
  return env?.DEMO_CATALOGUE === 'false' ? 'empty' : 'demo';
}

/**
 * Starts the real server once on `dataDir` (and `databaseUrl` when given) and stops it, which
 * leaves the database migrated, with the demo catalogue (or not) and its search index built.
 */
export async function prepareTemplate(
  kind: TemplateKind,
  options: { dataDir: string; databaseUrl?: string },
): Promise<void> {
  const config = testConfig({
    DATA_DIR: options.dataDir,
    WEB_DIST_DIR: path.join(options.dataDir, 'web-dist'),
    DEMO_CATALOGUE: String(kind === 'demo'),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl, DATABASE_POOL_MAX: '4' } : {}),
  });
  const running = await startServer(config, createLogger({ logLevel: 'silent', logPretty: false }));
  await running.close();
  // Only the database is the template: each server generates its own secrets.
  fs.rmSync(path.join(options.dataDir, 'secrets.json'), { force: true });
}
