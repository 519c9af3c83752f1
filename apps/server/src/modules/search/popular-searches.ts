import type { PopularRow } from './hints.repository.js';

/** The channel on which the database names the searches whose readers changed (migration 0026). */
export const SEARCH_HISTORY_CHANNEL = 'search_history';

/** A notice's payload: a JSON array of normalised searches, or this when there were too many to name. */
export const EVERY_SEARCH = '*';

/** Where the popular searches are read from: the database (hints.repository.ts), or a fake in unit tests. */
export type PopularSource = {
  /** The popular searches, most widely searched first; those of `only` when it is given. */
  read(only?: readonly string[]): Promise<PopularRow[]>;
};

/**
 * The searches many readers made (search hints, reader-area §5), kept in this instance's memory so
 * that a keystroke does not wait on the database for them:
 * - read whole at the first use;
 * - whenever a search gains or loses a reader (a reader searched, cleared the list, a search was
 *   pushed out of someone's recent list, an account was deleted), the database names it at commit
 *   to every instance (SEARCH_HISTORY_CHANNEL), and this instance also names its own writes as it
 *   makes them; the named searches are read again, and an answer asked for meanwhile waits for that
 *   read. A search that falls below the readers needed is gone from the next answer of every
 *   instance as soon as the notice arrives: one reader's words are never shown to another.
 * - a failed read drops everything: the next use reads it whole again.
 */
export type PopularSearches = {
  /** Popular searches one of whose words begins with `normalized`, most widely searched first. */
  matching(normalized: string, limit: number, except?: ReadonlySet<string>): Promise<PopularRow[]>;
  /** These searches (normalised) gained or lost readers, or any may have (EVERY_SEARCH): read them again. */
  changed(searches: readonly string[] | typeof EVERY_SEARCH): void;
};

/** The Arabic article, which a reader may leave off: "كافي" finds the popular "الكافي". */
const ARABIC_ARTICLE = '\u0627\u0644';
const isArabic = (text: string) => /[\u0600-\u06ff]/u.test(text);

const byReaders = (a: PopularRow, b: PopularRow) =>
  b.readers - a.readers || (a.normalized < b.normalized ? -1 : a.normalized > b.normalized ? 1 : 0);

/** Whether one of the words of `search` begins with one of `starts` (a start may span words). */
const beginsAWord = (search: string, starts: readonly string[]) =>
  starts.some((start) => search.startsWith(start) || search.includes(` ${start}`));

/** A notice's payload as the searches it names; anything unreadable names every search. */
export function namedSearches(payload: string): readonly string[] | typeof EVERY_SEARCH {
  if (payload === EVERY_SEARCH) return EVERY_SEARCH;
  try {
    const parsed: unknown = JSON.parse(payload);
    if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string')) return parsed as string[];
  } catch {
    // Read everything again, below.
  }
  return EVERY_SEARCH;
}

export function createPopularSearches(source: PopularSource): PopularSearches {
  /** Most widely searched first; null until read (again). */
  let list: PopularRow[] | null = null;
  /** The read under way (whole or of named searches); answers wait for it. */
  let reading: Promise<void> | null = null;
  /** Named while a read was under way: read after it. */
  let named = new Set<string>();
  let everything = false;

  const readWhole = async () => {
    list = (await source.read()).sort(byReaders);
  };

  const readNamed = async (searches: readonly string[]) => {
    const fresh = await source.read(searches);
    if (!list) return;
    const renamed = new Set(searches);
    list = [...list.filter((row) => !renamed.has(row.normalized)), ...fresh].sort(byReaders);
  };

  /** Reads until nothing named is left unread; a failure forgets the list. */
  const settle = (): Promise<void> => {
    if (reading) return reading;
    const run = (async () => {
      try {
        while (!list || everything || named.size > 0) {
          const whole = !list || everything;
          const searches = [...named];
          everything = false;
          named = new Set();
          await (whole ? readWhole() : readNamed(searches));
        }
      } catch (error) {
        list = null;
        throw error;
      } finally {
        reading = null;
      }
    })();
    reading = run;
    return run;
  };

  return {
    async matching(normalized, limit, except = new Set()) {
      if (reading || !list || everything || named.size > 0) await settle();
      const starts = isArabic(normalized) ? [normalized, `${ARABIC_ARTICLE}${normalized}`] : [normalized];
      const found: PopularRow[] = [];
      for (const row of list ?? []) {
        if (found.length >= limit) break;
        if (!except.has(row.normalized) && beginsAWord(row.normalized, starts)) found.push(row);
      }
      return found;
    },
    changed(searches) {
      // Not read yet: the first use reads everything.
      if (!list && !reading) return;
      if (searches === EVERY_SEARCH) everything = true;
      else for (const search of searches) named.add(search);
      // Read now, not at the next keystroke: a failure here is met again by the next answer.
      settle().catch(() => {});
    },
  };
}
