import { SearchQuerySchema } from '@maktaba/shared/schemas/search';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/queryable.js';
import { searchBooks } from './search.service.js';
import { Vocabulary, type VocabularyWord } from './vocabulary.js';

const dialect = new PgDialect();

/**
 * A fake database that records the statements it is sent. Every query finds 50 books, or with
 * `finds`, only those whose tsquery holds that word.
 */
function fakeDatabase(finds?: string) {
  const sent: Array<{ sql: string; params: unknown[] }> = [];
  const db = {
    async execute(statement: SQL) {
      const query = dialect.sqlToQuery(statement);
      sent.push(query);
      const count = finds && !query.params.some((param) => String(param).includes(`'${finds}'`)) ? 0 : 50;
      if (query.sql.includes("'total' as facet")) {
        return { rows: [{ facet: 'total', value: null, count, label: null, label_ar: null }] };
      }
      if (query.sql.includes('count(*)::int as n')) return { rows: [{ n: count }] };
      return { rows: [] };
    },
  } as unknown as Queryable;
  return { db, sent };
}

const memoryOf = (words: VocabularyWord[]) => ({
  vocabulary: async () => new Vocabulary(words),
  popularBooks: async () => [],
});

/** The text match of a statement: its tsquery, and whether a word is checked on the rows. */
const matchIn = (statement: { sql: string; params: unknown[] }) => ({
  tsquery: statement.params.find((param) => typeof param === 'string' && param.includes("'")),
  checked: statement.sql.includes('b.search_authors) like'),
});

/** Vocabulary rows from word: books. */
const wordsOf = (counts: Record<string, number>): VocabularyWord[] =>
  Object.entries(counts).map(([word, books]) => ({ word, books }));

/** The text match of the first statement sent. */
async function matchOf(q: string, words: VocabularyWord[]) {
  const { db, sent } = fakeDatabase();
  await searchBooks(db, SearchQuerySchema.parse({ q }), { seesUnpublished: false, memory: memoryOf(words) });
  const first = sent[0];
  if (!first) throw new Error('no statement');
  return matchIn(first);
}

describe('searchBooks: the word being typed after others', () => {
  it('goes through the index when fewer books hold a word beginning with it than hold the others', async () => {
    // "تفسير المي": 79k books hold "تفسير", 14k a word beginning "مي" (checking "مي" on the 79k took 2 s).
    const words = wordsOf({ تفسير: 79_209, ميزان: 9_000, ميراث: 4_905 });
    expect(await matchOf('تفسير المي', words)).toEqual({ tsquery: "'تفسير' & 'مي':*", checked: false });
  });

  it('is checked on the books the others find when a short one begins far more words', async () => {
    const words = wordsOf({ bihar: 40, anwar: 300, an: 90_000 });
    expect(await matchOf('bihar an', words)).toEqual({ tsquery: "'bihar'", checked: true });
  });

  it('is checked when a longer one begins words of far more books', async () => {
    const words = wordsOf({ bihar: 40, anwar: 300, anwaar: 200 });
    expect(await matchOf('bihar anwa', words)).toEqual({ tsquery: "'bihar'", checked: true });
    // With a space after it, the word is complete: always through the index.
    expect(await matchOf('bihar anwar ', words)).toEqual({ tsquery: "'bihar' & 'anwar'", checked: false });
  });

  it('is decided again for the corrected words', async () => {
    // "tafseer qumm": "tafseer" is in no book, so "qumm" is checked on the books it finds; once
    // corrected to "tafsir" (79k books) it goes through the index (2k books hold "qummi").
    const words = wordsOf({ tafsir: 79_209, qummi: 2_000 });
    const { db, sent } = fakeDatabase('tafsir');
    const result = await searchBooks(db, SearchQuerySchema.parse({ q: 'tafseer qumm' }), {
      seesUnpublished: false,
      memory: memoryOf(words),
    });
    expect(result.query.corrections).toEqual([{ from: 'tafseer', to: 'tafsir' }]);
    expect(matchIn(sent[0] as (typeof sent)[number])).toEqual({ tsquery: "'tafseer'", checked: true });
    const corrected = sent.filter((statement) => String(matchIn(statement).tsquery).includes('tafsir'));
    expect(corrected.length).toBeGreaterThan(0);
    for (const statement of corrected) {
      expect(matchIn(statement)).toEqual({ tsquery: "('tafseer' | 'tafsir') & 'qumm':*", checked: false });
    }
  });
});
