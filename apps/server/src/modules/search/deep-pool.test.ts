import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DeepPool, type DeepPoolBook } from './deep-pool.js';
import { planQuery } from './search-plan.js';
import { popularMatches } from './suggest.repository.js';
import { popularBook } from './test-pool.js';

const WORDS = ['kitab', 'kafi', 'kamil', 'al', 'sharh', 'usul', 'bihar', 'anwar', 'كتاب', 'الكافي', 'كافي', 'شرح'];

const whole = (book: DeepPoolBook) => ({ ...popularBook(book.id, book.search_title), ...book });

const bookArbitrary = fc.record({
  title: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }),
  authors: fc.array(fc.constantFrom(...WORDS), { maxLength: 2 }),
});

/** Typed texts: whole words and beginnings of them, Arabic and Latin, with and without a space after. */
const typedArbitrary = fc
  .array(fc.tuple(fc.constantFrom(...WORDS), fc.integer({ min: 1, max: 6 })), { minLength: 1, maxLength: 3 })
  .chain((parts) =>
    fc.tuple(
      fc.constant(parts.map(([word, length]) => word.slice(0, Math.max(1, Math.min(word.length, length)))).join(' ')),
      fc.boolean(),
    ),
  )
  .map(([text, finished]) => (finished ? `${text} ` : text));

describe('the deep pool', () => {
  it('finds what a scan of every book finds, in the same order, and counts each tier', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(bookArbitrary, { maxLength: 60 }),
        typedArbitrary,
        fc.integer({ min: 1, max: 12 }),
        async (drafts, typed, limit) => {
          const books = drafts.map((draft, index) => ({
            id: `b${index}`,
            search_title: draft.title.join(' '),
            search_authors: draft.authors.join(' '),
          }));
          const pool = await DeepPool.build(books, true);
          const plan = planQuery(typed);
          const scanned = popularMatches(books.map(whole), plan, books.length);
          const found = pool.matches(plan, limit);
          const expected = scanned.slice(0, limit).map((row) => ({ id: row.id, tier: row.tier }));
          expect(found.rows).toEqual(expected);
          const beginning = scanned.filter((row) => row.tier === 0).length;
          if (beginning < limit) {
            expect(found.counts).toEqual([beginning, scanned.filter((row) => row.tier <= 1).length, scanned.length]);
          } else {
            // The reading stopped at `limit` titles that begin with the text: none after can come first.
            expect(found.counts[0]).toBe(limit);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads only the books that hold the rarest word, and says whether it holds every book', async () => {
    const books: DeepPoolBook[] = [
      { id: 'a', search_title: 'sharh usul kafi', search_authors: 'mazandarani' },
      { id: 'b', search_title: 'kamil ziyarat', search_authors: 'ibn qulawayh' },
      { id: 'c', search_title: 'kafi', search_authors: 'kulayni' },
      { id: 'd', search_title: 'kafiyya', search_authors: 'ibn hajib' },
    ];
    const pool = await DeepPool.build(books, false);
    expect(pool.complete).toBe(false);
    expect(pool.size).toBe(4);
    expect(pool.matches(planQuery('kafi'), 10).rows).toEqual([
      { id: 'c', tier: 0 },
      { id: 'd', tier: 0 },
      { id: 'a', tier: 1 },
    ]);
    expect(pool.matches(planQuery('kafi '), 10).rows.map((row) => row.id)).toEqual(['c', 'a']);
    expect(pool.matches(planQuery('ibn ka'), 10).rows).toEqual([
      { id: 'b', tier: 2 },
      { id: 'd', tier: 2 },
    ]);
    expect(pool.matches(planQuery('zz'), 10)).toEqual({ rows: [], counts: [0, 0, 0] });
  });

  it('is built a slice at a time, letting other work run in between', async () => {
    const books = Array.from({ length: 5_000 }, (_, index) => ({
      id: `b${index}`,
      search_title: `kitab ${index}`,
      search_authors: '',
    }));
    // Another piece of work that needs a turn of the event loop for each step it takes.
    let turns = 0;
    let built = false;
    const step = () => {
      turns++;
      if (!built) setImmediate(step);
    };
    setImmediate(step);
    const pool = await DeepPool.build(books, true);
    built = true;
    expect(pool.matches(planQuery('kitab 4999 '), 5).rows).toEqual([{ id: 'b4999', tier: 0 }]);
    expect(turns).toBeGreaterThanOrEqual(2);
  });
});
