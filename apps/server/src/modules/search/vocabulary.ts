import { editDistance } from './search-plan.js';
import { byCodeUnits, endOfBeginning, lowerBound } from './sorted-words.js';

export type VocabularyWord = { word: string; books: number };

/** A word of the vocabulary close to a typed one: `distance` as typoDistance counts it, `whole` as whole words. */
export type Correction = VocabularyWord & { distance: number; whole: number };

/** Words one mistyped prefix may stand for before they are ranked: the rest of a huge range is left out. */
const RANGE_MAX = 20_000;

/**
 * The vocabulary of the approved books (the `search_words` table) in the server's memory: whether
 * a word is known, and the words a mistyped word may stand for, without a round trip to the
 * database. The words are held sorted, which makes them a trie without building one: the words
 * that share a beginning are neighbours, so a walk in order can keep the edit-distance rows of the
 * beginning it shares with the previous word, and leaves out at once every word that begins with a
 * beginning already too far from the typed word (a binary search finds where they end).
 */
export class Vocabulary {
  private readonly words: string[];
  private readonly books: Int32Array;
  /** The books of the words before each index, summed: a beginning's words are counted in one subtraction. */
  private readonly before: Float64Array;

  constructor(rows: readonly VocabularyWord[]) {
    const sorted = [...rows].sort((a, b) => byCodeUnits(a.word, b.word));
    this.words = sorted.map((row) => row.word);
    this.books = Int32Array.from(sorted, (row) => row.books);
    this.before = new Float64Array(sorted.length + 1);
    for (let index = 0; index < sorted.length; index++) {
      this.before[index + 1] = (this.before[index] as number) + (this.books[index] as number);
    }
  }

  get size(): number {
    return this.words.length;
  }

  /** The first index whose word is not before `text`. */
  private lowerBound(text: string, from = 0): number {
    return lowerBound(this.words, text, from);
  }

  /** The index after the last word that begins with `start` (searched from `from`, where such words begin). */
  private endOf(start: string, from: number): number {
    return endOfBeginning(this.words, start, from);
  }

  /** Whether the vocabulary holds `word` (`prefix`: a word that begins with it). */
  knows(word: string, prefix: boolean): boolean {
    const found = this.words[this.lowerBound(word)];
    return found !== undefined && (prefix ? found.startsWith(word) : found === word);
  }

  /** The word beginning with `start` that the most books hold (among the first RANGE_MAX), or null. */
  commonestWith(start: string): string | null {
    const from = this.lowerBound(start);
    const end = Math.min(this.endOf(start, from), from + RANGE_MAX);
    let best = -1;
    for (let index = from; index < end; index++) {
      if (best < 0 || (this.books[index] as number) > (this.books[best] as number)) best = index;
    }
    return best < 0 ? null : (this.words[best] as string);
  }

  /**
   * About how many books hold `word` (`prefix`: a word that begins with it): the sum over its words
   * of the books each is in, so a book with two such words counts twice. An upper bound.
   */
  booksWith(word: string, prefix: boolean): number {
    const start = this.lowerBound(word);
    if (!prefix) return this.words[start] === word ? (this.books[start] as number) : 0;
    return (this.before[this.endOf(word, start)] as number) - (this.before[start] as number);
  }

  /**
   * The words within `max` typos of `typed` (optimal string alignment: a transposition of
   * neighbours counts as one), best first: fewest typos, then closest as whole words, then in the
   * most books. `prefix`: `typed` is still being typed and is compared with each word's beginning
   * of about its length (typoDistance). Every word is found that a comparison with each word of
   * the vocabulary would find.
   */
  corrections(typed: string, prefix: boolean, max: number, count: number): Correction[] {
    const found = this.walk(typed, prefix, max);
    return found
      .map((entry) => {
        const word = this.words[entry.index] as string;
        return {
          word,
          books: this.books[entry.index] as number,
          distance: entry.distance,
          // Among equally close prefixes, the word closest as a whole: "ahkma" is "ahkam" rather than "ahmad".
          whole: prefix ? editDistance(typed, word, max + 3) : entry.distance,
        };
      })
      .sort((a, b) => a.distance - b.distance || a.whole - b.whole || b.books - a.books || a.word.localeCompare(b.word))
      .slice(0, count);
  }

  private walk(typed: string, prefix: boolean, max: number): Array<{ index: number; distance: number }> {
    const length = typed.length;
    const codes = Array.from({ length }, (_, j) => typed.charCodeAt(j));
    // A whole word longer than this is more than `max` edits away; a prefix is compared up to one letter more.
    const deepest = prefix ? length + 1 : length + max;
    const rows = Array.from({ length: deepest + 1 }, () => new Int32Array(length + 1));
    for (let j = 0; j <= length; j++) (rows[0] as Int32Array)[j] = j;
    // For a prefix: the least distance of the typed word to the beginnings of the path so far
    // that count (one letter shorter than the typed word or longer).
    const best = new Int32Array(deepest + 1).fill(max + 1);
    const found: Array<{ index: number; distance: number }> = [];
    let previous = '';
    let valid = 0;
    let index = 0;
    while (index < this.words.length) {
      const word = this.words[index] as string;
      // The rows of the beginning this word shares with the previous one are already there.
      let depth = 0;
      const shared = Math.min(valid, word.length, previous.length);
      while (depth < shared && word.charCodeAt(depth) === previous.charCodeAt(depth)) depth++;
      const limit = Math.min(word.length, deepest);
      let pruned = 0;
      for (let k = depth + 1; k <= limit; k++) {
        const row = rows[k] as Int32Array;
        const above = rows[k - 1] as Int32Array;
        const letter = word.charCodeAt(k - 1);
        row[0] = k;
        let least = k;
        for (let j = 1; j <= length; j++) {
          let value = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1);
          value = Math.min(value, (above[j - 1] as number) + (codes[j - 1] === letter ? 0 : 1));
          if (k > 1 && j > 1 && codes[j - 1] === word.charCodeAt(k - 2) && codes[j - 2] === letter) {
            value = Math.min(value, ((rows[k - 2] as Int32Array)[j - 2] as number) + 1);
          }
          row[j] = value;
          if (value < least) least = value;
        }
        best[k] = prefix && k >= length - 1 ? Math.min(best[k - 1] as number, row[length] as number) : max + 1;
        // No word that begins so far from the typed word can come closer (a row's least never
        // falls), unless a beginning already close enough makes every word after it a match.
        if (least > max && (best[k] as number) > max) {
          pruned = k;
          break;
        }
      }
      previous = word;
      if (pruned > 0) {
        valid = pruned - 1;
        index = this.endOf(word.slice(0, pruned), index + 1);
        continue;
      }
      valid = limit;
      if (prefix) {
        // typoDistance: the typed word against the word's beginning of one letter less, as many, or one more.
        const distance = best[limit] as number;
        if (word.length <= deepest) {
          if (distance <= max) found.push({ index, distance });
          index++;
          continue;
        }
        // Every word that begins as this one does, to one letter past the typed word, is as close.
        const end = this.endOf(word.slice(0, deepest), index + 1);
        if (distance <= max) {
          for (let at = index; at < end && found.length < RANGE_MAX; at++) found.push({ index: at, distance });
        }
        index = end;
        continue;
      }
      if (word.length <= deepest) {
        const distance = (rows[word.length] as Int32Array)[length] as number;
        if (distance <= max) found.push({ index, distance });
        index++;
        continue;
      }
      // Longer than any word within reach, and so is every word that begins as it does.
      index = this.endOf(word.slice(0, deepest), index + 1);
    }
    return found;
  }
}
