/**
 * Search through HTTP (reader-area §2.1 /search, §2.4, §3, §7): the demo catalogue searched in
 * English and Arabic, with the orthographic variants, diacritics and transliterations readers
 * type, typos, prefixes, filters and facets, ranking, highlights, suggestions, and recent searches.
 */
import {
  FACETS,
  type SearchResult,
  SearchResultSchema,
  type SuggestResult,
  SuggestResultSchema,
} from '@maktaba/shared/schemas/search';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/client.js';
import { LISTENER_APPLICATION_NAME } from '../src/db/pg-listener.js';
import { rowsOf } from '../src/db/raw.js';
import { books } from '../src/db/schema/index.js';
import { readDemoCatalogue } from '../src/modules/catalogue/demo-catalogue.js';
import { readerWritesSettled } from '../src/modules/search/reader-writes.js';
import { rebuildSearchWords } from '../src/modules/search/search-index.js';
import { type ApiClient, clientFrom } from './api-client.js';
import { accountAs, describeEachDriver, useTestServer } from './helpers.js';

const demo = readDemoCatalogue();
const demoBook = (key: string) => {
  const book = demo.books.find((candidate) => candidate.key === key);
  if (!book) throw new Error(`no demo book ${key}`);
  return book;
};

describeEachDriver('search over HTTP', (driver) => {
  // Readers each from an address of their own (several sign up to make a search popular).
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1' } });
  let db: Database;
  let anonymous: ApiClient;
  let patron: { client: ApiClient; id: string };
  let librarian: { client: ApiClient; id: string };

  async function search(query: string, client = anonymous): Promise<SearchResult> {
    const response = await client.get(`/api/search?${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return SearchResultSchema.parse(response.body);
  }
  const q = (text: string, extra = '') => search(`q=${encodeURIComponent(text)}${extra}`);
  const titles = (result: SearchResult) => result.hits.map((hit) => hit.title);
  const top = async (text: string, count = 5) => titles(await q(text)).slice(0, count);

  async function suggestions(text: string, client = anonymous, limit = 10): Promise<SuggestResult> {
    const response = await client.get(`/api/search/suggest?q=${encodeURIComponent(text)}&limit=${limit}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return SuggestResultSchema.parse(response.body);
  }

  beforeAll(async () => {
    db = server.db;
    anonymous = clientFrom(server.url);
    [patron, librarian] = await Promise.all([accountAs(server, 'patron'), accountAs(server, 'librarian')]);
  });

  describe('matching', () => {
    it('finds a book by its English title, first', async () => {
      expect((await top('Al-Kafi'))[0]).toBe('Al-Kafi');
      expect((await top('al kafi'))[0]).toBe('Al-Kafi');
      expect((await top('kafi'))[0]).toBe('Al-Kafi');
      // The Latin article written onto its word.
      expect((await top('alkafi'))[0]).toBe('Al-Kafi');
    });

    it('finds a book by its Arabic title with or without the article, diacritics, tatweel or hamza forms', async () => {
      for (const text of ['الكافي', 'كافي', 'الكَافِي', 'الكـــافي', 'ٱلكافي']) {
        expect((await top(text))[0], text).toBe('Al-Kafi');
      }
      expect(await top('تهذيب الاحكام')).toContain('Tahdhib al-Ahkam');
      expect(await top('بحار الانوار')).toContain('Bihar al-Anwar');
      expect(await top('مراه العقول')).toContain("Mir'at al-'Uqul");
    });

    it('meets transliterations with and without ʿayn marks and apostrophes', async () => {
      for (const text of ["Wasa'il al-Shi'a", 'wasail al shia', 'Wasāʾil al-Shīʿa']) {
        expect((await top(text))[0], text).toBe("Wasa'il al-Shi'a");
      }
    });

    it('corrects typos against the indexed words: one from 4 letters, two from 8, a swap counting as one', async () => {
      const result = await q('Tahdhib al-Ahkma');
      expect(titles(result)[0]).toBe('Tahdhib al-Ahkam');
      expect(result.query.corrections).toEqual([{ from: 'ahkma', to: 'ahkam' }]);
      expect(await top('Mustadrak al-Wasial')).toContain("Mustadrak al-Wasa'il");
      expect(await top('bihhar anwwar')).toContain('Bihar al-Anwar');
      // Three letters are too short for a typo: nothing is invented.
      expect((await q('kqz')).total).toBe(0);
    });

    it('meets the Latin spellings of Persian and Urdu readers: e or ee for i, z for dh, o or oo for u', async () => {
      expect((await top('Tahzeeb al-Ahkam'))[0]).toBe('Tahdhib al-Ahkam');
      expect((await top('tahzib ahkam'))[0]).toBe('Tahdhib al-Ahkam');
      expect((await top('Risalat al-Hoqooq'))[0]).toBe('Risalat al-Huquq (The Treatise on Rights)');
      const typing = await suggestions('tahzee');
      expect(typing.suggestions.some((suggestion) => suggestion.query === 'Tahdhib al-Ahkam')).toBe(true);
      // "Did you mean" offers a word, not the beginning of one.
      expect(typing.correction).toBe('tahdhib');
    });

    it('matches the word being typed as a prefix', async () => {
      expect(await top('Tahdhib al-Ah')).toContain('Tahdhib al-Ahkam');
      expect(await top('بحار الأن')).toContain('Bihar al-Anwar');
      // One or two letters typed after other words: checked on what the other words found.
      expect((await top('Bihar al-A'))[0]).toBe('Bihar al-Anwar');
      expect((await top('بحار الأ'))[0]).toBe('Bihar al-Anwar');
      // A space after the word means it is finished.
      expect((await q('Tahdh ')).total).toBe(0);
    });

    it('searches authors, with titles ranked above them', async () => {
      const byAuthor = await q('Kulayni');
      expect(byAuthor.hits.map((hit) => hit.id)).toContain(
        (await q('Al-Kafi')).hits.find((hit) => hit.title === 'Al-Kafi')?.id,
      );
      expect(byAuthor.hits.every((hit) => hit.authors.some((author) => /Kulayni/.test(author.name ?? '')))).toBe(true);
      const arabic = await q('الكليني');
      expect(arabic.total).toBe(byAuthor.total);
    });

    it('retries without the words that find nothing, and says which', async () => {
      const result = await q('Bihar al-Anwar zzxqvw');
      expect(titles(result)).toContain('Bihar al-Anwar');
      expect(result.query.dropped).toEqual(['zzxqvw']);
    });

    it('detects the query script', async () => {
      expect((await q('الكافي')).query.script).toBe('ar');
      expect((await q('kafi')).query.script).toBe('en');
      expect((await q('kafi الكافي')).query.script).toBe('mixed');
    });
  });

  describe('hits', () => {
    it('carry both titles, authors in both names, the category, the cover and highlights of the matched words', async () => {
      const result = await q('الكافي');
      const hit = result.hits[0];
      const book = demoBook('al-kafi');
      expect(hit?.title_ar).toBe(book.title_ar);
      expect(hit?.external_id).toBe('demo:al-kafi');
      expect(hit?.authors[0]?.name_ar).toBe('محمد بن يعقوب الكليني');
      expect(hit?.category).toBe('Hadith');
      expect(hit?.category_ar).toBe('الحديث');
      expect(hit?.cover_image).toBeNull();
      expect(hit?.highlights.title_ar).toEqual([[0, 'الكافي'.length]]);
      // An Arabic query has nothing to mark in the English title.
      expect(hit?.highlights.title).toEqual([]);
      expect((await q('al-kafi')).hits[0]?.highlights.title).toEqual([[3, 'Al-Kafi'.length]]);
      const vowelled = await q('الكَافِي');
      expect(vowelled.hits[0]?.highlights.title_ar).toEqual([[0, 'الكافي'.length]]);
      const author = await q('Kulayni');
      const ranges = author.hits[0]?.highlights.authors[0]?.name ?? [];
      expect(ranges.map(([start, end]) => author.hits[0]?.authors[0]?.name?.slice(start, end))).toEqual(['Kulayni']);
    });
  });

  describe('filters, facets, sort and paging', () => {
    it('filters by category (with its sub-categories) and counts facets without the facet’s own filter', async () => {
      const all = await search('category=hadith');
      const hadith = demo.books.filter((book) => book.categories.includes('hadith')).length;
      const sub = demo.books.filter(
        (book) =>
          !book.categories.includes('hadith') &&
          book.categories.some((key) => ['hadith-sciences', 'rijal'].includes(key)),
      ).length;
      expect(all.total).toBe(hadith + sub);
      const categoryFacet = all.facets.category.find((value) => value.value === 'hadith');
      // The count of a category takes in its sub-categories, as its filter does.
      expect(categoryFacet?.count).toBe(all.total);
      expect(categoryFacet?.label).toBe('Hadith');
      expect(categoryFacet?.label_ar).toBe('الحديث');
      // The category facet is counted without the category filter: other categories remain choosable.
      expect(all.facets.category.length).toBeGreaterThan(2);
      const both = await search('category=hadith&category=ethics');
      expect(both.total).toBeGreaterThan(all.total);
      // Each author counts their books among the matches.
      const inHadith = (book: (typeof demo.books)[number]) =>
        book.categories.some((key) => ['hadith', 'hadith-sciences', 'rijal'].includes(key));
      expect(all.facets.author.length).toBeGreaterThan(1);
      for (const facet of all.facets.author) {
        const author = demo.authors.find((candidate) => candidate.name_en === facet.label);
        expect(author, facet.label ?? '').toBeDefined();
        const books = demo.books.filter((book) => inHadith(book) && book.authors.includes(author?.key ?? ''));
        expect(facet.count, facet.label ?? '').toBe(books.length);
      }
    });

    it('counts each facet value as many books as choosing it finds', async () => {
      for (const text of ['', 'hadith', 'الكافي']) {
        const base = await search(`q=${encodeURIComponent(text)}&per_page=1`);
        let checked = 0;
        for (const facet of FACETS) {
          const values = base.facets[facet];
          // Most frequent first, then by value for scalar facets (a fixed order).
          expect(values.map((value) => value.count)).toEqual(
            [...values.map((value) => value.count)].sort((a, b) => b - a),
          );
          for (const value of values) {
            const chosen = await search(
              `q=${encodeURIComponent(text)}&${facet}=${encodeURIComponent(value.value)}&per_page=1`,
            );
            expect(value.count, `${text} ${facet}=${value.value}`).toBe(chosen.total);
            checked++;
          }
        }
        expect(checked, text).toBeGreaterThan(5);
      }
    });

    it('combines text, language, availability and year filters', async () => {
      const arabic = await search('q=hadith&language=ar');
      expect(arabic.hits.every((hit) => hit.language === 'ar')).toBe(true);
      const languages = arabic.facets.language.map((value) => value.value);
      expect(languages).toContain('ar');
      const digital = await search('is_digital=true');
      expect(digital.hits.every((hit) => hit.is_digital)).toBe(true);
      const available = await search('available=true');
      expect(available.hits.every((hit) => hit.available)).toBe(true);
      const [year] = await rowsOf<{ y: number | null }>(
        db,
        sql`select min(publication_year) as y from books where publication_year is not null`,
      );
      if (year?.y !== undefined && year.y !== null) {
        const ranged = await search(`publication_year=${year.y}-${year.y}`);
        expect(ranged.total).toBeGreaterThan(0);
        expect(ranged.hits.every((hit) => hit.publication_year === year.y)).toBe(true);
      }
    });

    it('sorts by title and newest, and pages without overlap', async () => {
      const byTitle = await search('sort=title&per_page=50');
      const keys = byTitle.hits.map((hit) => (hit.title ?? hit.title_ar ?? '').toLowerCase());
      expect(keys).toEqual([...keys].sort());
      const first = await search('per_page=10');
      const second = await search('per_page=10&page=2');
      expect(first.total).toBe(demo.books.length);
      const ids = new Set(first.hits.map((hit) => hit.id));
      expect(second.hits.some((hit) => ids.has(hit.id))).toBe(false);
    });

    it('refuses bad parameters, naming them, and ignores status for patrons', async () => {
      const bad = await anonymous.get('/api/search?per_page=500&sort=random');
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.error.details.fieldErrors).sort()).toEqual(['per_page', 'sort']);
      const [draft] = await db
        .insert(books)
        .values({ titleEn: 'Hidden Draft of Patience', status: 'draft' })
        .returning({ id: books.id });
      await server.running.deps.searchIndex.refresh();
      expect((await q('Hidden Draft of Patience')).hits.some((hit) => hit.id === draft?.id)).toBe(false);
      const asPatron = await search('q=Hidden%20Draft&status=draft', patron.client);
      expect(asPatron.hits.some((hit) => hit.id === draft?.id)).toBe(false);
      const asLibrarian = await search('q=Hidden%20Draft&status=draft', librarian.client);
      expect(asLibrarian.hits.map((hit) => hit.id)).toContain(draft?.id);
      // A draft's words do not leak through typo corrections or suggestions either.
      expect((await suggestions('Hidden Draft')).suggestions).toEqual([]);
    });
  });

  /** A new book saved by a librarian (a draft until approved); its id. */
  async function createDraft(title: string, titleAr: string): Promise<string> {
    const created = await librarian.client.post('/api/books', {
      title,
      title_ar: titleAr,
      author_ids: [],
      category_ids: [],
      copies_total: 1,
      copies_available: 1,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.id as string;
  }

  describe('index upkeep', () => {
    it('a book saved by an editor is searchable at once, and an author renamed is found by the new name', async () => {
      const id = await createDraft('Treatise on Gratitude', 'رسالة في الشكر');
      const asLibrarian = await search('q=gratitude&status=draft', librarian.client);
      expect(asLibrarian.hits.map((hit) => hit.id)).toEqual([id]);
      expect((await q('الشكر')).hits.some((hit) => hit.id === id)).toBe(false);
      const approved = await librarian.client.post(`/api/books/${id}/status`, { status: 'approved' });
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      expect((await q('الشكر')).hits.map((hit) => hit.id)).toContain(id);
    });
  });

  it('a rebuilt vocabulary is announced to the server, which then corrects a new word mistyped', async () => {
    const id = await createDraft('Zanjabil of the Gardens', 'زنجبيل البساتين');
    expect((await librarian.client.post(`/api/books/${id}/status`, { status: 'approved' })).status).toBe(200);
    // Found as written at once; a mistyped form only once the vocabulary holds the word.
    expect((await q('zanjabil')).hits.map((hit) => hit.id)).toEqual([id]);
    expect((await q('zanjabli ')).hits).toEqual([]);
    await db.transaction((tx) => rebuildSearchWords(tx));
    const { memory } = server.running.deps.searchIndex;
    await expect.poll(async () => (await memory.vocabulary()).knows('zanjabil', false)).toBe(true);
    const corrected = await q('zanjbail ');
    expect(corrected.hits.map((hit) => hit.id)).toEqual([id]);
    expect(corrected.query.corrections).toEqual([{ from: 'zanjbail', to: 'zanjabil' }]);
    expect((await suggestions('zanjbali')).suggestions.map((s) => s.id)).toContain(id);
  });

  it('a book withdrawn is no longer suggested for a short prefix, at once', async () => {
    const id = await createDraft('Zhubdat al-Bayan', 'زبدة البيان');
    expect((await librarian.client.post(`/api/books/${id}/status`, { status: 'approved' })).status).toBe(200);
    // One place: the popular books kept in memory fill it without the index.
    expect((await suggestions('zh', anonymous, 1)).suggestions.map((s) => s.id)).toEqual([id]);
    expect((await librarian.client.post(`/api/books/${id}/status`, { status: 'archived' })).status).toBe(200);
    expect((await suggestions('zh', anonymous, 1)).suggestions.map((s) => s.id)).not.toContain(id);
  });

  it('a title written with Persian letters is found as an Arabic reader types it, and suggested too', async () => {
    const id = await createDraft('Golestan of the Sages', 'گلستان چهل پند ژرف');
    expect((await librarian.client.post(`/api/books/${id}/status`, { status: 'approved' })).status).toBe(200);
    // The reader types ك for گ, ج for چ, ب for پ, ز for ژ.
    expect((await q('كلستان جهل بند زرف')).hits.map((hit) => hit.id)).toContain(id);
    expect((await q('گلستان')).hits.map((hit) => hit.id)).toContain(id);
    expect((await suggestions('كلستان')).suggestions.map((s) => s.id)).toContain(id);
  });

  it('a new cover shows in search answers at once, though the answer before it was cached', async () => {
    const before = (await q('Bihar al-Anwar')).hits[0];
    expect(before?.cover_image).toBeNull();
    const png = await sharp({ create: { width: 60, height: 90, channels: 3, background: '#6d28d9' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cover.png');
    const uploaded = await fetch(`${server.url}/api/books/${before?.id}/cover`, {
      method: 'PUT',
      body: form,
      headers: { cookie: librarian.client.cookieHeader(), ...librarian.client.defaultHeaders },
    });
    expect(uploaded.status).toBe(200);
    const after = (await q('Bihar al-Anwar')).hits[0];
    expect(after?.cover_image).toMatch(/^\/storage\/v1\/object\/public\/covers\//);
  });

  describe('suggestions', () => {
    it('offer books, authors and categories for an English or Arabic prefix, with where each leads', async () => {
      const english = await suggestions('kaf');
      const book = english.suggestions.find((suggestion) => suggestion.type === 'book');
      expect(book?.query).toBe('Al-Kafi');
      expect(book?.query_ar).toBe('الكافي');
      expect(book?.metadata.href).toBe(`/book/${book?.id}`);
      const arabic = await suggestions('الكا');
      expect(arabic.script).toBe('ar');
      expect(arabic.suggestions.some((suggestion) => suggestion.query_ar === 'الكافي')).toBe(true);
      const author = (await suggestions('kulay')).suggestions.find((suggestion) => suggestion.type === 'author');
      expect(author?.query).toBe("Muhammad ibn Ya'qub al-Kulayni");
      expect(author?.metadata.href).toBe(`/author/${author?.id}`);
      const category = (await suggestions('فقه')).suggestions.find((suggestion) => suggestion.type === 'category');
      expect(category?.query_ar).toBe('الفقه');
      expect(category?.metadata.href).toBe('/search?category=jurisprudence');
    });

    it('split about half books, 30 % authors and 20 % categories, and respect the limit', async () => {
      const result = await suggestions('al', anonymous, 10);
      expect(result.suggestions.length).toBeLessThanOrEqual(10);
      const count = (type: string) => result.suggestions.filter((suggestion) => suggestion.type === type).length;
      expect(count('book')).toBeGreaterThanOrEqual(5);
      expect(count('author')).toBeLessThanOrEqual(5);
      expect((await suggestions('al', anonymous, 8)).suggestions.length).toBeLessThanOrEqual(8);
      expect((await suggestions('   ')).suggestions).toEqual([]);
    });

    it('correct a mistyped word when nothing matches as typed, then leave out words that find nothing', async () => {
      const result = await suggestions('bihhar');
      expect(result.suggestions.some((suggestion) => suggestion.query === 'Bihar al-Anwar')).toBe(true);
      const dropped = await suggestions('Bihar zzxqvw al-Anw');
      expect(dropped.suggestions.some((suggestion) => suggestion.query === 'Bihar al-Anwar')).toBe(true);
      const short = await suggestions('Bihar al-A');
      expect(short.suggestions[0]?.query).toBe('Bihar al-Anwar');
    });

    it('include a signed-in reader’s own recent searches, never another’s, and forget them on request', async () => {
      await search('q=Bihar%20al-Anwar', patron.client);
      const own = await suggestions('bih', patron.client);
      expect(own.suggestions[0]).toMatchObject({ type: 'recent', query: 'Bihar al-Anwar' });
      expect(own.suggestions[0]?.metadata.href).toBe('/search?q=Bihar+al-Anwar');
      const other = await suggestions('bih', librarian.client);
      expect(other.suggestions.some((suggestion) => suggestion.type === 'recent')).toBe(false);
      expect((await suggestions('bih')).suggestions.some((suggestion) => suggestion.type === 'recent')).toBe(false);
      expect((await anonymous.delete('/api/search/recent')).status).toBe(401);
      expect((await patron.client.delete('/api/search/recent')).status).toBe(204);
      const after = await suggestions('bih', patron.client);
      expect(after.suggestions.some((suggestion) => suggestion.type === 'recent')).toBe(false);
    });
  });

  describe('search hints (from 2 characters) and "Did you mean" (from 3)', () => {
    /** Three signed-in readers; the first searches for the first text, the second the second… ('' for none). */
    let readers: Array<{ client: ApiClient; id: string }> = [];
    async function searchedBy(texts: string[]) {
      if (readers.length === 0) readers = await Promise.all([1, 2, 3].map(() => accountAs(server, 'patron')));
      for (const [index, text] of texts.entries()) {
        const reader = readers[index];
        if (!text || !reader) continue;
        await search(`q=${encodeURIComponent(text)}`, reader.client);
        // A reader's search is recorded just after its answer: another reader sees it once it is.
        await readerWritesSettled(db, reader.id);
      }
    }
    const ofType = (result: SuggestResult, type: string) =>
      result.suggestions.filter((suggestion) => suggestion.type === type);

    it('offer what at least three readers searched and still finds books, from 2 characters, to anyone', async () => {
      await searchedBy(['Tahdhib al-Ahkam', 'tahdhib al-ahkam', 'Tahdhib al-Ahkam']);
      // Two readers only: one reader's words are never shown to another.
      await searchedBy(['Nahj al-Balagha', 'Nahj al-Balagha']);
      // Many readers, but it finds nothing.
      await searchedBy(['tazzqqx', 'tazzqqx', 'tazzqqx']);
      const hints = ofType(await suggestions('ta'), 'popular');
      expect(hints.map((hint) => hint.query)).toEqual(['Tahdhib al-Ahkam']);
      expect(hints[0]?.metadata.href).toBe('/search?q=Tahdhib+al-Ahkam');
      // The start of a later word finds it too; one character is not enough for a hint.
      expect(ofType(await suggestions('ahk', patron.client), 'popular').map((hint) => hint.query)).toEqual([
        'Tahdhib al-Ahkam',
      ]);
      expect(ofType(await suggestions('t'), 'popular')).toEqual([]);
      expect(ofType(await suggestions('na'), 'popular')).toEqual([]);
      await searchedBy(['', '', 'Nahj al-Balagha']);
      expect(ofType(await suggestions('na'), 'popular').map((hint) => hint.query)).toEqual(['Nahj al-Balagha']);
    });

    it('meet Arabic spellings through the normaliser, show the form most readers wrote, and skip the reader’s own recent one', async () => {
      await searchedBy(['الكافى', 'الكافى', 'الكَافِي']);
      for (const text of ['الكافي', 'الكاف', 'كاف', 'الكَا']) {
        expect(
          ofType(await suggestions(text), 'popular').map((hint) => hint.query),
          text,
        ).toEqual(['الكافى']);
      }
      const reader = await accountAs(server, 'patron');
      await search(`q=${encodeURIComponent('الكافي')}`, reader.client);
      const own = await suggestions('الكا', reader.client);
      expect(ofType(own, 'recent').map((hint) => hint.query)).toEqual(['الكافي']);
      expect(ofType(own, 'popular')).toEqual([]);
    });

    it('drop a search from the hints as soon as it has too few readers, whichever way it lost one', async () => {
      const bihar = () => suggestions('bih').then((result) => ofType(result, 'popular').map((hint) => hint.query));
      type Reader = Awaited<ReturnType<typeof accountAs>>;
      const four = await Promise.all([1, 2, 3, 4].map(() => accountAs(server, 'patron')));
      const [first, second, third, fourth] = four as [Reader, Reader, Reader, Reader];
      const searchAs = async (reader: Reader) => {
        await search(`q=${encodeURIComponent('Bihar al-Anwar')}`, reader.client);
        await readerWritesSettled(db, reader.id);
      };
      for (const reader of [first, second, third]) await searchAs(reader);
      expect(await bihar()).toEqual(['Bihar al-Anwar']);
      // A reader clears their recent searches: two readers left.
      expect((await first.client.delete('/api/search/recent')).status).toBe(204);
      expect(await bihar()).toEqual([]);
      await searchAs(fourth);
      expect(await bihar()).toEqual(['Bihar al-Anwar']);
      // An account deleted by an admin takes its searches with it (the database's cascade): every
      // server hears of it from the database.
      const admin = await accountAs(server, 'admin');
      expect((await admin.client.delete(`/api/admin/users/${second.id}`)).status).toBe(200);
      await vi.waitFor(async () => expect(await bihar()).toEqual([]), { timeout: 5_000, interval: 20 });
      // A change another server makes (here straight in the database) reaches this one the same way.
      await searchAs(first);
      expect(await bihar()).toEqual(['Bihar al-Anwar']);
      await db.execute(sql`delete from search_history where user_id = ${third.id}`);
      await vi.waitFor(async () => expect(await bihar()).toEqual([]), { timeout: 5_000, interval: 20 });
    });

    it.runIf(driver.name === 'postgres')(
      'run their statements without JIT compilation, on every connection',
      async () => {
        // More connections than one: each new one is set up before its first statement.
        const settings = await Promise.all(
          Array.from({ length: 4 }, () =>
            db.transaction(async (tx) =>
              rowsOf<{ jit: string }>(tx, sql`select current_setting('jit') as jit, pg_sleep(0.05)`),
            ),
          ),
        );
        expect(settings.map((rows) => rows[0]?.jit)).toEqual(['off', 'off', 'off', 'off']);
      },
    );

    it.runIf(driver.name === 'postgres')(
      'read every popular search again when the listener is back after its connection was cut',
      async () => {
        const kamal = () => suggestions('kama').then((result) => ofType(result, 'popular').map((hint) => hint.query));
        type Reader = Awaited<ReturnType<typeof accountAs>>;
        const three = (await Promise.all([1, 2, 3].map(() => accountAs(server, 'patron')))) as [Reader, Reader, Reader];
        for (const reader of three) {
          await search(`q=${encodeURIComponent('Kamal al-Din')}`, reader.client);
          await readerWritesSettled(db, reader.id);
        }
        expect(await kamal()).toEqual(['Kamal al-Din']);
        // The notice of this deletion goes nowhere: the listener's connection is cut in the same
        // transaction, before the commit.
        await db.transaction(async (tx) => {
          await tx.execute(sql`delete from search_history where user_id = ${three[0].id}`);
          await tx.execute(
            sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
          );
        });
        await vi.waitFor(async () => expect(await kamal()).toEqual([]), { timeout: 10_000, interval: 50 });
      },
    );

    it('the search says "Did you mean" with the words as the catalogue writes them, only when it found too little', async () => {
      const latin = await q('Tahdhib al-Ahkma');
      expect(latin.query.suggestion).toBe('tahdhib ahkam');
      expect(titles(await q(latin.query.suggestion ?? ''))[0]).toBe('Tahdhib al-Ahkam');
      const arabic = await q('مرات العقول');
      expect(arabic.query.suggestion).toBe('مرآة العقول');
      expect(titles(await q(arabic.query.suggestion ?? ''))).toContain("Mir'at al-'Uqul");
      // A word written in no title, only in an author's name: read from the authors.
      expect((await q('شهراشوت')).query.suggestion).toBe('شهرآشوب');
      // Found as typed, too short for a typo, or nothing closer.
      expect((await q('Al-Kafi')).query.suggestion).toBeNull();
      expect((await q('kqz')).query.suggestion).toBeNull();
      expect((await q('zzxqvwzz')).query.suggestion).toBeNull();
    });

    it('suggestions offer "Did you mean" first when the text as typed matches nothing', async () => {
      const mistyped = await suggestions('bihhar');
      expect(mistyped.correction).toBe('bihar');
      expect(mistyped.suggestions[0]).toMatchObject({ type: 'correction', query: 'bihar' });
      expect(mistyped.suggestions[0]?.metadata.href).toBe('/search?q=bihar');
      expect(ofType(mistyped, 'book').map((book) => book.query)).toContain('Bihar al-Anwar');
      expect((await suggestions('bihhar', anonymous, 3)).suggestions.length).toBeLessThanOrEqual(3);
      const arabic = await suggestions('مرات');
      expect(arabic.correction).toBe('مرآة');
      expect((await suggestions('Bihar')).correction).toBeNull();
      expect(ofType(await suggestions('Bihar'), 'correction')).toEqual([]);
    });
  });
});
