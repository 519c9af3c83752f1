/**
 * Starts a throw-away PostgreSQL server for one run of the "server" test project and hands its
 * URL to the tests (`inject('pgUrl')`). Without PostgreSQL on the machine the PostgreSQL variants
 * of the tests are skipped, except on CI, where that is an error.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from './free-port.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the run's PostgreSQL server (database "postgres"); unset when there is none. */
    pgUrl?: string;
  }
}

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

export default async function setup(project: TestProject) {
  const bin = findPostgresBin();
  if (!bin) {
    if (process.env.CI) {
      throw new Error(
        'PostgreSQL not found (initdb, pg_ctl and postgres on PATH or in /usr/lib/postgresql/*/bin): CI must run the PostgreSQL tests.',
      );
    }
    console.warn('PostgreSQL not found: the PostgreSQL variants of the server tests are skipped');
    return;
  }

  // initdb refuses to run as root: run every PostgreSQL command as the postgres system user then.
  const asRoot = process.getuid?.() === 0;
  const run = (tool: (typeof TOOLS)[number], args: string[]) => {
    const file = path.join(bin, tool);
    const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
    return execFileSync(command, argv, { stdio: 'pipe', encoding: 'utf8', timeout: 60_000 });
  };

  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'maktaba-pg-'));
  const dataDir = path.join(tmpDir, 'data');
  const logFile = path.join(tmpDir, 'postgres.log');
  if (asRoot) execFileSync('chown', ['-R', 'postgres:', tmpDir]);

  let started = false;
  const stop = () => {
    if (started) {
      started = false;
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      } catch (error) {
        console.error(`Could not stop the test PostgreSQL server: ${(error as Error).message}`);
      }
    }
    fs.rmSync(tmpDir, { recursive: true, force: true });
  };
  // Last resort should the run end without the teardown (an uncaught error in the runner).
  const onExit = () => stop();
  process.once('exit', onExit);

  try {
    run('initdb', [
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
    run('pg_ctl', [
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
    const version = run('postgres', ['--version']).trim();
    const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
    project.provide('pgUrl', url);
    console.log(`Test PostgreSQL: ${version} at ${url}`);
  } catch (error) {
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
    const stderr = (error as { stderr?: string }).stderr ?? '';
    stop();
    process.removeListener('exit', onExit);
    throw new Error(`Could not start the test PostgreSQL server: ${(error as Error).message}\n${stderr}\n${log}`);
  }

  return () => {
    stop();
    process.removeListener('exit', onExit);
  };
}
