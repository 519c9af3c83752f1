import { execFileSync, type SpawnSyncReturns } from 'node:child_process';
import { REPO_ROOT } from './helpers.js';

/**
 * Runs a built command-line tool from the repository root as an operator would, on the given
 * data directory; its exit status and everything it printed (stdout, then stderr).
 */
export function runBuiltCli(
  cli: string,
  args: string[],
  options: { dataDir: string; input?: string; env?: Record<string, string> },
): { status: number; output: string } {
  try {
    const stdout = execFileSync(process.execPath, [cli, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: options.dataDir, LOG_LEVEL: 'silent', ...options.env },
      input: options.input ?? '',
      encoding: 'utf8',
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    return { status: 0, output: stdout };
  } catch (error) {
    const failed = error as SpawnSyncReturns<string>;
    return { status: failed.status ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}
