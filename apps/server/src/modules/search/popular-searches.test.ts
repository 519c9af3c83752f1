import { describe, expect, it } from 'vitest';
import type { PopularRow } from './hints.repository.js';
import { createPopularSearches, EVERY_SEARCH, namedSearches, type PopularSource } from './popular-searches.js';

const MIN_READERS = 3;

/**
 * A search history in memory: readers per normalised search, and the form they wrote. `read`
 * answers as the database would, and can be held back (`hold`) or made to fail (`failing`).
 */
function fakeHistory(initial: Record<string, { query: string; readers: number }>) {
  const table = new Map(Object.entries(initial));
  const reads: Array<readonly string[] | 'all'> = [];
  let held: Array<() => void> | null = null;
  let failing = false;
  const source: PopularSource = {
    async read(only) {
      reads.push(only ? [...only] : 'all');
      if (held) await new Promise<void>((resolve) => held?.push(resolve));
      if (failing) throw new Error('the database is away');
      const rows: PopularRow[] = [];
      for (const [normalized, { query, readers }] of table) {
        if (readers >= MIN_READERS && (!only || only.includes(normalized))) rows.push({ normalized, query, readers });
      }
      return rows.sort((a, b) => b.readers - a.readers);
    },
  };
  return {
    source,
    reads,
    set(normalized: string, readers: number, query = normalized) {
      table.set(normalized, { query, readers });
    },
    hold() {
      held = [];
    },
    release() {
      const waiting = held ?? [];
      held = null;
      for (const resolve of waiting) resolve();
    },
    fail(value: boolean) {
      failing = value;
    },
  };
}

const texts = (rows: PopularRow[]) => rows.map((row) => row.query);
/** Lets the reads started by a notice finish. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('popular searches in memory', () => {
  it('match the start of any word (an Arabic article may be left off), most widely searched first', async () => {
    const history = fakeHistory({
      'tahdhib al ahkam': { query: 'Tahdhib al-Ahkam', readers: 4 },
      'al kafi': { query: 'Al-Kafi', readers: 9 },
      'kamal al din': { query: 'Kamal al-Din', readers: 5 },
      الكافي: { query: 'الكافي', readers: 3 },
      'nahj al balagha': { query: 'Nahj al-Balagha', readers: 2 },
    });
    const popular = createPopularSearches(history.source);
    expect(texts(await popular.matching('ka', 10))).toEqual(['Al-Kafi', 'Kamal al-Din']);
    expect(texts(await popular.matching('ahk', 10))).toEqual(['Tahdhib al-Ahkam']);
    // A start may run over a word's end into the next.
    expect(texts(await popular.matching('kamal al', 10))).toEqual(['Kamal al-Din']);
    // Within a word is not the start of one.
    expect(await popular.matching('afi', 10)).toEqual([]);
    expect(texts(await popular.matching('كاف', 10))).toEqual(['الكافي']);
    // Fewer readers than needed: never offered.
    expect(await popular.matching('nahj', 10)).toEqual([]);
    expect(texts(await popular.matching('a', 1))).toEqual(['Al-Kafi']);
    expect(texts(await popular.matching('ka', 10, new Set(['al kafi'])))).toEqual(['Kamal al-Din']);
    // Read once, whole.
    expect(history.reads).toEqual(['all']);
  });

  it('read the searches named by a change again, and an answer asked for meanwhile waits for that read', async () => {
    const history = fakeHistory({ 'al kafi': { query: 'Al-Kafi', readers: 3 } });
    const popular = createPopularSearches(history.source);
    expect(texts(await popular.matching('ka', 10))).toEqual(['Al-Kafi']);
    // A reader deletes their account: the search has two readers left.
    history.set('al kafi', 2, 'Al-Kafi');
    history.set('nahj al balagha', 3, 'Nahj al-Balagha');
    history.hold();
    popular.changed(['al kafi', 'nahj al balagha']);
    const answer = popular.matching('ka', 10);
    let answered = false;
    void answer.then(() => {
      answered = true;
    });
    await settled();
    expect(answered).toBe(false);
    history.release();
    expect(await answer).toEqual([]);
    expect(texts(await popular.matching('na', 10))).toEqual(['Nahj al-Balagha']);
    expect(history.reads).toEqual(['all', ['al kafi', 'nahj al balagha']]);
  });

  it('take up the form most readers now write after a rewrite, and read everything again when told', async () => {
    const history = fakeHistory({ 'al kafi': { query: 'al kafi', readers: 3 } });
    const popular = createPopularSearches(history.source);
    await popular.matching('ka', 10);
    history.set('al kafi', 4, 'Al-Kafi');
    popular.changed(['al kafi']);
    expect(texts(await popular.matching('ka', 10))).toEqual(['Al-Kafi']);
    history.set('bihar al anwar', 5, 'Bihar al-Anwar');
    popular.changed(EVERY_SEARCH);
    expect(texts(await popular.matching('a', 10))).toEqual(['Bihar al-Anwar', 'Al-Kafi']);
    expect(history.reads).toEqual(['all', ['al kafi'], 'all']);
  });

  it('keep a change named during a read for a read after it', async () => {
    const history = fakeHistory({ 'al kafi': { query: 'Al-Kafi', readers: 3 } });
    const popular = createPopularSearches(history.source);
    await popular.matching('ka', 10);
    history.hold();
    popular.changed(['al kafi']);
    await settled();
    // Read under way; the search loses a reader after the read counted them.
    history.set('al kafi', 2);
    popular.changed(['al kafi']);
    history.release();
    await settled();
    expect(await popular.matching('ka', 10)).toEqual([]);
    expect(history.reads).toEqual(['all', ['al kafi'], ['al kafi']]);
  });

  it('forget everything when a read fails, and read it whole at the next use', async () => {
    const history = fakeHistory({ 'al kafi': { query: 'Al-Kafi', readers: 3 } });
    const popular = createPopularSearches(history.source);
    await popular.matching('ka', 10);
    history.fail(true);
    history.set('al kafi', 2);
    popular.changed(['al kafi']);
    await expect(popular.matching('ka', 10)).rejects.toThrow('the database is away');
    history.fail(false);
    expect(await popular.matching('ka', 10)).toEqual([]);
    expect(history.reads.at(-1)).toBe('all');
  });

  it('before the first use, keep no notices: the first use reads everything', async () => {
    const history = fakeHistory({ 'al kafi': { query: 'Al-Kafi', readers: 3 } });
    const popular = createPopularSearches(history.source);
    popular.changed(['al kafi']);
    popular.changed(EVERY_SEARCH);
    expect(texts(await popular.matching('al', 10))).toEqual(['Al-Kafi']);
    expect(history.reads).toEqual(['all']);
  });

  it('read a notice as the searches it names, and anything else as every search', () => {
    expect(namedSearches('["al kafi","الكافي"]')).toEqual(['al kafi', 'الكافي']);
    expect(namedSearches('*')).toBe(EVERY_SEARCH);
    expect(namedSearches('not json')).toBe(EVERY_SEARCH);
    expect(namedSearches('[1]')).toBe(EVERY_SEARCH);
    expect(namedSearches('{"a":1}')).toBe(EVERY_SEARCH);
  });
});
