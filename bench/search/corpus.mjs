// The search benchmark's corpus: the real catalogue (../shared/data/catalogue.jsonl) and books
// generated from its words, deterministically. Book number `n` is the same book in every run
// and at every size (each book has a PRNG of its own seeded from `n`), so a corpus grows from 10k
// to 100k rows by adding books 10k..100k and the peer indexes exactly what the database holds.
import fs from 'node:fs';
import path from 'node:path';
import { OPENITI_ID_PREFIX, openitiAyn } from '@maktaba/shared/schemas/catalogue-import';
import { root } from '../lib.mjs';

export const CATALOGUE = path.resolve(root, '../shared/data/catalogue.jsonl');

/**
 * The real records, in file order, with their Latin titles and authors as the import writes them
 * (an OpenITI record's "c" becomes the ʿayn it stands for); null when the data set is absent.
 */
export function readCatalogue(file = CATALOGUE) {
  if (!fs.existsSync(file)) return null;
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line))
    .map((record) =>
      record.id.startsWith(OPENITI_ID_PREFIX)
        ? {
            ...record,
            ...(record.title ? { title: openitiAyn(record.title) } : {}),
            ...(record.author ? { author: openitiAyn(record.author) } : {}),
          }
        : record,
    );
}

/** mulberry32: a small, fast 32-bit PRNG; returns numbers in [0, 1). */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A well-mixed 32-bit seed for item `n` of stream `salt` (splitmix-style finaliser). */
export function seedOf(n, salt = 0x9e3779b9) {
  let x = (Math.imul(n + 1, 0x9e3779b1) ^ salt) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}

/**
 * Views with a popularity-like spread (Pareto, alpha 1.2): most books a handful, a few thousands,
 * capped at 200,000.
 */
export const viewsFrom = (random) => Math.min(200_000, Math.floor(1 / (1 - random()) ** (1 / 1.2)) - 1);

const ARABIC = /[\u0600-\u06ff]/u;
const LATIN = /[A-Za-z\u00c0-\u024f\u1e00-\u1eff]/u;
/** Words as written (diacritics kept); numbers, brackets and punctuation-only pieces dropped. */
const wordsOf = (text) =>
  (text ?? '')
    .split(/[\s,;:.()[\]«»"/]+/u)
    .map((word) => word.replace(/^[-–—'ʿ]+|[-–—]+$/gu, ''))
    .filter((word) => word.length > 1 && !/^\d+$/.test(word));

/**
 * Word pools from the real records, each word as often as it occurs (so drawing uniformly from a
 * pool follows the real frequencies): Latin and Arabic title words, description words by script,
 * and the records themselves as templates (title lengths, language, year, category).
 */
export function wordPools(records) {
  const pools = { titleEn: [], titleAr: [], descEn: [], descAr: [] };
  for (const record of records) {
    pools.titleEn.push(...wordsOf(record.title).filter((word) => LATIN.test(word)));
    pools.titleAr.push(...wordsOf(record.title_ar).filter((word) => ARABIC.test(word)));
    for (const word of wordsOf(record.description)) {
      if (ARABIC.test(word)) pools.descAr.push(word);
      else if (LATIN.test(word)) pools.descEn.push(word);
    }
  }
  return { ...pools, templates: records };
}

const pick = (random, list) => list[Math.floor(random() * list.length)];
const words = (random, pool, count) => Array.from({ length: count }, () => pick(random, pool)).join(' ');
const wordCount = (text) => Math.max(1, wordsOf(text).length);

/** A deterministic UUID (version 4 layout) for generated book `n`. */
export const generatedBookId = (n) => `b0000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/**
 * Generated book `n`: titles from real title words (lengths of a real record's titles), a
 * description from real description words, one of `authorCount` authors (skewed so that some
 * have many books) and one of `categoryCount` categories (as often as in the real catalogue, by
 * taking a real record's), a year, a language, and a view count.
 */
export function generatedBook(pools, n, { authorCount, categoryIndex }) {
  const random = prng(seedOf(n));
  const template = pick(random, pools.templates);
  const hasDescription = random() < 0.85;
  const arabicDescription = random() < 0.6;
  const descriptionLength = 8 + Math.floor(random() * 32);
  return {
    id: generatedBookId(n),
    external_id: `bench:${n}`,
    title_en: words(random, pools.titleEn, wordCount(template.title)),
    title_ar: words(random, pools.titleAr, Math.min(8, wordCount(template.title_ar))),
    description_en: hasDescription && !arabicDescription ? words(random, pools.descEn, descriptionLength) : null,
    description_ar: hasDescription && arabicDescription ? words(random, pools.descAr, descriptionLength) : null,
    publication_year: random() < 0.45 ? 1900 + Math.floor(random() * 125) : null,
    language: template.language ?? 'ar',
    view_count: viewsFrom(random),
    author: Math.floor(random() ** 2 * authorCount),
    category: categoryIndex(template),
  };
}

/**
 * The view count of real record `index` (a stream of its own): 1,000 plus ten times the same
 * spread. The catalogue's books stand for the well-known core of a library, the generated ones for
 * its long tail: 0.025 % of the generated books reach 1,000 views (250 at 1M). With a floor of 100
 * (0.4 %), the core stopped being the core at 1M: about 4,000 generated books had as many views,
 * and because generated titles take their words from the real ones, some 1,600 hold "Kafi" and
 * about 6 of those outranked Al-Kafi itself (hit rate 85 %).
 */
export const realViews = (index) => 1000 + 10 * viewsFrom(prng(seedOf(index, 0x5bd1e995)));

const collapse = (text) => (text ?? '').trim().replace(/\s+/g, ' ');
const authorKey = (record) => `${collapse(record.author_ar)}|${collapse(record.author)}`;

/**
 * The corpus over the real records: row `r` (0-based) is real record `r` while there are any,
 * then generated book `r`. Rows are documents of one shape, the database's and the peer's:
 * { id?, external_id, title_en, title_ar, description_en, description_ar, publication_year,
 *   language, view_count, authors: [{ name_en, name_ar }], categories: [{ name_en, name_ar }] }.
 * Generated books get authors and categories of the real catalogue (`authors`, `categories`:
 * each once, in a stable order).
 */
export function createCorpus(records) {
  const pools = wordPools(records);
  const authors = [...new Map(records.map((record) => [authorKey(record), record])).values()]
    .sort((a, b) => authorKey(a).localeCompare(authorKey(b)))
    .map((record) => ({ name_en: collapse(record.author) || null, name_ar: collapse(record.author_ar) || null }));
  const categoryNames = [...new Set(records.map((record) => record.category))].sort();
  const categories = categoryNames.map((name) => {
    const record = records.find((candidate) => candidate.category === name);
    return { name_en: name, name_ar: record.category_ar };
  });
  const categoryIndex = (record) => categoryNames.indexOf(record.category);
  const authorIndex = new Map(
    authors.map((author, index) => [`${author.name_ar ?? ''}|${author.name_en ?? ''}`, index]),
  );

  const real = (index) => {
    const record = records[index];
    return {
      external_id: record.id,
      title_en: record.title ?? null,
      title_ar: record.title_ar ?? null,
      description_en: record.description ?? null,
      description_ar: null,
      publication_year: record.publication_year ?? null,
      language: record.language ?? null,
      view_count: realViews(index),
      authors: [authors[authorIndex.get(authorKey(record))]],
      categories: [categories[categoryIndex(record)]],
    };
  };
  const generated = (n) => {
    const book = generatedBook(pools, n, { authorCount: authors.length, categoryIndex });
    return { ...book, authors: [authors[book.author]], categories: [categories[book.category]] };
  };
  return {
    records,
    authors,
    categories,
    row: (r) => (r < records.length ? real(r) : generated(r)),
    *rows(from, to) {
      for (let r = from; r < to; r++) yield r < records.length ? real(r) : generated(r);
    },
  };
}
