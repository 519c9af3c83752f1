/**
 * One normalisation for search, applied to stored text (when a row is written) and to every
 * query, so that spellings readers treat as the same meet: vowelled and bare Arabic, the hamza and
 * alef forms, ta marbuta and ha, Persian and Arabic letters, transliterations with and without
 * accents or ʿayn marks ("Ṭabāṭabāʾī", "Tabataba'i", "tabatabai").
 *
 * PostgreSQL's `arabic` configuration is not used: its stemmer over-stems names (الحسين → الحس).
 */

/** Tatweel (kashida), the zero-width characters and the bidirectional controls. */
const INVISIBLE = /[\u0640\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
/** Every combining mark: harakat, shadda, sukun, superscript alef, Qur'anic marks, Latin accents. */
const MARKS = /\p{M}/gu;
/** Apostrophes and the ʿayn/hamza transliteration letters, dropped so that shi'a meets shia. */
const APOSTROPHES = /['\u2018\u2019\u02bb\u02bc\u02be\u02bf\u02b9\u0060\u00b4]/g;
const SEPARATORS = /[-_\u2010-\u2015\u00ad]/g;
const SPACES = /\s+/gu;

/** Letters folded after the marks are gone (hamza seats fall to their base letter by NFD). */
const LETTERS: Record<string, string> = {
  '\u0671': '\u0627', // ٱ alef wasla → ا
  '\u0649': '\u064a', // ى alef maqsura → ي
  '\u06cc': '\u064a', // ی Persian yeh → ي
  '\u06d2': '\u064a', // ے yeh barree → ي
  '\u0629': '\u0647', // ة ta marbuta → ه
  '\u06a9': '\u0643', // ک keheh → ك
  '\u06aa': '\u0643', // ڪ swash kaf → ك
  // Persian letters Arabic writes otherwise: a catalogue record may use them, readers type these.
  '\u06af': '\u0643', // گ gaf → ك
  '\u067e': '\u0628', // پ peh → ب
  '\u0686': '\u062c', // چ tcheh → ج
  '\u0698': '\u0632', // ژ jeh → ز
};
const LETTER_PATTERN = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'g');

/** Arabic-Indic (٠–٩) and Persian (۰–۹) digits → 0–9. */
const DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;
const digitValue = (digit: string) => String((digit.codePointAt(0) ?? 0) & 0xf);

/**
 * Folds `text` for search: NFKC, lower case, every combining mark removed (after NFD, so أ إ آ
 * become ا, ؤ و, ئ ي), tatweel and invisible controls removed, the letter variants above folded,
 * Arabic and Persian digits made ASCII, apostrophes dropped, hyphens and underscores made spaces,
 * and spaces collapsed. Idempotent.
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(MARKS, '')
    .replace(INVISIBLE, '')
    .replace(LETTER_PATTERN, (letter) => LETTERS[letter] ?? letter)
    .replace(DIGITS, digitValue)
    .replace(APOSTROPHES, '')
    .replace(SEPARATORS, ' ')
    .replace(SPACES, ' ')
    .trim()
    .normalize('NFC');
}

/** The article and the particles that attach to it, longest first: وال بال كال فال لل ال. */
const ARABIC_ARTICLE = /^(?:وال|بال|كال|فال|لل|ال)(?=[\u0621-\u064a]{2,})/u;
/** The Latin al-/el- of the Arabic article, and the Persian ezafe -e (Nahj-e Balagha, Nahj al-Balagha). */
const LATIN_ARTICLES = new Set(['al', 'el', 'e']);

/** A normalised Arabic word without its article, or null when it has none. */
export function withoutArticle(word: string): string | null {
  const stripped = word.replace(ARABIC_ARTICLE, '');
  return stripped === word ? null : stripped;
}

/**
 * The words to index for `text`: every normalised word, plus each Arabic word again without its
 * article (الكافي → كافي, والحديث → حديث), and a Latin `al`/`el` (from al-, el-) treated like the
 * Arabic article: the next word is indexed on its own too. Order kept, duplicates removed.
 */
export function searchTerms(text: string): string[] {
  const words = normalizeSearchText(text).split(' ').filter(Boolean);
  const terms = new Set<string>();
  for (const word of words) {
    if (LATIN_ARTICLES.has(word)) continue;
    terms.add(word);
    const bare = withoutArticle(word);
    if (bare) terms.add(bare);
  }
  return [...terms];
}

export type QueryScript = 'ar' | 'en' | 'mixed' | 'none';

const ARABIC_LETTER = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/u;
const LATIN_LETTER = /[A-Za-z\u00c0-\u024f\u1e00-\u1eff]/u;

/** Whether a query is written in Arabic, Latin letters, both, or neither (reader-area §4.7). */
export function detectQueryScript(text: string): QueryScript {
  const arabic = ARABIC_LETTER.test(text);
  const latin = LATIN_LETTER.test(text);
  if (arabic && latin) return 'mixed';
  if (arabic) return 'ar';
  if (latin) return 'en';
  return 'none';
}

/** Letters and digits: everything else separates words. */
const WORD = /(?:[\p{L}\p{N}\p{M}\u0640'\u2019\u02bc\u02be\u02bf]|\u200c|\u200d)+/gu;

/**
 * The words of a query, normalised: split on anything that is not a letter or digit, a Latin
 * `al`/`el` dropped (the next word carries the meaning, as with the Arabic article) unless it is
 * all there is.
 */
export function queryWords(text: string): string[] {
  const words = (normalizeSearchText(text).match(/[\p{L}\p{N}]+/gu) ?? []).filter(Boolean);
  const meaningful = words.filter((word) => !LATIN_ARTICLES.has(word));
  return meaningful.length > 0 ? meaningful : words;
}

/**
 * The words to match a content record's `search_text` with (quotes, articles, guides, the FAQ):
 * the query's words without the Arabic article, each once, ten at most; none for no query.
 */
export function contentSearchWords(q: string | undefined): string[] {
  if (!q) return [];
  return [...new Set(queryWords(q).map((word) => withoutArticle(word) ?? word))].slice(0, 10);
}

/** How a query word finds an indexed word: the same word, or its beginning (the word being typed). */
function wordMatches(indexed: string, term: string, prefix: boolean): boolean {
  if (indexed === term || (prefix && indexed.startsWith(term))) return true;
  const bare = withoutArticle(indexed);
  return bare !== null && (bare === term || (prefix && bare.startsWith(term)));
}

/**
 * Where the query's words occur in `text`, as [start, end) offsets of whole words of the original
 * (with their diacritics and punctuation as written), for <mark>. `terms` are normalised query
 * words (article-less for Arabic); `prefixLast` lets the last one match the start of a word.
 */
export function highlightRanges(
  text: string | null | undefined,
  terms: readonly string[],
  prefixLast = false,
): Array<[number, number]> {
  if (!text || terms.length === 0) return [];
  const ranges: Array<[number, number]> = [];
  for (const match of text.matchAll(WORD)) {
    const normalized = normalizeSearchText(match[0]).replace(/[^\p{L}\p{N}]/gu, '');
    if (!normalized || LATIN_ARTICLES.has(normalized)) continue;
    const hit = terms.some((term, index) =>
      wordMatches(normalized, term, prefixLast && index === terms.length - 1 && term.length >= 1),
    );
    if (hit) ranges.push([match.index, match.index + match[0].length]);
  }
  return ranges;
}
