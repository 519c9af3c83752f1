/** Searches in a list of words held in code-unit order (`<`), as the vocabulary and the deep pool hold theirs. */

/** The first index from `from` whose word is not before `text`. */
export function lowerBound(words: readonly string[], text: string, from = 0): number {
  let low = from;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((words[middle] as string) < text) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The index after the last word that begins with `start` (searched from `from`, where such words begin). */
export function endOfBeginning(words: readonly string[], start: string, from = 0): number {
  const next = `${start.slice(0, -1)}${String.fromCharCode(start.charCodeAt(start.length - 1) + 1)}`;
  return lowerBound(words, next, from);
}

/** Sorts words in code-unit order. */
export const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
