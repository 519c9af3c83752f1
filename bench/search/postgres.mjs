// A throw-away PostgreSQL server for the search benchmark, as the server tests start one
// (apps/server/test/global-setup.ts): initdb with a UTF-8 character type in a temporary
// directory, loopback only, no durability (fsync off). Stopped by its postmaster's pid.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const TOOLS = ['initdb', 'pg_ctl', 'postgres'];

function findBin() {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  try {
    for (const version of fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))) {
      dirs.push(path.join('/usr/lib/postgresql', version, 'bin'));
    }
  } catch {}
  return dirs.find((dir) => TOOLS.every((tool) => fs.existsSync(path.join(dir, tool))));
}

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Starts the server; resolves to { url, version, stop } or null when PostgreSQL is not installed.
 * `settings` are extra `-c name=value` server settings.
 */
export async function startPostgres(settings = {}) {
  const bin = findBin();
  if (!bin) return null;
  // initdb refuses to run as root: run the PostgreSQL commands as the postgres system user then.
  const asRoot = process.getuid?.() === 0;
  const run = (tool, args) => {
    const file = path.join(bin, tool);
    const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
    return execFileSync(command, argv, { stdio: 'pipe', encoding: 'utf8', timeout: 120_000 });
  };
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'maktaba-bench-pg-'));
  const dataDir = path.join(tmpDir, 'data');
  if (asRoot) execFileSync('chown', ['-R', 'postgres:', tmpDir]);
  const initdb = '--locale=C.UTF-8 --encoding=UTF8 -U postgres --auth=trust --no-instructions';
  run('initdb', ['-D', dataDir, ...initdb.split(' ')]);
  const port = await freePort();
  const options = Object.entries({
    listen_addresses: '127.0.0.1',
    port,
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
    ...settings,
  })
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  const logFile = path.join(tmpDir, 'postgres.log');
  run('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', `-k ${tmpDir} ${options}`, 'start']);
  const pid = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const version = run('postgres', ['--version']).trim();
  /** Stops the server; `keepLogAs` saves its log (auto_explain plans) before the directory goes. */
  const stop = async ({ keepLogAs } = {}) => {
    // SIGINT: PostgreSQL's fast shutdown (sessions ended, then a clean stop).
    if (alive(pid)) process.kill(pid, 'SIGINT');
    for (let waited = 0; alive(pid) && waited < 30_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (alive(pid)) process.kill(pid, 'SIGKILL');
    if (keepLogAs && fs.existsSync(logFile)) fs.copyFileSync(logFile, keepLogAs);
    fs.rmSync(tmpDir, { recursive: true, force: true });
  };
  return { url: `postgresql://postgres@127.0.0.1:${port}/postgres`, version, pid, stop };
}
