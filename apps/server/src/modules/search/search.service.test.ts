import { SearchQuerySchema } from '@maktaba/shared/schemas/search';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/queryable.js';
import { searchBooks } from './search.service.js';
import { Vocabulary, type VocabularyWord } from './vocabulary.js';

const dialect = new PgDialect();

/** A fake database that records the statements it is sent and finds one book for every one. */
function fakeDatabase() {
  const sent: Array<{ sql: string; params: unknown[] }> = [];
  const db = {
    async execute(statement: SQL) {
      const query = dialect.sqlToQuery(statement);
      sent.push(query);
      if (query.sql.includes("'total' as facet")) {
        return { rows: [{ facet: 'total', value: null, count: 50, label: null, label_ar: null }] };
      }
      return { rows: [] };
    },
  } as unknown as Queryable;
  return { db, sent };
}

const memoryOf = (words: VocabularyWord[]) => ({ vocabulary: async () => new Vocabulary(words) });

/** The text match of the first statement sent: its tsquery, and whether a word is checked on the rows. */
async function matchOf(q: string, words: VocabularyWord[]) {
  const { db, sent } = fakeDatabase();
  await searchBooks(db, SearchQuerySchema.parse({ q }), { seesUnpublished: false, memory: memoryOf(words) });
  const first = sent[0];
  if (!first) throw new Error('no statement');
  return {
    tsquery: first.params.find((param) => typeof param === 'string' && param.includes("'")),
    checked: first.sql.includes('b.search_authors) like'),
  };
}

describe('searchBooks: the word being typed after others', () => {
  it('goes through the index when fewer books hold a word beginning with it than hold the others', async () => {
    // "تفسير المي": 79k books hold "تفسير", 14k a word beginning "مي" (checking "مي" on the 79k took 2 s).
    const words = [
      { word: 'تفسير', books: 79_209 },
      { word: 'ميزان', books: 9_000 },
      { word: 'ميراث', books: 4_905 },
    ];
    expect(await matchOf('تفسير المي', words)).toEqual({ tsquery: "'تفسير' & 'مي':*", checked: false });
  });

  it('is checked on the books the others find when a short one begins far more words', async () => {
    const words = [
      { word: 'bihar', books: 40 },
      { word: 'anwar', books: 300 },
      { word: 'an', books: 90_000 },
    ];
    expect(await matchOf('bihar an', words)).toEqual({ tsquery: "'bihar'", checked: true });
  });

  it('is checked when a longer one begins words of far more books', async () => {
    const words = [
      { word: 'bihar', books: 40 },
      { word: 'anwar', books: 300 },
      { word: 'anwaar', books: 200 },
    ];
    expect(await matchOf('bihar anwa', words)).toEqual({ tsquery: "'bihar'", checked: true });
    // With a space after it, the word is complete: always through the index.
    expect(await matchOf('bihar anwar ', words)).toEqual({ tsquery: "'bihar' & 'anwar'", checked: false });
  });
});
