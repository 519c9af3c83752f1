import { setImmediate as nextTurn } from 'node:timers/promises';
import { memoryMatcher, type QueryPlan } from './search-plan.js';
import { byCodeUnits, endOfBeginning, lowerBound } from './sorted-words.js';

/** A book of the deep pool: its id and search text, no more (suggestions read the rest by id). */
export type DeepPoolBook = { id: string; search_title: string; search_authors: string };

/** A match of the deep pool: the suggestion query's tier (0 the title begins with the text, 1 a word of it does, 2 other). */
export type DeepMatch = { id: string; tier: number };

export type DeepMatches = {
  /** The best `limit` matches, by tier and then by popularity. */
  rows: DeepMatch[];
  /**
   * How many matches of each tier or better the pool holds (index 0: tier 0, 1: tiers 0–1, 2: all);
   * all at least `limit` when the reading stopped at `limit` titles that begin with the text.
   */
  counts: [number, number, number];
};

/** Books indexed between two turns of the event loop while a pool is built: a keystroke never waits long behind a build. */
const BUILD_SLICE = 2_000;

/**
 * The most popular approved books' search text with an index of its words (ADR 0027): a broad
 * query that the few hundred books kept whole (`PopularBook`) do not answer is looked for here
 * before the database, which would read every book that holds a common word. The words are held
 * sorted, each with the positions (in order of popularity) of the books that hold it, so the
 * books that hold a word, or a word that begins with a text, are read without scanning the pool;
 * the query's other words are then checked on those books' text as `popularMatches` checks them.
 */
export class DeepPool {
  /** Whether the pool holds every approved book: its matches are then all there are. */
  readonly complete: boolean;
  private readonly books: readonly DeepPoolBook[];
  /** Each book's text as matched: ` title authors `. */
  private readonly texts: string[];
  private readonly words: string[];
  private readonly postings: Int32Array[];
  /** The positions of the words before each index, summed: a beginning's books are counted in one subtraction. */
  private readonly before: Float64Array;

  private constructor(
    books: readonly DeepPoolBook[],
    complete: boolean,
    texts: string[],
    index: Map<string, number[]>,
  ) {
    this.books = books;
    this.complete = complete;
    this.texts = texts;
    this.words = [...index.keys()].sort(byCodeUnits);
    this.postings = this.words.map((word) => Int32Array.from(index.get(word) as number[]));
    this.before = new Float64Array(this.words.length + 1);
    for (let at = 0; at < this.words.length; at++) {
      this.before[at + 1] = (this.before[at] as number) + (this.postings[at] as Int32Array).length;
    }
  }

  /**
   * Indexes `books` (most popular first), yielding to the event loop every BUILD_SLICE books.
   * `complete`: they are every approved book.
   */
  static async build(books: readonly DeepPoolBook[], complete: boolean): Promise<DeepPool> {
    const index = new Map<string, number[]>();
    const texts: string[] = new Array(books.length);
    for (let position = 0; position < books.length; position++) {
      if (position > 0 && position % BUILD_SLICE === 0) await nextTurn();
      const book = books[position] as DeepPoolBook;
      const text = ` ${book.search_title} ${book.search_authors} `;
      texts[position] = text;
      for (const word of text.split(' ')) {
        if (word === '') continue;
        const list = index.get(word);
        if (!list) index.set(word, [position]);
        else if (list[list.length - 1] !== position) list.push(position);
      }
    }
    return new DeepPool(books, complete, texts, index);
  }

  get size(): number {
    return this.books.length;
  }

  /** The words a form stands for: itself, or (`prefix`) every word that begins with it, as [from, to). */
  private range(form: string, prefix: boolean): [number, number] {
    const from = lowerBound(this.words, form);
    if (!prefix) return this.words[from] === form ? [from, from + 1] : [from, from];
    return [from, endOfBeginning(this.words, form, from)];
  }

  /**
   * The positions of the books that may match: those that hold the word of the plan with the
   * fewest books (in one of its forms), in order of popularity.
   */
  private candidates(plan: QueryPlan): ArrayLike<number> {
    let best: Array<[number, number]> | null = null;
    let fewest = Number.POSITIVE_INFINITY;
    for (const term of plan.terms) {
      const ranges = [term.base, ...term.alternatives].map((form) => this.range(form, term.prefix));
      const count = ranges.reduce(
        (sum, [from, to]) => sum + (this.before[to] as number) - (this.before[from] as number),
        0,
      );
      if (count < fewest) {
        fewest = count;
        best = ranges;
      }
    }
    if (!best || fewest === 0) return [];
    const words = best.filter(([from, to]) => to > from);
    const only = words[0];
    if (words.length === 1 && only && only[1] - only[0] === 1) return this.postings[only[0]] as Int32Array;
    // Several words: their books, each once, in order of popularity.
    const marked = new Uint8Array(this.books.length);
    for (const [from, to] of words) {
      for (let at = from; at < to; at++) for (const position of this.postings[at] as Int32Array) marked[position] = 1;
    }
    const positions: number[] = [];
    for (let position = 0; position < marked.length; position++) if (marked[position]) positions.push(position);
    return positions;
  }

  /**
   * The pool's books that hold every word of the plan, as `popularMatches` finds and orders them.
   * The books are read in order of popularity, so once `limit` titles that begin with the text are
   * found, none after them can come before: the reading stops there (the counts are then at least `limit`).
   */
  matches(plan: QueryPlan, limit: number): DeepMatches {
    const tiers: [number[], number[], number[]] = [[], [], []];
    if (plan.terms.length > 0 && limit > 0) {
      const matcher = memoryMatcher(plan);
      const candidates = this.candidates(plan);
      for (let at = 0; at < candidates.length && tiers[0].length < limit; at++) {
        const position = candidates[at] as number;
        if (!matcher.holds(this.texts[position] as string)) continue;
        tiers[matcher.tier((this.books[position] as DeepPoolBook).search_title)].push(position);
      }
    }
    const [first, second, third] = tiers;
    return {
      rows: [
        ...first.map((position) => ({ position, tier: 0 })),
        ...second.slice(0, limit).map((position) => ({ position, tier: 1 })),
        ...third.slice(0, limit).map((position) => ({ position, tier: 2 })),
      ]
        .slice(0, limit)
        .map(({ position, tier }) => ({ id: (this.books[position] as DeepPoolBook).id, tier })),
      counts: [first.length, first.length + second.length, first.length + second.length + third.length],
    };
  }
}
