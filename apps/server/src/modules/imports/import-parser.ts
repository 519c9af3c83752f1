import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import type { ImportFormat } from '@maktaba/shared/schemas/catalogue-import';
import { parse as parseCsv } from 'csv-parse';

/** One row of an import file: its line number, and either its fields or why it could not be read. */
export type ParsedRow = { line: number; fields: unknown } | { line: number; error: string };

const BOM = '\uFEFF';

/** The format named by the file's extension, else guessed from its first character. */
export function detectFormat(fileName: string, head: string): ImportFormat {
  const extension = path.extname(fileName).toLowerCase();
  if (['.jsonl', '.ndjson', '.json'].includes(extension)) return 'jsonl';
  if (extension === '.csv') return 'csv';
  return head.replace(BOM, '').trimStart().startsWith('{') ? 'jsonl' : 'csv';
}

/** JSON Lines, read line by line: a line that is not JSON is a rejected row, blank lines are skipped. */
async function* parseJsonLines(input: Readable): AsyncGenerator<ParsedRow> {
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let line = 0;
  for await (const raw of lines) {
    line++;
    const text = (line === 1 ? raw.replace(BOM, '') : raw).trim();
    if (!text) continue;
    try {
      yield { line, fields: JSON.parse(text) };
    } catch {
      yield { line, error: 'import.reasons.invalidJson' };
    }
  }
}

/** CSV with a header row naming the fields; a record the CSV reader cannot take is a rejected row. */
async function* parseCsvRows(input: Readable): AsyncGenerator<ParsedRow> {
  const skipped: ParsedRow[] = [];
  const parser = input.pipe(
    parseCsv({
      bom: true,
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      skip_empty_lines: true,
      skip_records_with_error: true,
      info: true,
      on_skip: (error) => {
        // The error carries the position the reader reached (csv-parse's `lines`).
        const { lines } = (error ?? {}) as { lines?: number };
        skipped.push({ line: Number(lines ?? 0), error: 'import.reasons.invalidCsv' });
        return undefined;
      },
    }),
  );
  for await (const { record, info } of parser as AsyncIterable<{ record: unknown; info: { lines: number } }>) {
    while (skipped.length) yield skipped.shift() as ParsedRow;
    yield { line: info.lines, fields: record };
  }
  yield* skipped;
}

/** Streams the rows of an import file in either format. */
export async function* parseImportFile(
  input: Readable | ReadableStream<Uint8Array>,
  fileName: string,
): AsyncGenerator<ParsedRow> {
  const stream = input instanceof Readable ? input : Readable.fromWeb(input as never);
  const iterator = stream[Symbol.asyncIterator]();
  // Peek at the first chunk to tell the format, then put it back in front of the rest.
  const first = await iterator.next();
  if (first.done) return;
  const head = Buffer.isBuffer(first.value) ? first.value : Buffer.from(first.value);
  const rest = Readable.from(
    (async function* () {
      yield head;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    })(),
  );
  const format = detectFormat(fileName, head.subarray(0, 64).toString('utf8'));
  yield* format === 'jsonl' ? parseJsonLines(rest) : parseCsvRows(rest);
}
