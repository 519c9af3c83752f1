/**
 * Starts a throw-away PostgreSQL server for one run of the "server" test project and hands its
 * URL to the tests (`inject('pgUrl')`). Without PostgreSQL on the machine the PostgreSQL variants
 * of the tests are skipped, except on CI, where that is an error.
 *
 * It also migrates and seeds, once, the databases test servers start from (`inject('templates')`):
 * a PGlite data directory that each server copies, and PostgreSQL template databases that each
 * server's database is created from; one with the demo catalogue, one without.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { freePort } from './free-port.js';
import { prepareTemplate, type TemplateKind, type Templates } from './test-config.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the run's PostgreSQL server (database "postgres"); unset when there is none. */
    pgUrl?: string;
    /** The migrated and seeded databases test servers start from; unset when they could not be built. */
    templates?: Templates;
  }
}

const execFileAsync = promisify(execFile);

const TOOLS = ['initdb', 'pg_ctl', 'postgres'] as const;

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The directory holding initdb, pg_ctl and postgres: PATH first, then /usr/lib/postgresql/<newest>/bin. */
function findPostgresBin(): string | undefined {
  const fromPath = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  let versioned: string[] = [];
  try {
    versioned = fs
      .readdirSync('/usr/lib/postgresql')
      .sort((a, b) => Number(b) - Number(a))
      .map((version) => path.join('/usr/lib/postgresql', version, 'bin'));
  } catch {
    // Not a Debian-style installation.
  }
  for (const dir of [...fromPath, ...versioned]) {
    if (TOOLS.every((tool) => isExecutable(path.join(dir, tool)))) return dir;
  }
  return undefined;
}

type RunningPostgres = { url: string; version: string; stop(): Promise<void> };

/** Starts the run's PostgreSQL server in a temporary folder; undefined when PostgreSQL is not installed. */
async function startPostgres(): Promise<RunningPostgres | undefined> {
  const bin = findPostgresBin();
  if (!bin) {
    if (process.env.CI) {
      throw new Error(
        'PostgreSQL not found (initdb, pg_ctl and postgres on PATH or in /usr/lib/postgresql/*/bin): CI must run the PostgreSQL tests.',
      );
    }
    console.warn('PostgreSQL not found: the PostgreSQL variants of the server tests are skipped');
    return undefined;
  }

  // initdb refuses to run as root: run every PostgreSQL command as the postgres system user then.
  const asRoot = process.getuid?.() === 0;
  const command = (tool: (typeof TOOLS)[number], args: string[]): [string, string[]] => {
    const file = path.join(bin, tool);
    return asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  };
  // Asynchronous, so that the PGlite templates are built meanwhile.
  const run = async (tool: (typeof TOOLS)[number], args: string[]) =>
    (await execFileAsync(...command(tool, args), { encoding: 'utf8', timeout: 60_000 })).stdout;

  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'maktaba-pg-'));
  const dataDir = path.join(tmpDir, 'data');
  const logFile = path.join(tmpDir, 'postgres.log');
  if (asRoot) await execFileAsync('chown', ['-R', 'postgres:', tmpDir]);

  let started = false;
  const stopArgs = ['-D', dataDir, '-m', 'fast', '-w', 'stop'];
  // Last resort should the run end without the teardown (an uncaught error in the runner).
  const onExit = () => {
    if (started) {
      try {
        execFileSync(...command('pg_ctl', stopArgs), { stdio: 'pipe', timeout: 60_000 });
      } catch {
        // The process is ending: nothing more can be done.
      }
    }
    fs.rmSync(tmpDir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  const stop = async () => {
    process.removeListener('exit', onExit);
    if (started) {
      started = false;
      try {
        await run('pg_ctl', stopArgs);
      } catch (error) {
        console.error(`Could not stop the test PostgreSQL server: ${(error as Error).message}`);
      }
    }
    fs.rmSync(tmpDir, { recursive: true, force: true });
  };

  try {
    await run('initdb', [
      '-D',
      dataDir,
      '--locale=C.UTF-8',
      '--encoding=UTF8',
      '-U',
      'postgres',
      '--auth=trust',
      '--no-instructions',
    ]);
    const port = await freePort();
    started = true;
    await run('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      logFile,
      '-w',
      '-t',
      '60',
      '-o',
      `-k ${tmpDir} -c listen_addresses=127.0.0.1 -p ${port} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
      'start',
    ]);
    const version = (await run('postgres', ['--version'])).trim();
    return { url: `postgresql://postgres@127.0.0.1:${port}/postgres`, version, stop };
  } catch (error) {
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
    const stderr = (error as { stderr?: string }).stderr ?? '';
    await stop();
    throw new Error(`Could not start the test PostgreSQL server: ${(error as Error).message}\n${stderr}\n${log}`);
  }
}

/**
 * PGlite data directories under `root`: migrated without the demo catalogue, then a copy of that
 * with it loaded (one migration for both). Returns the `db/` folder of each, to copy.
 */
async function buildPgliteTemplates(root: string): Promise<Record<TemplateKind, string>> {
  const empty = path.join(root, 'pglite-empty');
  const demo = path.join(root, 'pglite-demo');
  await prepareTemplate('empty', { dataDir: empty });
  fs.cpSync(path.join(empty, 'db'), path.join(demo, 'db'), { recursive: true });
  await prepareTemplate('demo', { dataDir: demo });
  return { empty: path.join(empty, 'db'), demo: path.join(demo, 'db') };
}

/** The same as template databases on the run's PostgreSQL server; returns their names. */
async function buildPostgresTemplates(url: string, root: string): Promise<Record<TemplateKind, string>> {
  const names: Record<TemplateKind, string> = { empty: 'maktaba_template_empty', demo: 'maktaba_template_demo' };
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const prepare = async (kind: TemplateKind, from: string) => {
    await admin.query(`CREATE DATABASE ${names[kind]} TEMPLATE ${from}`);
    const databaseUrl = new URL(url);
    databaseUrl.pathname = `/${names[kind]}`;
    await prepareTemplate(kind, { dataDir: path.join(root, `postgres-${kind}`), databaseUrl: databaseUrl.toString() });
    // No connection may stay open on a template, or CREATE DATABASE … TEMPLATE refuses to copy it.
    await admin.query(`ALTER DATABASE ${names[kind]} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  };
  try {
    await prepare('empty', `template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`);
    await prepare('demo', names.empty);
  } finally {
    await admin.end();
  }
  return names;
}

export default async function setup(project: TestProject) {
  const started = performance.now();
  const templateRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'maktaba-templates-'));
  const removeTemplates = () => fs.rmSync(templateRoot, { recursive: true, force: true });
  process.once('exit', removeTemplates);

  const pglite = buildPgliteTemplates(templateRoot);
  // Settled here so that a PostgreSQL failure does not leave it unhandled.
  pglite.catch(() => {});
  let postgres: RunningPostgres | undefined;
  try {
    postgres = await startPostgres();
    if (postgres) {
      project.provide('pgUrl', postgres.url);
      console.log(`Test PostgreSQL: ${postgres.version} at ${postgres.url}`);
    }
    const [pgliteTemplates, postgresTemplates] = await Promise.all([
      pglite,
      postgres ? buildPostgresTemplates(postgres.url, templateRoot) : undefined,
    ]);
    project.provide('templates', { pglite: pgliteTemplates, postgres: postgresTemplates });
    console.log(`Test databases migrated and seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    await postgres?.stop();
    removeTemplates();
    process.removeListener('exit', removeTemplates);
    throw error;
  }

  return async () => {
    await postgres?.stop();
    removeTemplates();
    process.removeListener('exit', removeTemplates);
  };
}
