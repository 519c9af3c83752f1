// The first-admin command (npm run user:create) against the embedded database, through the built
// CLI as an operator runs it, then through HTTP as that admin signs in.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.js';
import { type RunningServer, startServer } from '../src/server.js';
import { makeTempDir, SERVER_DIR, testConfig } from './helpers.js';
import { runBuiltCli } from './run-cli.js';

const CLI = path.join(SERVER_DIR, 'dist/bin/user-create.js');
const tempDir = makeTempDir('maktaba-cli-');
const dataDir = path.join(tempDir, 'data');

const runCli = (args: string[], input: string) => runBuiltCli(CLI, args, { dataDir, input });

afterAll(() => fs.rmSync(tempDir, { recursive: true, force: true }));

describe.skipIf(!fs.existsSync(CLI))('npm run user:create', () => {
  let server: RunningServer | undefined;
  afterAll(async () => server?.close());

  it('refuses weak or common passwords and creates nothing', () => {
    const weak = runCli(['--email', 'root@example.org', '--role', 'admin', '--password-stdin'], 'short\n');
    expect(weak.status).toBe(1);
    expect(weak.output).toContain('Password must be at least 8 characters');
    const common = runCli(['--email', 'root@example.org', '--role', 'admin', '--password-stdin'], 'password1\n');
    expect(common.status).toBe(1);
    expect(common.output).toContain('This password is too common');
  });

  it('creates an admin who can sign in and is asked for a shipping address', async () => {
    const created = runCli(['--email', 'Root@Example.org', '--role', 'admin', '--password-stdin'], 'Minbar-2026-key\n');
    expect(created.status, created.output).toBe(0);
    expect(created.output).toContain('Created admin root@example.org');
    const again = runCli(['--email', 'root@example.org', '--password-stdin'], 'Minbar-2026-key\n');
    expect(again.status).toBe(1);
    expect(again.output).toContain('This email is already registered');

    const config = testConfig({ DATA_DIR: dataDir });
    server = await startServer(config, createLogger({ logLevel: 'silent', logPretty: false }));
    const response = await fetch(`http://127.0.0.1:${server.port}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'root@example.org', password: 'Minbar-2026-key' }),
    });
    expect(response.status).toBe(200);
    const state = (await response.json()) as {
      profile: { role: string; registration_completed: boolean; creation_source: string };
    };
    expect(state.profile.role).toBe('admin');
    expect(state.profile.creation_source).toBe('cli');
    expect(state.profile.registration_completed).toBe(false);

    // While the server owns the embedded database, the command refuses instead of corrupting it.
    const busy = runCli(['--email', 'root@example.org', '--role', 'librarian', '--promote'], '');
    expect(busy.status).toBe(1);
    expect(busy.output).toMatch(/in use by a running Maktaba server/);
  }, 60_000);
});
