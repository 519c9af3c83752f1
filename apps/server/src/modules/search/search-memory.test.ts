import { describe, expect, it } from 'vitest';
import { createSearchMemory, type MemorySource } from './search-memory.js';
import { planQuery } from './search-plan.js';
import { BROAD_POOL, type PoolName, type PopularBook, popularMatches } from './suggest.repository.js';
import { popularBook } from './test-pool.js';

const book = popularBook;

/** A fake database: counts its reads, answers with what the test sets, fails when told to. */
function fakeSource(initial: { words: string[]; books: PopularBook[]; deep?: PopularBook[]; authors?: PoolName[] }) {
  const state = {
    deep: [] as PopularBook[],
    authors: [] as PoolName[],
    ...initial,
    wordReads: 0,
    poolReads: 0,
    deepReads: 0,
    nameReads: 0,
    fail: false,
  };
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
    async deepPool() {
      state.deepReads++;
      if (state.fail) throw new Error('the database is away');
      return {
        books: state.deep.map(({ id, search_title, search_authors }) => ({ id, search_title, search_authors })),
        complete: false,
      };
    },
    async names() {
      state.nameReads++;
      if (state.fail) throw new Error('the database is away');
      return { authors: { names: [...state.authors], complete: true }, categories: { names: [], complete: true } };
    },
  };
  return { state, source };
}

/** A full popular pool: the catalogue has more approved books than it holds, so a deep pool is worth reading. */
const fullPool = () => Array.from({ length: BROAD_POOL }, (_, index) => book(`p${index}`, `Risala ${index}`, 1));

const author = (id: string, name: string, books: number): PoolName => ({
  id,
  key: null,
  name_en: name,
  name_ar: null,
  books,
  search_name: name.toLowerCase(),
});

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

describe('the deep pool in memory', () => {
  it('is not read while the popular pool holds every approved book', async () => {
    const { state, source } = fakeSource({ words: [], books: [book('1', 'Kafi', 9)] });
    const memory = createSearchMemory(source, { poolTtlMs: 30_000 });
    await memory.popularBooks();
    expect(memory.deepPool()).toBeNull();
    await settle();
    expect(memory.deepPool()).toBeNull();
    expect(state.deepReads).toBe(0);
  });

  it('is read in the background once the popular pool is full, and used once built', async () => {
    const { state, source } = fakeSource({ words: [], books: fullPool(), deep: [book('d', 'Kafi', 1)] });
    const memory = createSearchMemory(source, { poolTtlMs: 30_000 });
    await memory.popularBooks();
    // Asking starts the read; the answer goes on without it meanwhile.
    expect(memory.deepPool()).toBeNull();
    expect(memory.deepPool()).toBeNull();
    await settle();
    await settle();
    expect(state.deepReads).toBe(1);
    expect(memory.deepPool()?.matches(planQuery('kaf'), 5).rows).toEqual([{ id: 'd', tier: 0 }]);
  });

  it('is not used for a catalogue that changed since it was read, until it is read again', async () => {
    const cache = { generation: 0 };
    const { state, source } = fakeSource({ words: [], books: fullPool(), deep: [book('d', 'Kafi', 1)] });
    const memory = createSearchMemory(source, { cache, poolTtlMs: 30_000 });
    await memory.popularBooks();
    memory.deepPool();
    await settle();
    await settle();
    expect(memory.deepPool()).not.toBeNull();
    // The book is withdrawn: the old pool must not answer for it.
    state.deep = [];
    cache.generation++;
    expect(memory.deepPool()).toBeNull();
    await settle();
    await settle();
    expect(state.deepReads).toBe(2);
    expect(memory.deepPool()?.size).toBe(0);
  });

  it('a read that ends after another change is not used', async () => {
    const cache = { generation: 0 };
    const { source } = fakeSource({ words: [], books: fullPool(), deep: [book('d', 'Kafi', 1)] });
    const memory = createSearchMemory(source, { cache, poolTtlMs: 30_000 });
    await memory.popularBooks();
    memory.deepPool();
    cache.generation++;
    await settle();
    await settle();
    expect(memory.deepPool()).toBeNull();
  });

  it('serves the pool it has once it is old, and reads it again behind the answers', async () => {
    let clock = 0;
    const { state, source } = fakeSource({ words: [], books: fullPool(), deep: [book('d', 'Kafi', 1)] });
    const memory = createSearchMemory(source, { poolTtlMs: 30_000, deepTtlMs: 300_000, now: () => clock });
    await memory.popularBooks();
    memory.deepPool();
    await settle();
    await settle();
    clock = 200_000;
    memory.deepPool();
    expect(state.deepReads).toBe(1);
    clock = 301_000;
    state.deep = [book('e', 'Kashf', 2), book('d', 'Kafi', 1)];
    expect(memory.deepPool()?.size).toBe(1);
    expect(memory.deepPool()?.size).toBe(1);
    await settle();
    await settle();
    expect(state.deepReads).toBe(2);
    expect(
      memory
        .deepPool()
        ?.matches(planQuery('ka'), 5)
        .rows.map((row) => row.id),
    ).toEqual(['e', 'd']);
  });

  it('says when a read fails, and tries again at the next use', async () => {
    const failures: unknown[] = [];
    const { state, source } = fakeSource({ words: [], books: fullPool(), deep: [book('d', 'Kafi', 1)] });
    const memory = createSearchMemory(source, { poolTtlMs: 30_000, onRefreshFailed: (error) => failures.push(error) });
    await memory.popularBooks();
    state.fail = true;
    expect(memory.deepPool()).toBeNull();
    await settle();
    await settle();
    expect(String(failures[0])).toContain('away');
    state.fail = false;
    expect(memory.deepPool()).toBeNull();
    await settle();
    await settle();
    expect(memory.deepPool()?.size).toBe(1);
  });
});

describe('authors and categories in memory', () => {
  it('are read once, and again after a catalogue change or a rebuilt vocabulary', async () => {
    const cache = { generation: 0 };
    const { state, source } = fakeSource({ words: [], books: [], authors: [author('k', 'Kulayni', 3)] });
    const memory = createSearchMemory(source, { cache, poolTtlMs: 30_000 });
    expect((await memory.names()).authors.names.map((name) => name.id)).toEqual(['k']);
    await memory.names();
    expect(state.nameReads).toBe(1);
    // A new author's first book was approved.
    state.authors = [author('k', 'Kulayni', 3), author('s', 'Saduq', 1)];
    cache.generation++;
    expect((await memory.names()).authors.names.map((name) => name.id)).toEqual(['k', 's']);
    // The vocabulary's rebuild recounts the books: Saduq now has more.
    state.authors = [author('s', 'Saduq', 5), author('k', 'Kulayni', 3)];
    memory.wordsChanged();
    expect((await memory.names()).authors.names.map((name) => [name.id, name.books])).toEqual([
      ['s', 5],
      ['k', 3],
    ]);
    expect(state.nameReads).toBe(3);
  });

  it('does not keep a failed read', async () => {
    const { state, source } = fakeSource({ words: [], books: [], authors: [author('k', 'Kulayni', 3)] });
    const memory = createSearchMemory(source, { poolTtlMs: 30_000 });
    state.fail = true;
    await expect(memory.names()).rejects.toThrow('away');
    state.fail = false;
    expect((await memory.names()).authors.names).toHaveLength(1);
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
