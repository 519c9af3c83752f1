import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/queryable.js';
import { DeepPool } from './deep-pool.js';
import { planQuery } from './search-plan.js';
import { type BookSuggestionRow, type PoolName, suggestBooks, suggestNames } from './suggest.repository.js';
import { popularBook } from './test-pool.js';

const dialect = new PgDialect();

type Book = { id: string; title: string; authors?: string };

const row = (book: Book): BookSuggestionRow => ({
  id: book.id,
  title_en: book.title,
  title_ar: null,
  cover_key: null,
  publication_year: null,
  author_en: book.authors ?? null,
  author_ar: null,
  category_en: null,
  category_ar: null,
});

const popular = (book: Book) => popularBook(book.id, book.title, 0, book.authors);

/**
 * A fake database holding `catalogue`: it names each statement it is sent (a read of books by id,
 * the titles that begin with the text, the whole catalogue's matches, names) and answers a read
 * by id with those books; `answers` gives the rows of the others.
 */
function fakeDatabase(
  catalogue: Book[],
  answers: Partial<Record<'beginning' | 'everywhere' | 'names', unknown[]>> = {},
) {
  const sent: string[] = [];
  const db = {
    async execute(statement: SQL) {
      const query = dialect.sqlToQuery(statement);
      if (query.sql.includes('json_array_elements_text')) {
        sent.push('by id');
        const ids = JSON.parse(
          query.params.find((param) => typeof param === 'string' && param.startsWith('[')) as string,
        );
        return { rows: catalogue.filter((book) => ids.includes(book.id)).map(row) };
      }
      const kind = query.sql.includes('with beginning')
        ? 'beginning'
        : query.sql.includes('search_name')
          ? 'names'
          : 'everywhere';
      sent.push(kind);
      return { rows: answers[kind] ?? [] };
    },
  } as unknown as Queryable;
  return { db, sent };
}

const deepOf = (books: Book[], complete: boolean) =>
  DeepPool.build(
    books.map((book) => ({ id: book.id, search_title: book.title.toLowerCase(), search_authors: book.authors ?? '' })),
    complete,
  );

describe('suggested books with the deep pool', () => {
  // Most popular first. The popular pool (kept whole) holds the first two.
  const catalogue: Book[] = [
    { id: 'p1', title: 'Risala', authors: 'kashif' },
    { id: 'p2', title: 'Sharh Kafi' },
    { id: 'd1', title: 'Kafi' },
    { id: 'd2', title: 'Kafi fi Fiqh' },
    { id: 'd3', title: 'Kamil Ziyarat' },
    { id: 'd4', title: 'Nahj Balagha' },
  ];
  const head = catalogue.slice(0, 2).map(popular);

  it('answers from memory when its places all begin with the text, reading only the books it lacks', async () => {
    const { db, sent } = fakeDatabase(catalogue);
    const deep = await deepOf(catalogue, false);
    const found = await suggestBooks(db, planQuery('ka'), 2, { popular: async () => head, deep });
    expect(found.map((book) => book.id)).toEqual(['d1', 'd2']);
    expect(sent).toEqual(['by id']);
  });

  it('answers from memory when it holds every approved book, however few match', async () => {
    const { db, sent } = fakeDatabase(catalogue);
    const deep = await deepOf(catalogue, true);
    const found = await suggestBooks(db, planQuery('nahj'), 5, { popular: async () => head, deep });
    expect(found.map((book) => book.id)).toEqual(['d4']);
    expect(sent).toEqual(['by id']);
  });

  it('asks the whole catalogue when it holds too few matches and not every book', async () => {
    const { db, sent } = fakeDatabase(catalogue, { everywhere: [{ ...row({ id: 'x', title: 'Nahj' }), tier: 0 }] });
    const deep = await deepOf(catalogue, false);
    const found = await suggestBooks(db, planQuery('nahj'), 5, { popular: async () => head, deep });
    expect(found.map((book) => book.id)).toEqual(['x']);
    expect(sent).toEqual(['everywhere']);
  });

  it('looks up titles that begin with the text beyond it when its places do not all begin with it', async () => {
    const books: Book[] = [...catalogue, { id: 'd5', title: 'Talkhis Sharh' }];
    // The database's titles that begin with "sharh", most popular first: one the pool has, one beyond it.
    const beginning = [
      { ...row(catalogue[1] as Book), tier: 0 },
      { ...row({ id: 'far', title: 'Sharh Kafi Mazandarani' }), tier: 0 },
    ];
    const { db, sent } = fakeDatabase(books, { beginning });
    const deep = await deepOf(books, false);
    const found = await suggestBooks(db, planQuery('sharh'), 2, { popular: async () => head, deep });
    expect(found.map((book) => book.id)).toEqual(['p2', 'far']);
    expect([...sent].sort()).toEqual(['beginning', 'by id']);
    // No title beyond it begins with the text: its title with a word that does comes after.
    const none = fakeDatabase(books, { beginning: beginning.slice(0, 1) });
    const fewer = await suggestBooks(none.db, planQuery('sharh'), 2, { popular: async () => head, deep });
    expect(fewer.map((book) => book.id)).toEqual(['p2', 'd5']);
  });

  it('never reads every book holding an Arabic word to find a title with a word that begins with it', async () => {
    const arabic: Book[] = [
      { id: 'a1', title: 'Usul al-Kafi الكافي كافي', authors: 'kulayni' },
      { id: 'a2', title: 'Sharh الكافي كافي' },
      { id: 'a3', title: 'Kitab', authors: 'الكافي كافي' },
    ];
    const { db, sent } = fakeDatabase(arabic);
    const deep = await deepOf(arabic, false);
    const found = await suggestBooks(db, planQuery('كافي'), 3, { popular: async () => [], deep });
    expect(found.map((book) => book.id)).toEqual(['a1', 'a2', 'a3']);
    expect(sent.sort()).toEqual(['beginning', 'by id']);
  });

  it('without the deep pool, asks the database as before', async () => {
    const { db, sent } = fakeDatabase(catalogue, { everywhere: [{ ...row(catalogue[3] as Book), tier: 0 }] });
    await suggestBooks(db, planQuery('kafi f'), 3, { popular: async () => head, deep: null });
    expect(sent).toEqual(['everywhere']);
  });
});

describe('suggested names from memory', () => {
  const name = (id: string, text: string, books: number): PoolName => ({
    id,
    key: null,
    name_en: text,
    name_ar: null,
    books,
    search_name: text.toLowerCase(),
  });
  const authors = [name('k', 'Kulayni', 40), name('q', 'Ibn Qulawayh', 9), name('t', 'Ibn Tawus', 7)];

  it('answers each kind from memory when it holds every name of it or enough matches', async () => {
    const { db, sent } = fakeDatabase([]);
    const pool = {
      authors: { names: authors, complete: false },
      categories: { names: [name('h', 'Hadith', 100)], complete: true },
    };
    const found = await suggestNames(db, planQuery('ibn'), 2, pool);
    expect(found.authors.map((author) => author.id)).toEqual(['q', 't']);
    expect(found.categories).toEqual([]);
    expect(sent).toEqual([]);
    // Fewer matches than places, and the pool does not hold every author: the database is asked.
    await suggestNames(db, planQuery('ibn q'), 2, pool);
    expect(sent).toEqual(['names']);
  });

  it('matches every word at the start of a word of the name, a finished word as a whole word', async () => {
    const { db, sent } = fakeDatabase([]);
    const pool = { authors: { names: authors, complete: true }, categories: { names: [], complete: true } };
    const ids = async (typed: string) =>
      (await suggestNames(db, planQuery(typed), 5, pool)).authors.map((author) => author.id);
    expect(await ids('ibn ')).toEqual(['q', 't']);
    expect(await ids('ibn ta')).toEqual(['t']);
    expect(await ids('ulay')).toEqual([]);
    expect(await ids('kulay ')).toEqual([]);
    expect(await ids('kulay')).toEqual(['k']);
    expect(sent).toEqual([]);
  });

  it('asks the database for a kind it holds only part of, when it has too few matches', async () => {
    const { db, sent } = fakeDatabase([], {
      names: [{ kind: 'authors', id: 'z', key: null, name_en: 'Ibn Zuhra', name_ar: null, books: 1 }],
    });
    const pool = {
      authors: { names: authors, complete: false },
      categories: { names: [], complete: true },
    };
    const found = await suggestNames(db, planQuery('zuh'), 5, pool);
    expect(found.authors.map((author) => author.id)).toEqual(['z']);
    expect(sent).toEqual(['names']);
  });
});
