// What the search benchmark measures, whoever answers (the service in-process, the server through
// HTTP, the peer): top-5 hit rate on the evaluation set, latency percentiles, throughput.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile } from '../lib.mjs';

const QUERIES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'queries.json');
export const TOP = 5;

/**
 * The evaluation set: each query with `accepts(id)` (one of its `expect` ids, or, for
 * `expect_author`, any book of an author whose name the pattern matches, generated books included:
 * `corpus.row` gives their authors), `acceptsAuthor(name)`, and the filters of its first
 * catalogue book (category name, language).
 */
export function loadQueries(corpus) {
  const { records } = corpus;
  const byId = new Map(records.map((record) => [record.id, record]));
  return JSON.parse(fs.readFileSync(QUERIES, 'utf8')).queries.map((query) => {
    let expect = query.expect ?? [];
    if (query.expect_author) {
      const pattern = new RegExp(query.expect_author, 'iu');
      expect = records.filter((r) => pattern.test(r.author ?? '') || pattern.test(r.author_ar ?? '')).map((r) => r.id);
    }
    const missing = expect.filter((id) => !byId.has(id));
    if (missing.length > 0 || expect.length === 0) throw new Error(`queries.json: "${query.q}" expects ${missing}`);
    const first = byId.get(expect[0]);
    const accepted = new Set(expect);
    const pattern = query.expect_author ? new RegExp(query.expect_author, 'iu') : null;
    const acceptsAuthor = (name) => !!pattern && !!name && pattern.test(name);
    const generated = /^bench:(\d+)$/;
    const accepts = (id) => {
      if (accepted.has(id)) return true;
      const n = pattern ? generated.exec(id ?? '')?.[1] : undefined;
      return (
        n !== undefined &&
        corpus.row(Number(n)).authors.some((a) => acceptsAuthor(a.name_en) || acceptsAuthor(a.name_ar))
      );
    };
    return {
      q: query.q,
      tag: query.tag,
      accepts,
      acceptsAuthor,
      filters: { category: first.category, language: first.language },
    };
  });
}

/** Every prefix of the query as typed, from its second character (autocomplete requests). */
export const typedPrefixes = (q) =>
  Array.from({ length: [...q].length - 1 }, (_, i) => [...q].slice(0, i + 2).join('')).filter(
    (prefix) => !prefix.endsWith(' '),
  );

/** `count` items spread evenly over `list` (all when it is shorter). */
export function spread(list, count) {
  if (list.length <= count) return list;
  return Array.from({ length: count }, (_, i) => list[Math.floor((i * list.length) / count)]);
}

/** Entries are external ids (search) or { ids, names?, label } (autocomplete; names: an author's). */
const rankOf = (entries, query) => {
  const index = entries
    .slice(0, TOP)
    .findIndex((entry) => (entry.ids ?? [entry]).some(query.accepts) || (entry.names ?? []).some(query.acceptsAuthor));
  return index < 0 ? null : index + 1;
};

/**
 * Runs every query through `target` ({ search(q, filters) → external ids, suggest(q) → entries
 * { ids: external ids the suggestion stands for, label } }) and returns per query the rank of the first accepted book (null beyond the top
 * 5) in full search, filtered full search and autocomplete, with what came first.
 */
export async function evaluate(queries, target, { filters: mapFilters = (f) => f } = {}) {
  const results = [];
  for (const query of queries) {
    const full = await target.search(query.q);
    const filtered = await target.search(query.q, mapFilters(query.filters));
    const suggested = await target.suggest(query.q);
    results.push({
      query,
      full: { rank: rankOf(full, query), first: full[0] ?? null },
      filtered: { rank: rankOf(filtered, query), first: filtered[0] ?? null },
      suggest: { rank: rankOf(suggested, query), first: suggested[0]?.label ?? null },
    });
  }
  return results;
}

const rate = (list, mode) => list.filter((result) => result[mode].rank !== null).length / Math.max(1, list.length);

/** Hit rates (0..1) overall and per tag, for each mode. */
export function hitRates(results) {
  const tags = [...new Set(results.map((result) => result.query.tag))];
  const modes = ['full', 'filtered', 'suggest'];
  const of = (list) => Object.fromEntries(modes.map((mode) => [mode, rate(list, mode)]));
  return {
    all: of(results),
    tags: Object.fromEntries(tags.map((tag) => [tag, of(results.filter((result) => result.query.tag === tag))])),
  };
}

/** Milliseconds of each call of `fn` over `items`, one after another. */
export async function latencies(items, fn) {
  const times = [];
  for (const item of items) {
    const started = performance.now();
    await fn(item);
    times.push(performance.now() - started);
  }
  return times;
}

export const summary = (times) => ({
  n: times.length,
  p50: percentile(times, 50),
  p95: percentile(times, 95),
  p99: percentile(times, 99),
});

/** Requests per second with `connections` requests in flight at once for `seconds`, cycling over `items`. */
export async function throughput(items, fn, { connections = 32, seconds = 10 } = {}) {
  let next = 0;
  let done = 0;
  let failed = 0;
  const times = [];
  const until = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const item = items[next++ % items.length];
      const started = performance.now();
      try {
        await fn(item);
        done++;
        times.push(performance.now() - started);
      } catch {
        failed++;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  return { rps: done / elapsed, failed, ...summary(times) };
}

/** Resident set size of process `pid` in MB (Linux /proc), null elsewhere. */
export function rssMb(pid = process.pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}
