import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  IMPORT_BOOK_STATUSES,
  IMPORT_LIMITS,
  type ImportBookStatus,
  type ImportCounts,
  type RejectedRow,
} from '@maktaba/shared/schemas/catalogue-import';
import { openDatabase } from '../db/client.js';
import { ImportBatchError, importCatalogue } from '../modules/imports/import.service.js';
import { parseImportFile } from '../modules/imports/import-parser.js';
import { english, fail, loadCliConfig } from './cli-support.js';

const USAGE = `Usage: npm run import -- <file> [--status approved|pending|draft] [--batch-size N]

Imports books from a JSON Lines (.jsonl) or CSV (.csv) file into the catalogue. Each record's id
is kept as the book's external id: importing the same file again changes nothing, and a changed
record updates its book. Rows that are not valid are listed at the end; the others are imported.
New books get the given status (default: approved).

With the embedded database, stop the server first (it owns the data directory).`;

/** Without a terminal (a log, a pipe) one progress line every this many batches. */
const LOG_EVERY_BATCHES = 5;

function parseOptions() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      status: { type: 'string', default: 'approved' },
      'batch-size': { type: 'string', default: String(IMPORT_LIMITS.batchSizeDefault) },
      help: { type: 'boolean', default: false },
    },
  });
  const [file] = positionals;
  if (values.help || !file) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(values.help ? 0 : 64);
  }
  if (!(IMPORT_BOOK_STATUSES as readonly string[]).includes(values.status)) {
    fail(`--status must be one of: ${IMPORT_BOOK_STATUSES.join(', ')}`);
  }
  const batchSize = Number(values['batch-size']);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > IMPORT_LIMITS.batchSizeMax) {
    fail(`--batch-size must be a whole number from 1 to ${IMPORT_LIMITS.batchSizeMax}`);
  }
  return { file: path.resolve(file), status: values.status as ImportBookStatus, batchSize };
}

function progressLine(counts: ImportCounts, startedAt: number): string {
  const percent = counts.total ? Math.floor((counts.processed / counts.total) * 100) : 100;
  const seconds = (performance.now() - startedAt) / 1000;
  const rate = seconds > 0 ? Math.round(counts.processed / seconds) : 0;
  return (
    `${counts.processed}/${counts.total} (${percent} %), ${rate} rows/s — inserted ${counts.inserted}, ` +
    `updated ${counts.updated}, unchanged ${counts.unchanged}, rejected ${counts.rejected}`
  );
}

function printRejected(rows: RejectedRow[]) {
  if (!rows.length) return;
  process.stdout.write(`\nRejected rows (${rows.length}):\n`);
  for (const row of rows) {
    process.stdout.write(`  line ${row.line}${row.id ? ` (${row.id})` : ''}: ${english(row.reason, row.params)}\n`);
  }
}

async function main() {
  const options = parseOptions();
  if (!fs.existsSync(options.file)) fail(`No such file: ${options.file}`);

  const { config, logger } = loadCliConfig();
  const database = await openDatabase(config, logger);
  const isTerminal = process.stdout.isTTY === true;
  const startedAt = performance.now();
  let batches = 0;
  try {
    const result = await importCatalogue(
      database.db,
      parseImportFile(fs.createReadStream(options.file), options.file),
      {
        status: options.status,
        batchSize: options.batchSize,
        createdBy: null,
        onProgress: (counts) => {
          const line = progressLine(counts, startedAt);
          if (isTerminal) process.stdout.write(`\r${line}\u001b[K`);
          else if (batches % LOG_EVERY_BATCHES === 0 || counts.processed === counts.total) {
            process.stdout.write(`${line}\n`);
          }
          batches++;
        },
      },
    );
    if (isTerminal) process.stdout.write('\n');
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    process.stdout.write(
      `\nImported ${path.basename(options.file)} in ${seconds} s: ${result.total} rows, ${result.inserted} inserted, ` +
        `${result.updated} updated, ${result.unchanged} unchanged, ${result.rejected} rejected.\n`,
    );
    printRejected(result.rejectedRows);
  } catch (error) {
    if (isTerminal) process.stdout.write('\n');
    if (!(error instanceof ImportBatchError)) throw error;
    printRejected(error.result.rejectedRows);
    // Not fail(): the database must be closed first, or PGlite loses the batches already committed.
    process.stderr.write(`${error.message}\n${(error.cause as Error | undefined)?.message ?? ''}\n`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => fail((error as Error).message));
