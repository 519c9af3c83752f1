/**
 * The built server as an operator runs it (`node apps/server/dist/main.js`), for the tests that
 * need a real process: configuration errors, signals, crashes and restarts.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, SERVER_DIR } from './helpers.js';

const ENTRY = path.join(SERVER_DIR, 'dist/main.js');
const SHARED_DIST = path.join(REPO_ROOT, 'packages/shared/dist/constants.js');

export type ServerProcess = {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the URL the server printed; rejects when it exits first. */
  ready: Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

const children = new Set<ChildProcess>();

/** Builds the server when `npm run build` has not (for a single test file run on its own). */
export function ensureServerBuilt() {
  if (fs.existsSync(ENTRY) && fs.existsSync(SHARED_DIST)) return;
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'apps/server'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    timeout: 120_000,
  });
}

/** Runs the built server with only the given variables (plus PATH/HOME), never the test runner's. */
export function spawnBuiltServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [ENTRY], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    });
  });
  const ready = new Promise<string>((resolve, reject) => {
    const onData = () => {
      const match = /Maktaba is running at (\S+)/.exec(stdout);
      if (match?.[1]) {
        child.stdout?.off('data', onData);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    void exited.then(({ code, signal }) =>
      reject(new Error(`server exited (code ${code}, signal ${signal}) before it was ready:\n${stdout}\n${stderr}`)),
    );
  });
  ready.catch(() => {});
  return { child, stdout: () => stdout, stderr: () => stderr, ready, exited };
}

/** For afterAll: only the servers this file started, and only if a failed test left them running. */
export function killSpawnedServers() {
  for (const child of children) child.kill('SIGKILL');
}
