import { describe, expect, it } from 'vitest';
import { createSearchMemory, type MemorySource } from './search-memory.js';
import { planQuery } from './search-plan.js';
import { type PopularBook, popularMatches } from './suggest.repository.js';

const book = (id: string, title: string, popularity: number, authors = ''): PopularBook => ({
  id,
  title_en: title,
  title_ar: null,
  cover_key: null,
  publication_year: null,
  author_en: null,
  author_ar: null,
  category_en: null,
  category_ar: null,
  popularity,
  search_title: title.toLowerCase().replaceAll('-', ' '),
  search_authors: authors,
});

/** A fake database: counts its reads, answers with what the test sets, fails when told to. */
function fakeSource(initial: { words: string[]; books: PopularBook[] }) {
  const state = { ...initial, wordReads: 0, poolReads: 0, fail: false };
  const source: MemorySource = {
    async words() {
      state.wordReads++;
      if (state.fail) throw new Error('the database is away');
      return state.words.map((word) => ({ word, books: 1 }));
    },
    async popularBooks() {
      state.poolReads++;
      if (state.fail) throw new Error('the database is away');
      return [...state.books];
    },
  };
  return { state, source };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('what search keeps in memory', () => {
  it('reads the vocabulary once, and again when a rebuild is announced', async () => {
    const { state, source } = fakeSource({ words: ['kitab'], books: [] });
    const memory = createSearchMemory(source, { poolTtlMs: 30_000 });
    expect((await memory.vocabulary()).knows('kitab', false)).toBe(true);
    await memory.vocabulary();
    expect(state.wordReads).toBe(1);
    state.words = ['kitab', 'zanjabil'];
    memory.wordsChanged();
    expect((await memory.vocabulary()).knows('zanjabil', false)).toBe(true);
    expect(state.wordReads).toBe(2);
  });

  it('does not keep a failed read: the next use reads again', async () => {
    const { state, source } = fakeSource({ words: ['kitab'], books: [book('1', 'Kitab', 5)] });
    const memory = createSearchMemory(source, { poolTtlMs: 30_000 });
    state.fail = true;
    await expect(memory.vocabulary()).rejects.toThrow('away');
    await expect(memory.popularBooks()).rejects.toThrow('away');
    state.fail = false;
    expect((await memory.vocabulary()).size).toBe(1);
    expect(await memory.popularBooks()).toHaveLength(1);
  });

  it('reads the popular books again, and waits for them, after the catalogue changed', async () => {
    const cache = { generation: 0 };
    const { state, source } = fakeSource({ words: [], books: [book('1', 'Kafi', 9)] });
    const memory = createSearchMemory(source, { cache, poolTtlMs: 30_000 });
    expect((await memory.popularBooks()).map((b) => b.id)).toEqual(['1']);
    await memory.popularBooks();
    expect(state.poolReads).toBe(1);
    // The book is withdrawn: the next keystroke must not suggest it.
    state.books = [];
    cache.generation++;
    expect(await memory.popularBooks()).toEqual([]);
    expect(state.poolReads).toBe(2);
  });

  it('serves the popular books it has once they are old, and reads them again behind the answer', async () => {
    let clock = 0;
    const { state, source } = fakeSource({ words: [], books: [book('1', 'Kafi', 9)] });
    const memory = createSearchMemory(source, { poolTtlMs: 30_000, now: () => clock });
    await memory.popularBooks();
    clock = 31_000;
    state.books = [book('2', 'Kashf', 20), book('1', 'Kafi', 9)];
    // The old list at once; one read started, however many ask meanwhile.
    const [first, second] = await Promise.all([memory.popularBooks(), memory.popularBooks()]);
    expect(first.map((b) => b.id)).toEqual(['1']);
    expect(second.map((b) => b.id)).toEqual(['1']);
    expect(state.poolReads).toBe(2);
    await settle();
    expect((await memory.popularBooks()).map((b) => b.id)).toEqual(['2', '1']);
    expect(state.poolReads).toBe(2);
  });

  it('says when reading the popular books again fails, and keeps serving the books it has', async () => {
    let clock = 0;
    const failures: unknown[] = [];
    const { state, source } = fakeSource({ words: [], books: [book('1', 'Kafi', 9)] });
    const memory = createSearchMemory(source, {
      poolTtlMs: 30_000,
      now: () => clock,
      onRefreshFailed: (error) => failures.push(error),
    });
    await memory.popularBooks();
    clock = 31_000;
    state.fail = true;
    expect((await memory.popularBooks()).map((b) => b.id)).toEqual(['1']);
    await settle();
    expect(failures).toHaveLength(1);
    expect(String(failures[0])).toContain('away');
    // Tried again at the next use, not kept as a failure.
    state.fail = false;
    state.books = [book('2', 'Kashf', 20)];
    await memory.popularBooks();
    await settle();
    expect((await memory.popularBooks()).map((b) => b.id)).toEqual(['2']);
  });
});

describe('a broad prefix among the popular books', () => {
  const pool = [
    book('a', 'Sharh al-Kafi', 50, 'mazandarani'),
    book('b', 'Kamil al-Ziyarat', 40, 'ibn qulawayh'),
    book('c', 'Al-Kafi', 30, 'kulayni'),
    book('d', 'Nahj al-Balagha', 20, 'sharif radi'),
    book('e', 'Risala', 10, 'kashif al ghita'),
  ];

  it('finds titles that begin with it, then titles with a word that does, then authors; by popularity within each', () => {
    expect(popularMatches(pool, planQuery('ka'), 10).map((row) => row.id)).toEqual(['b', 'a', 'c', 'e']);
    expect(popularMatches(pool, planQuery('ka'), 2).map((row) => row.id)).toEqual(['b', 'a']);
    expect(popularMatches(pool, planQuery('zz'), 10)).toEqual([]);
  });

  it('counts a title that begins with another form of the text as beginning with it', () => {
    // "alkafi": the article written onto the word; the index holds Al-Kafi's title as "kafi".
    const indexed = [book('s', 'Sharh Usul Kafi', 60), book('f', 'Kafi fi Fiqh', 9), book('k', 'Kafi', 8)];
    expect(popularMatches(indexed, planQuery('alkafi'), 10).map((row) => [row.id, row.tier])).toEqual([
      ['f', 0],
      ['k', 0],
      ['s', 1],
    ]);
  });

  it('finds a finished word as a whole word, and by its other forms', () => {
    const more = [...pool, book('f', 'Kafiyya', 5), book('g', 'Sharh al-Kafiyat', 4), book('h', 'Kitab al-Tawhid', 3)];
    expect(popularMatches(more, planQuery('kafi '), 10).map((row) => row.id)).toEqual(['a', 'c']);
    expect(popularMatches(more, planQuery('kafi'), 10).map((row) => row.id)).toEqual(['f', 'a', 'c', 'g']);
    // A plural finds the singular, as the index does.
    expect(popularMatches(more, planQuery('kitabs '), 10).map((row) => row.id)).toEqual(['h']);
    // Every word, the last as typed so far; in the title or an author's name.
    expect(popularMatches(more, planQuery('sharh kafi'), 10).map((row) => row.id)).toEqual(['a', 'g']);
    expect(popularMatches(more, planQuery('al ka'), 10).map((row) => row.id)).toEqual(['b', 'f', 'a', 'c', 'g', 'e']);
    expect(popularMatches(more, planQuery('kashif gh'), 10).map((row) => row.id)).toEqual(['e']);
    expect(popularMatches(more, planQuery('sharh z'), 10)).toEqual([]);
  });
});
