// The peer: MiniSearch over the same corpus, in this process, with the same normaliser as the
// server (packages/shared search-text): words folded by normalizeSearchText, Arabic words indexed
// with and without their article, a Latin al/el dropped from queries. Fuzzy 0.2, prefix, fields
// boosted title > authors > categories > description, and the same popularity as a mild boost.
import { normalizeSearchText, withoutArticle } from '@maktaba/shared/search-text';
import MiniSearch from 'minisearch';

const LATIN_ARTICLES = new Set(['al', 'el']);
const tokenize = (text) => normalizeSearchText(text ?? '').match(/[\p{L}\p{N}]+/gu) ?? [];
const indexTerm = (term) => {
  if (LATIN_ARTICLES.has(term)) return null;
  const bare = withoutArticle(term);
  return bare ? [term, bare] : term;
};
const queryTerm = (term) => (LATIN_ARTICLES.has(term) ? null : term);

const names = (list) =>
  list
    .filter(Boolean)
    .flatMap((entry) => [entry.name_en, entry.name_ar])
    .filter(Boolean)
    .join(' ');

export const PEER_OPTIONS = {
  fuzzy: 0.2,
  prefix: true,
  boost: { title: 4, authors: 3, categories: 1.5, description: 1 },
};

/** Builds the index over corpus rows [0, size); returns the peer and its build time. */
export function buildPeer(corpus, size) {
  const externalIds = new Array(size);
  const views = new Float32Array(size);
  const category = new Array(size);
  const language = new Array(size);
  const mini = new MiniSearch({
    idField: 'n',
    fields: ['title', 'authors', 'categories', 'description'],
    storeFields: [],
    tokenize,
    processTerm: indexTerm,
    searchOptions: { ...PEER_OPTIONS, processTerm: queryTerm },
  });
  const started = performance.now();
  let n = 0;
  for (const row of corpus.rows(0, size)) {
    externalIds[n] = row.external_id;
    views[n] = 1 + Math.log10(1 + row.view_count) / 10;
    category[n] = row.categories[0]?.name_en ?? null;
    language[n] = row.language;
    mini.add({
      n,
      title: [row.title_en, row.title_ar].filter(Boolean).join(' '),
      authors: names(row.authors),
      categories: names(row.categories),
      description: [row.description_en, row.description_ar].filter(Boolean).join(' '),
    });
    n++;
  }
  const buildMs = performance.now() - started;
  const boostDocument = (id) => views[id];
  const run = (q, limit, filters) => {
    const filter = filters
      ? (result) =>
          (!filters.category || category[result.id] === filters.category) &&
          (!filters.language || language[result.id] === filters.language)
      : undefined;
    return mini
      .search(q, { boostDocument, filter })
      .slice(0, limit)
      .map((result) => externalIds[result.id]);
  };
  return {
    buildMs,
    documents: mini.documentCount,
    /** Top `perPage` external ids; `filters` by category name and language. */
    search: (q, filters, perPage = 20) => run(q, perPage, filters),
    /** Autocomplete: the first 10 books. */
    suggest: (q, limit = 10) => run(q, limit).map((id) => ({ ids: [id], label: id })),
  };
}
