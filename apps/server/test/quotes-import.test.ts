/**
 * The quotes import over HTTP (JSON Lines: id, quote, arabicQuote, author, source): progress on
 * the catalogue import's jobs, idempotence on each line's id, the rejected-rows report with line
 * numbers, the source split into title, reference, translator and link, and who may import. The
 * library's own file (../shared/data/quotes.jsonl) is imported when it is there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseQuoteSource } from '@maktaba/shared/schemas/quotes';
import { count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { quotes } from '../src/db/schema/index.js';
import type { ApiClient, Json } from './api-client.js';
import { accountAs, describeEachDriver, REPO_ROOT, useTestServer } from './helpers.js';

const LIBRARY_FILE = path.resolve(REPO_ROOT, '../shared/data/quotes.jsonl');
const libraryFile = fs.existsSync(LIBRARY_FILE) ? fs.readFileSync(LIBRARY_FILE, 'utf8') : null;

const jsonl = (rows: unknown[]) =>
  `${rows.map((row) => (typeof row === 'string' ? row : JSON.stringify(row))).join('\n')}\n`;

describe('the source of an imported quote', () => {
  it('is split into title, reference, translator and link', () => {
    expect(
      parseQuoteSource(
        'Nahj al-Balāgha (compiled by al-Sharīf al-Raḍī), Saying 6; tr. Sayed Ali Raza; https://thaqalayn.net/hadith/32/3/6/6',
      ),
    ).toEqual({
      source_title: 'Nahj al-Balāgha (compiled by al-Sharīf al-Raḍī)',
      source_reference: 'Saying 6',
      translator: 'Sayed Ali Raza',
      source_url: 'https://thaqalayn.net/hadith/32/3/6/6',
    });
    expect(parseQuoteSource('Ghurar al-Hikam')).toEqual({
      source_title: 'Ghurar al-Hikam',
      source_reference: null,
      translator: null,
      source_url: null,
    });
    expect(parseQuoteSource('Some book; javascript:alert(1)').source_url).toBeNull();
  });
});

describeEachDriver('quotes import over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1' } });
  let db: Database;
  let librarian: ApiClient;
  let patron: ApiClient;

  async function upload(client: ApiClient, content: string, fileName: string, fields: Record<string, string> = {}) {
    const form = new FormData();
    form.set('file', new File([content], fileName));
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    const response = await fetch(`${server.url}/api/admin/quote-imports`, {
      method: 'POST',
      headers: { ...client.defaultHeaders, cookie: client.cookieHeader() },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as Json };
  }

  async function runImport(content: string, fileName = 'quotes.jsonl', fields: Record<string, string> = {}) {
    const started = await upload(librarian, content, fileName, fields);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    for (;;) {
      const job = await librarian.get(`/api/admin/quote-imports/${started.body.id}`);
      expect(job.status).toBe(200);
      if (job.body.status !== 'running') return job.body;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const total = async () => (await db.select({ n: count() }).from(quotes))[0]?.n ?? 0;

  beforeAll(async () => {
    db = server.db;
    librarian = (await accountAs(server, 'librarian', { name: 'Import Librarian' })).client;
    patron = (await accountAs(server, 'patron', { name: 'Import Patron' })).client;
  });

  it('imports new lines, leaves them unchanged the second time, and updates a changed one', async () => {
    const lines = [
      {
        id: 'q-1',
        quote: 'First saying.',
        arabicQuote: 'القَوْلُ الأَوَّلُ',
        author: 'Test Speaker',
        source: 'Test Book, Saying 1; tr. T. Translator; https://example.org/1',
      },
      { id: 'q-2', arabicQuote: 'قول ثان', author: 'متكلم', source: 'Test Book, Saying 2' },
    ];
    const first = await runImport(jsonl(lines), 'small.jsonl', { status: 'pending' });
    expect(first).toMatchObject({
      status: 'done',
      total: 2,
      processed: 2,
      inserted: 2,
      unchanged: 0,
      rejected: 0,
      quote_status: 'pending',
    });
    const rows = await db
      .select()
      .from(quotes)
      .where(inArray(quotes.externalId, ['q-1', 'q-2']));
    const one = rows.find((row) => row.externalId === 'q-1');
    expect(one).toMatchObject({
      status: 'pending',
      textEn: 'First saying.',
      speakerEn: 'Test Speaker',
      sourceTitle: 'Test Book',
      sourceReference: 'Saying 1',
      translator: 'T. Translator',
      sourceUrl: 'https://example.org/1',
    });
    expect(one?.searchText).toContain('اول');
    expect(rows.find((row) => row.externalId === 'q-2')).toMatchObject({
      speakerAr: 'متكلم',
      speakerEn: null,
      textEn: null,
    });

    const again = await runImport(jsonl(lines), 'small.jsonl', { status: 'pending' });
    expect(again).toMatchObject({ status: 'done', inserted: 0, updated: 0, unchanged: 2 });

    const changed = await runImport(
      jsonl([{ ...lines[0], quote: 'First saying, corrected.' }, lines[1]]),
      'small.jsonl',
    );
    expect(changed).toMatchObject({ inserted: 0, updated: 1, unchanged: 1 });
    const [updated] = await db.select().from(quotes).where(eq(quotes.externalId, 'q-1'));
    // An update keeps the quote's status.
    expect(updated).toMatchObject({ textEn: 'First saying, corrected.', status: 'pending' });
  });

  it('reports a bad line with its line number and changes nothing else', async () => {
    const before = await total();
    const file = [
      JSON.stringify({ id: 'bad-1', quote: 'A good line.', author: 'Someone' }),
      '{this is not json',
      JSON.stringify({ id: 'bad-3', quote: '', arabicQuote: null, author: 'Nobody' }),
      JSON.stringify({ quote: 'No id here' }),
      '',
    ].join('\n');
    const job = await runImport(file, 'bad.jsonl', { status: 'approved' });
    expect(job).toMatchObject({ status: 'done', total: 4, inserted: 1, rejected: 3 });
    expect(job.rejected_rows).toEqual([
      { line: 2, id: null, reason: 'import.reasons.invalidJson' },
      { line: 3, id: 'bad-3', reason: 'import.reasons.missingQuoteText' },
      { line: 4, id: null, reason: 'import.reasons.missingId', params: { field: 'id' } },
    ]);
    expect(await total()).toBe(before + 1);
    const [good] = await db.select().from(quotes).where(eq(quotes.externalId, 'bad-1'));
    expect(good?.status).toBe('approved');
    expect(good?.approvedAt).not.toBeNull();
  });

  it.skipIf(libraryFile === null)(
    'imports the library’s quotes file: every line inserted, then unchanged (skipped when ../shared/data/quotes.jsonl is absent)',
    async () => {
      const content = libraryFile ?? '';
      const count = content.split('\n').filter((line) => line.trim()).length;
      expect(count).toBe(392);
      const first = await runImport(content, 'quotes.jsonl', { status: 'approved' });
      expect(first).toMatchObject({ status: 'done', total: 392, inserted: 392, updated: 0, rejected: 0 });
      const second = await runImport(content, 'quotes.jsonl', { status: 'approved' });
      expect(second).toMatchObject({ status: 'done', total: 392, inserted: 0, updated: 0, unchanged: 392 });
      const [row] = await db.select().from(quotes).where(eq(quotes.externalId, 'nahj-saying-6'));
      expect(row).toMatchObject({
        status: 'approved',
        sourceReference: 'Saying 6',
        translator: 'Sayed Ali Raza',
        sourceUrl: 'https://thaqalayn.net/hadith/32/3/6/6',
      });
      // A vowelled saying is found by its bare words.
      const found = await patron.get(`/api/quotes?q=${encodeURIComponent('صدر العاقل صندوق سره')}`);
      expect(found.status).toBe(200);
      expect(found.body.items.map((item: { text_ar: string }) => item.text_ar)).toContain(row?.textAr);
    },
  );

  it('is for those who may edit quotes; jobs are the creator’s, and the book import does not list them', async () => {
    expect((await upload(patron, jsonl([{ id: 'p-1', quote: 'x' }]), 'p.jsonl')).status).toBe(403);
    expect((await patron.get('/api/admin/quote-imports')).status).toBe(403);
    const job = await runImport(jsonl([{ id: 'listed-1', quote: 'Listed.' }]), 'listed.jsonl');
    const list = await librarian.get('/api/admin/quote-imports');
    expect(list.status).toBe(200);
    expect(list.body.jobs.map((entry: { id: string }) => entry.id)).toContain(job.id);
    const other = (await accountAs(server, 'librarian', { name: 'Other Librarian' })).client;
    expect((await other.get(`/api/admin/quote-imports/${job.id}`)).status).toBe(404);
    const books = await librarian.get('/api/admin/imports');
    expect(books.status).toBe(200);
    expect(books.body.jobs.map((entry: { id: string }) => entry.id)).not.toContain(job.id);
    expect((await librarian.get(`/api/admin/imports/${job.id}`)).status).toBe(404);
    expect((await upload(librarian, jsonl([]), 'x.jsonl', { status: 'archived' })).status).toBe(422);
  });
});
