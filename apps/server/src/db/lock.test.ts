import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock.js';

let dir: string;
let lockFile: string;
const children: ChildProcess[] = [];

/** A process that stays alive until killed, and is not us. */
async function spawnSleeper(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60_000)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  return child;
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  expect(child.pid).toBeTypeOf('number');
  return child.pid as number;
}

function writeLock(content: unknown) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(lockFile, typeof content === 'string' ? content : JSON.stringify(content));
}

function readLock(): { pid: number; owner: string; startedAt: string } {
  return JSON.parse(fs.readFileSync(lockFile, 'utf8'));
}

beforeEach(() => {
  dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'maktaba-lock-')), 'data');
  lockFile = path.join(dir, 'maktaba.lock');
});

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  fs.rmSync(path.dirname(dir), { recursive: true, force: true });
});

describe('acquireDataDirLock', () => {
  it('creates the directory and a lock file naming this process', () => {
    const release = acquireDataDirLock(dir, 'cli');
    const lock = readLock();
    expect(lock.pid).toBe(process.pid);
    expect(lock.owner).toBe('cli');
    expect(Number.isNaN(Date.parse(lock.startedAt))).toBe(false);
    expect(fs.statSync(lockFile).mode & 0o777).toBe(0o600);
    release();
  });

  it('release removes the lock file, and may be called twice', () => {
    const release = acquireDataDirLock(dir);
    expect(fs.existsSync(lockFile)).toBe(true);
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
    expect(() => release()).not.toThrow();
    // Free again.
    acquireDataDirLock(dir)();
  });

  it('refuses a directory locked by another live process', async () => {
    const sleeper = await spawnSleeper();
    writeLock({ pid: sleeper.pid, owner: 'server', startedAt: new Date().toISOString() });
    expect(() => acquireDataDirLock(dir)).toThrowError(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrowError(new RegExp(`in use .*server.*pid ${sleeper.pid}`));
    // The holder's lock is left alone.
    expect(readLock().pid).toBe(sleeper.pid);
  });

  it('takes over a stale lock whose process is gone', async () => {
    const pid = await deadPid();
    writeLock({ pid, owner: 'server', startedAt: new Date(0).toISOString() });
    const release = acquireDataDirLock(dir);
    expect(readLock().pid).toBe(process.pid);
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('takes over an unreadable lock file', () => {
    writeLock('{ not json');
    const release = acquireDataDirLock(dir);
    expect(readLock().pid).toBe(process.pid);
    release();
  });

  it('does not remove a lock that another process has taken over since', async () => {
    const release = acquireDataDirLock(dir);
    const sleeper = await spawnSleeper();
    writeLock({ pid: sleeper.pid, owner: 'server' });
    release();
    expect(fs.existsSync(lockFile)).toBe(true);
    expect(readLock().pid).toBe(sleeper.pid);
  });
});
