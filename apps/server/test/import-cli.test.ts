// The catalogue import command (npm run import) on the embedded database, through the built CLI
// as an operator runs it, and its refusal while a server owns the data directory.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.js';
import { type RunningServer, startServer } from '../src/server.js';
import { makeTempDir, SERVER_DIR, testConfig } from './helpers.js';
import { runBuiltCli } from './run-cli.js';

const CLI = path.join(SERVER_DIR, 'dist/bin/import.js');
const tempDir = makeTempDir('maktaba-import-cli-');
const dataDir = path.join(tempDir, 'data');
const file = path.join(tempDir, 'books.jsonl');

const book = (id: string, title: string) =>
  JSON.stringify({ id, title, title_ar: 'كتاب', author: 'al-Kulayni', author_ar: 'الكليني', language: 'ar' });

// DATABASE_URL emptied: this is the embedded database's command line, whatever the caller's environment.
const runCli = (args: string[]) => runBuiltCli(CLI, args, { dataDir, env: { DATABASE_URL: '' } });

afterAll(() => fs.rmSync(tempDir, { recursive: true, force: true }));

// Each run is a new process on the embedded database; the first also migrates and loads the demo
// catalogue (about 20 s on a quiet 2-core machine), as the server process tests allow for.
describe.skipIf(!fs.existsSync(CLI))('npm run import', { timeout: 120_000 }, () => {
  let server: RunningServer | undefined;
  afterAll(async () => server?.close());

  it('imports a file, reports the rejected rows, and changes nothing the second time', () => {
    fs.writeFileSync(file, [book('cli:1', 'One'), '{not json', book('cli:2', 'Two'), '{"title":"No id"}'].join('\n'));
    const first = runCli([file, '--batch-size', '1']);
    expect(first.status, first.output).toBe(0);
    // Not a terminal: whole progress lines, the last one at 100 %.
    expect(first.output).toMatch(/^4\/4 \(100 %\), \d+ rows\/s — inserted 2, updated 0, unchanged 0, rejected 2$/m);
    expect(first.output).toContain('4 rows, 2 inserted, 0 updated, 0 unchanged, 2 rejected.');
    expect(first.output).toContain('line 2: This line is not valid JSON');
    expect(first.output).toContain('line 4: The record has no id');

    const second = runCli([file]);
    expect(second.status, second.output).toBe(0);
    expect(second.output).toContain('4 rows, 0 inserted, 0 updated, 2 unchanged, 2 rejected.');
  });

  it('fails with a clear message on a wrong option or a missing file', () => {
    const status = runCli([file, '--status', 'archived']);
    expect(status).toMatchObject({ status: 1 });
    expect(status.output).toContain('--status must be one of: draft, pending, approved');
    const missing = runCli([path.join(tempDir, 'nothing.jsonl')]);
    expect(missing.status).toBe(1);
    expect(missing.output).toContain('No such file');
  });

  it('refuses while the server owns the embedded database', async () => {
    const config = testConfig({ DATA_DIR: dataDir });
    server = await startServer(config, createLogger({ logLevel: 'silent', logPretty: false }));
    const busy = runCli([file]);
    expect(busy.status).toBe(1);
    expect(busy.output).toMatch(/in use by a running Maktaba server/);
    // What the earlier runs imported is there for the server.
    const health = await fetch(`http://127.0.0.1:${server.port}/api/health`);
    expect(health.status).toBe(200);
  });
});
