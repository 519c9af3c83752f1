/**
 * Test harness: starts the real server (startServer) on a free port, against PGlite in a
 * temporary DATA_DIR or against a fresh database on the run's PostgreSQL server
 * (see global-setup.ts), and cleans up after itself. A server starts from the run's migrated and
 * seeded template (a copy of it), unless the test needs the real first start (`template: false`).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Role } from '@maktaba/shared/permissions';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { Database, Driver } from '../src/db/client.js';
import { authUsers, profiles } from '../src/db/schema/index.js';
import { createLogger } from '../src/logger.js';
import { type RunningServer, startServer } from '../src/server.js';
import { type ApiClient, type ApiResponse, clientFrom, registerAccount } from './api-client.js';
import { type TemplateKind, templateKindOf, testConfig } from './test-config.js';

export { testConfig } from './test-config.js';

export const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
export const REPO_ROOT = path.resolve(SERVER_DIR, '../..');

/** Superuser URL of the run's PostgreSQL server; undefined when PostgreSQL is not installed. */
export const pgUrl: string | undefined = inject('pgUrl') || undefined;

/** The run's migrated and seeded databases (global-setup.ts); undefined when the run has none. */
const templates = inject('templates');

export type TestDriver = { name: 'pglite' } | { name: 'postgres'; url: string | undefined };

export const drivers: TestDriver[] = [{ name: 'pglite' }, { name: 'postgres', url: pgUrl }];

/**
 * Declares the suite once per driver. The PostgreSQL variant is skipped (and reported as
 * skipped) when the run has no PostgreSQL server.
 */
export function describeEachDriver(title: string, body: (driver: TestDriver) => void) {
  for (const driver of drivers) {
    const unavailable = driver.name === 'postgres' && !driver.url;
    describe.skipIf(unavailable)(`${title} [${driver.name}${unavailable ? ': PostgreSQL not found' : ''}]`, () =>
      body(driver),
    );
  }
}

export function makeTempDir(prefix = 'maktaba-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** The URL of `database` on the same server as `url`. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function adminQuery(sql: string): Promise<pg.QueryResult> {
  if (!pgUrl) throw new Error('No PostgreSQL server in this run.');
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Creates an empty database (`locale` 'C' makes one Maktaba must refuse), or with `template` a
 * copy of the run's migrated database of that kind. Returns its URL.
 */
export async function createDatabase(
  locale: 'C.UTF-8' | 'C' = 'C.UTF-8',
  options: { template?: TemplateKind } = {},
): Promise<{ name: string; url: string }> {
  if (!pgUrl) throw new Error('No PostgreSQL server in this run.');
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  const template = options.template && templates?.postgres?.[options.template];
  await adminQuery(
    template
      ? `CREATE DATABASE ${name} TEMPLATE ${template}`
      : `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE '${locale}' LC_CTYPE '${locale}'`,
  );
  return { name, url: withDatabase(pgUrl, name) };
}

/**
 * Puts a copy of the run's migrated PGlite database of that kind into `dataDir`; false when the run
 * has none (the server then migrates and seeds on its first start, as it would anyway).
 */
export function copyPgliteTemplate(kind: TemplateKind, dataDir: string): boolean {
  const template = templates?.pglite[kind];
  if (!template) return false;
  fs.cpSync(template, path.join(dataDir, 'db'), { recursive: true });
  return true;
}

export async function dropDatabase(name: string): Promise<void> {
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

export const FIXTURE_INDEX_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Maktaba test fixture</title></head>
<body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body>
</html>
`;
export const FIXTURE_APP_JS = 'console.log("maktaba fixture app");\n';

/**
 * A stand-in for apps/web/dist: index.html and one content-hashed asset, plus `extra` files; in
 * `dir`, or in a new temporary folder.
 */
export function createWebDist(
  extra: Record<string, string | Buffer> = {},
  dir = makeTempDir('maktaba-web-dist-'),
): string {
  const files: Record<string, string | Buffer> = {
    'index.html': FIXTURE_INDEX_HTML,
    'assets/app-abc123.js': FIXTURE_APP_JS,
    ...extra,
  };
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
  return dir;
}

export type TestServer = {
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string;
  driver: Driver;
  dataDir: string;
  /** The built web app it serves. */
  webDistDir: string;
  running: RunningServer;
  /** The server's own database connection. */
  db: Database;
  /** Stops the server, then drops its database / removes its DATA_DIR. Idempotent. */
  close(): Promise<void>;
};

export type TestServerOptions = {
  /**
   * Environment variables over the test defaults (see testConfig); a function is called when the
   * server starts, for values known only then (the port of another server started in a beforeAll).
   */
  env?: Record<string, string> | (() => Record<string, string>);
  /** The built web app to serve; an empty folder by default. */
  webDistDir?: string;
  /** Serve the fixture web app (createWebDist) with these extra files, removed with the server. */
  webDist?: Record<string, string | Buffer>;
  /**
   * Start from a copy of the run's migrated and seeded database (with or without the demo
   * catalogue, after DEMO_CATALOGUE): true by default. false for a test of the real first start,
   * which migrates and seeds an empty database.
   */
  template?: boolean;
};

export async function startTestServer(options: TestServerOptions & { driver: TestDriver }): Promise<TestServer> {
  const { driver } = options;
  const env = typeof options.env === 'function' ? options.env() : options.env;
  const tempDir = makeTempDir();
  const dataDir = path.join(tempDir, 'data');
  const webDistDir = options.webDistDir ?? path.join(tempDir, 'web-dist');
  fs.mkdirSync(webDistDir, { recursive: true });
  if (options.webDist) createWebDist(options.webDist, webDistDir);
  const kind = options.template === false ? undefined : templateKindOf(env);

  let database: { name: string; url: string } | undefined;
  const cleanUp = async () => {
    if (database) await dropDatabase(database.name);
    fs.rmSync(tempDir, { recursive: true, force: true });
  };

  try {
    if (driver.name === 'postgres' && !env?.DATABASE_URL) {
      if (!driver.url) throw new Error('The PostgreSQL driver needs a server; use describeEachDriver to skip.');
      database = await createDatabase('C.UTF-8', { template: kind });
    }
    if (driver.name === 'pglite' && kind) copyPgliteTemplate(kind, dataDir);
    const config = testConfig({
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDistDir,
      DATABASE_POOL_MAX: '4',
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...env,
    });
    const logger = createLogger({ logLevel: config.logLevel, logPretty: false });
    const running = await startServer(config, logger);
    let closing: Promise<void> | undefined;
    return {
      url: `http://127.0.0.1:${running.port}`,
      driver: running.deps.database.driver,
      dataDir,
      webDistDir,
      running,
      db: running.deps.database.db,
      close() {
        closing ??= running.close().finally(cleanUp);
        return closing;
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/**
 * One server for the enclosing suite: started in a beforeAll, stopped (its database removed) in
 * an afterAll. The handle's fields are read in tests and hooks; read before the server started,
 * they throw.
 */
export function useTestServer(driver: TestDriver, options: TestServerOptions = {}): TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer({ driver, ...options });
  });
  afterAll(async () => {
    await server?.close();
  });
  const started = (): TestServer => {
    if (!server) {
      throw new Error('The test server is not started yet: read it inside a test or a hook, after useTestServer.');
    }
    return server;
  };
  return {
    get url() {
      return started().url;
    },
    get driver() {
      return started().driver;
    },
    get dataDir() {
      return started().dataDir;
    },
    get webDistDir() {
      return started().webDistDir;
    },
    get running() {
      return started().running;
    },
    get db() {
      return started().db;
    },
    close: () => started().close(),
  };
}

export type TestAccount = {
  /** Signed in as the account, from an address of its own (the server must trust one proxy hop to tell). */
  client: ApiClient;
  id: string;
  email: string;
  password: string;
  /** The sign-up response. */
  response: ApiResponse;
};

/**
 * Registers a new account (a patron) on `server` and gives it `role`; `name` is its display name.
 * Its e-mail is verified, as a reader's is once they open the link (unverified readers cannot
 * borrow); `{ verified: false }` leaves it as sign-up leaves it.
 */
export async function accountAs(
  server: Pick<TestServer, 'url' | 'db'>,
  role: Role = 'patron',
  overrides: Record<string, unknown> = {},
  { verified = true }: { verified?: boolean } = {},
): Promise<TestAccount> {
  const client = clientFrom(server.url);
  const created = await registerAccount(client, { name: `A ${role}`, ...overrides });
  if (role !== 'patron') await server.db.update(profiles).set({ role }).where(eq(profiles.id, created.id));
  if (verified) await server.db.update(authUsers).set({ emailVerified: true }).where(eq(authUsers.id, created.id));
  return { client, ...created };
}

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/**
 * A request through node:http, which (unlike fetch) neither adds Accept-Encoding nor
 * decompresses: what the server sent, byte for byte.
 */
export function rawRequest(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** Sent as is: unlike a URL, not normalised ("/../x" stays "/../x"). */
    rawPath?: string;
  } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const request = http.request({
      host: target.hostname,
      port: target.port,
      path: options.rawPath ?? `${target.pathname}${target.search}`,
      method: options.method ?? 'GET',
      headers: options.headers,
      agent: false,
    });
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.end(options.body);
  });
}

export function readServerVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The tag of the newest committed migration, as /api/health should report it. */
export function latestMigrationTag(): string {
  const journal = JSON.parse(
    fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../drizzle/meta/_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  const last = journal.entries.at(-1);
  if (!last) throw new Error('no migrations in the journal');
  return last.tag;
}
