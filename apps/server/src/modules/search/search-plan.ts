import { SEARCH_LIMITS, type SearchType } from '@maktaba/shared/schemas/search';
import { detectQueryScript, type QueryScript, queryWords, withoutArticle } from '@maktaba/shared/search-text';
import { type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../db/like.js';

/**
 * How a query is searched, worked out in TypeScript before any SQL: its normalised words, the
 * form each is matched in (Arabic without its article: the index holds both forms), cheap plural
 * alternatives, and whether the last word is still being typed (matched as a prefix).
 */
export type Term = {
  /** The word as typed, normalised. */
  typed: string;
  /** The indexed form matched: article-less for Arabic. */
  base: string;
  /** Other indexed forms that count as the same word: a singular, a typo correction. */
  alternatives: string[];
  prefix: boolean;
};

export type QueryPlan = {
  terms: Term[];
  script: QueryScript;
  normalized: string;
  type: SearchType | undefined;
  /**
   * How the word being typed after others is matched, when suggestions decided it by the
   * vocabulary (suggest.service.ts, `matchTypedWordCheaper`): through the index, or checked on the
   * books the other words find. Unset: a word shorter than SHORT_PREFIX is checked, a longer one
   * goes through the index.
   */
  typing?: 'indexed' | 'checked';
};

/** tsvector weights per search type: titles A, authors B, categories C (descriptions D: everywhere only). */
const TYPE_WEIGHTS: Record<SearchType, string> = { book: 'A', author: 'B', category: 'C' };

/** Plurals ignored where it is cheap: English -s/-es/-ies, Arabic sound feminine -ات (→ ـه). */
export function singulars(word: string): string[] {
  const forms: string[] = [];
  if (/^[a-z]{4,}$/.test(word)) {
    if (word.endsWith('ies') && word.length > 4) forms.push(`${word.slice(0, -3)}y`);
    else if (/(?:ches|shes|sses|xes)$/.test(word)) forms.push(word.slice(0, -2));
    else if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is'))
      forms.push(word.slice(0, -1));
  } else if (/^[\u0621-\u064a]{4,}ات$/.test(word)) {
    forms.push(`${word.slice(0, -2)}ه`);
  }
  return forms;
}

export function planQuery(q: string, type?: SearchType): QueryPlan {
  const words = queryWords(q).slice(0, SEARCH_LIMITS.wordsMax);
  // The last word is being typed unless a space follows it.
  const typing = words.length > 0 && !/\s$/u.test(q);
  const terms = words.map((typed, index): Term => {
    const base = withoutArticle(typed) ?? typed;
    // "alkafi": a Latin article written onto its word, as al-kafi is indexed without it.
    const glued = /^(?:al|el)[a-z]{3,}$/.test(base) ? [base.slice(2)] : [];
    return {
      typed,
      base,
      alternatives: [...singulars(base), ...glued].filter((form) => form !== base),
      prefix: typing && index === words.length - 1,
    };
  });
  return { terms, script: detectQueryScript(q), normalized: words.join(' '), type };
}

/** A prefix this short expands to a large part of the vocabulary in the GIN index. */
const SHORT_PREFIX = 3;

/**
 * The word being typed when it is not looked up in the index next to the other words: when it is
 * too short ("bihar al-a"), or when suggestions found it in far more books than the others
 * (`typing`). The other words find the books through the index, and this one is checked on them
 * (`checkedPrefixMatch`). Null when every word goes through the index.
 */
export function checkedPrefix(plan: Pick<QueryPlan, 'terms' | 'typing'>): Term | null {
  const last = plan.terms.at(-1);
  if (plan.terms.length < 2 || !last?.prefix || plan.typing === 'indexed') return null;
  return plan.typing === 'checked' || last.base.length < SHORT_PREFIX ? last : null;
}

/** A tsquery (for to_tsquery('simple', …)). Terms hold letters and digits only, so quoting is enough. */
export function toTsquery(plan: Pick<QueryPlan, 'terms' | 'type' | 'typing'>): string {
  const weight = plan.type ? TYPE_WEIGHTS[plan.type] : '';
  const checked = checkedPrefix(plan);
  return plan.terms
    .filter((term) => term !== checked)
    .map((term) => {
      const forms = [term.base, ...term.alternatives];
      const parts = forms.map((form) => `'${form}'${term.prefix ? `:*${weight}` : weight ? `:${weight}` : ''}`);
      return parts.length === 1 ? parts[0] : `(${parts.join(' | ')})`;
    })
    .join(' & ');
}

/** Words typed in order, for a LIKE on the title (`%a%b%`): rewards titles with the words in sequence. */
export const inOrderPattern = (plan: QueryPlan) => `%${plan.terms.map((term) => term.base).join('%')}%`;

/** The start of a title as typed (with and without the article), for the "title begins with the query" tier. */
export function titleStartPatterns(plan: QueryPlan): [string, string] {
  const typed = plan.terms.map((term) => term.typed).join(' ');
  const bare = plan.terms.map((term) => term.base).join(' ');
  return [`${typed}%`, `${bare}%`];
}

/** How many beginnings `titleStarts` gives at most. */
const TITLE_STARTS_MAX = 8;

/**
 * The texts a title that "begins with the query" begins with (no LIKE wildcards): as typed, as
 * matched, and with one word at a time in one of its other forms ("alkafi": "kafi", "tahzeeb
 * al-ahkam": "tahdhib ahkam").
 */
export function titleStarts(plan: QueryPlan): string[] {
  const typed = plan.terms.map((term) => term.typed);
  const bare = plan.terms.map((term) => term.base);
  const starts = new Set([typed.join(' '), bare.join(' ')]);
  plan.terms.forEach((term, index) => {
    for (const form of term.alternatives) starts.add(bare.with(index, form).join(' '));
  });
  return [...starts].slice(0, TITLE_STARTS_MAX);
}

/** Where a suggestion's title stands: 0 it begins with the text, 1 a word of it does, 2 neither. */
export type TitleTier = 0 | 1 | 2;

/**
 * The plan matched on a book's search text in memory, as the suggestion query matches it in the
 * database: `holds` whether ` title authors ` has every word in one of its forms, at the start of
 * a word (a finished word: as a whole word); `tier` where a title stands.
 */
export function memoryMatcher(plan: QueryPlan): { holds(text: string): boolean; tier(title: string): TitleTier } {
  const words = plan.terms.map((term) =>
    [term.base, ...term.alternatives].map((form) => (term.prefix ? ` ${form}` : ` ${form} `)),
  );
  const starts = titleStarts(plan);
  return {
    holds: (text) => words.every((forms) => forms.some((form) => text.includes(form))),
    tier: (title) =>
      starts.some((start) => title.startsWith(start)) ? 0 : starts.some((start) => title.includes(` ${start}`)) ? 1 : 2,
  };
}

/** Short single-word prefixes match many books: they are ordered by cheap tiers only. */
export const isBroad = (plan: QueryPlan) =>
  plan.terms.length === 1 && plan.terms[0] !== undefined && plan.terms[0].prefix && plan.terms[0].base.length <= 3;

/** How Persian and Urdu readers write in Latin what the catalogue transliterates otherwise. */
const READER_SPELLINGS: ReadonlyArray<readonly [string, string]> = [
  ['ee', 'i'], // Tahzeeb: Tahdhib
  ['oo', 'u'], // Noor: Nur
  ['o', 'u'], // Hoqooq, Mohammad: Huquq, Muhammad
  ['e', 'i'], // Tahzeb, Jame: Jami
  ['z', 'dh'], // Tahzib: Tahdhib
];

/** Readers' spellings of one word at most tried: each place a spelling may differ doubles them. */
const SPELLINGS_MAX = 32;

/**
 * The ways the catalogue may write a Latin word as a Persian or Urdu reader spells it (e or ee
 * for i, z for dh, o or oo for u), the word itself left out. Folding these in the index would break a
 * prefix as it is typed (at "bo", "book" would already be stored as "buk"); they are alternatives
 * that the vocabulary confirms instead (search.service.ts, correctTypos).
 */
export function readerSpellings(word: string): string[] {
  if (!/^[a-z0-9]+$/.test(word)) return [];
  let forms = [''];
  for (let index = 0; index < word.length; ) {
    const rule = READER_SPELLINGS.find(([written]) => word.startsWith(written, index));
    const written = rule?.[0] ?? word.charAt(index);
    const choices = rule ? [written, rule[1]] : [written];
    forms = forms.flatMap((form) => choices.map((choice) => form + choice)).slice(0, SPELLINGS_MAX);
    index += written.length;
  }
  return forms.filter((form) => form !== word);
}

/** Typos allowed in a word of this many letters: one from 4, two from 8. */
export const typosAllowed = (length: number) => (length >= 8 ? 2 : length >= 4 ? 1 : 0);

/**
 * Optimal-string-alignment distance (Damerau–Levenshtein where a transposition of neighbours
 * counts as one edit), stopping early once it exceeds `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) (rows[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i] as number[];
    let best = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const previous = rows[i - 1] as number[];
      let value = Math.min((previous[j] as number) + 1, (row[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = value;
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/**
 * The distance from a typed word to an indexed one: whole words for finished words; for the word
 * being typed, to the indexed word's beginning of about the same length.
 */
export function typoDistance(term: Term, word: string, max: number): number {
  if (!term.prefix) return editDistance(term.base, word, max);
  let best = max + 1;
  for (let length = term.base.length - 1; length <= term.base.length + 1; length++) {
    if (length < 1 || length > word.length) continue;
    best = Math.min(best, editDistance(term.base, word.slice(0, length), max));
  }
  return best;
}

/** The word being typed, checked on rows the other words found: the start of a word of the titles or authors, in one of its forms. */
export function checkedPrefixMatch(term: Term, alias: string): SQL {
  const text = sql.raw(`(' ' || ${alias}.search_title || ' ' || ${alias}.search_authors)`);
  const forms = [term.base, ...term.alternatives].map((form) => sql`${text} like ${`% ${escapeLike(form)}%`}`);
  return forms.length === 1 ? (forms[0] as SQL) : sql`(${sql.join(forms, sql` or `)})`;
}
