import { SEARCH_LIMITS } from '@maktaba/shared/schemas/search';
import { detectQueryScript } from '@maktaba/shared/search-text';
import type { Queryable } from '../../db/queryable.js';
import { findWrittenForm, type PopularRow, WRITTEN_FORM_ROWS, writtenWord } from './hints.repository.js';
import type { PopularSearches } from './popular-searches.js';
import { countUpTo } from './search.repository.js';
import type { SearchCache } from './search-cache.js';
import { planQuery, type QueryPlan } from './search-plan.js';
import type { PopularBook } from './suggest.repository.js';

/** Letters of the normalised text, spaces aside: what the §5 thresholds count. */
export const typedLength = (normalized: string) => [...normalized.replace(/\s/gu, '')].length;

/** §5: search hints start at 2 characters. */
export const offersHints = (normalized: string) => typedLength(normalized) >= SEARCH_LIMITS.hintsFrom;

/** §5: query enhancement ("Did you mean …") starts at 3 characters. */
export const offersCorrection = (normalized: string) => typedLength(normalized) >= SEARCH_LIMITS.correctionFrom;

/**
 * Popular searches that begin a word with the text, made by enough distinct readers, that still
 * find approved books, leaving out those in `except` (normalised: the reader's own recent ones).
 * The popular searches are in memory (popular-searches.ts); whether one still finds books is an
 * answer about the catalogue, kept in `cache` (the search answers' cache, dropped whenever the
 * catalogue changes): a hint costs a statement only the first time after a change.
 */
export async function popularHints(
  db: Queryable,
  popular: Pick<PopularSearches, 'matching'>,
  normalized: string,
  limit: number,
  except: ReadonlySet<string>,
  cache?: SearchCache,
): Promise<PopularRow[]> {
  if (limit <= 0 || !offersHints(normalized)) return [];
  const candidates = await popular.matching(normalized, limit * 2, except);
  // A popular search that finds nothing (any more) is no hint. The trailing space: whole words.
  const findsBooks = async (row: PopularRow) => {
    const count = async () => ({ count: await countUpTo(db, planQuery(`${row.normalized} `), {}, ['approved'], 1) });
    const answer = cache ? await cache.get(`finds:${row.normalized}`, count) : await count();
    return answer.count > 0;
  };
  const finds = await Promise.all(candidates.map(findsBooks));
  return candidates.filter((_, index) => finds[index]).slice(0, limit);
}

/**
 * The written form of `word` read from the popular books in memory, which are the first books, in
 * the same order, that findWrittenForm reads: found among their first WRITTEN_FORM_ROWS that hold
 * the word, it is the form the database would give. Null when not found there (the database is
 * asked then: the word may be in less popular books, or only in an author's name).
 */
export function writtenFormAmongPopular(popular: readonly PopularBook[], word: string): string | null {
  const texts: Array<string | null> = [];
  let found = 0;
  for (const book of popular) {
    // A word holds no space, so it is in the title or in the authors, never across the two.
    if (!book.search_title.includes(word) && !book.search_authors.includes(word)) continue;
    texts.push(book.title_en, book.title_ar);
    if (++found === WRITTEN_FORM_ROWS) break;
  }
  return writtenWord(texts, word);
}

/**
 * "Did you mean …": the words of `typed` with those `corrected` replaced by their first
 * correction, each as the catalogue writes it (an Arabic article the reader typed kept on it),
 * the others as typed (normalised). Null when no word was corrected. `popular`: the popular books
 * in memory, looked at before the database (a million books: 65 ms for "qummi" in the database,
 * whose fifth most popular holder is the 889th most popular book).
 */
export async function didYouMean(
  db: Queryable,
  typed: QueryPlan,
  corrected: QueryPlan,
  popular: readonly PopularBook[] = [],
): Promise<string | null> {
  const writtenForm = async (word: string) =>
    writtenFormAmongPopular(popular, word) ?? (await findWrittenForm(db, word));
  let changed = false;
  const words = await Promise.all(
    typed.terms.map(async (term, index) => {
      const after = corrected.terms[index];
      const added = after?.alternatives.find((form) => !term.alternatives.includes(form));
      if (!added) return term.typed;
      changed = true;
      const article =
        term.typed !== term.base && term.typed.endsWith(term.base) ? term.typed.slice(0, -term.base.length) : '';
      const word = `${article}${added}`;
      const written = (await writtenForm(word)) ?? (article ? await writtenForm(added) : null);
      if (!written) return word;
      // Latin words in the reader's lower case, like the rest of the query; Arabic as written.
      return detectQueryScript(written) === 'en' ? written.toLowerCase() : written;
    }),
  );
  return changed ? words.join(' ') : null;
}
