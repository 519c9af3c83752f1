/**
 * The likely next pages, fetched ahead (reader-area §2.1: "a prefetch … after 2 s"). The build lists
 * their files in index.html (apps/web/route-prefetch.ts): the code of the search and book pages
 * beyond what the first page loaded, and the rest of each language's texts. The browser downloads
 * them at low priority into its cache and compiles and runs them only when the reader opens one of
 * those pages, so the prefetch costs the page it runs beside no work on its main thread.
 *
 * Standalone (no import of the app) so that the build's plugin can share the list's shape and id.
 */

/** The id of the list in index.html. */
export const PREFETCH_LIST_ID = 'prefetch-chunks';

/** The pages' code, and for each language the rest of its texts. */
export type PrefetchList = { code: string[]; texts: Record<string, string[]> };

function readList(doc: Document): PrefetchList | null {
  const text = doc.getElementById(PREFETCH_LIST_ID)?.textContent;
  if (!text) return null;
  try {
    const list = JSON.parse(text) as Partial<PrefetchList>;
    return { code: list.code ?? [], texts: list.texts ?? {} };
  } catch {
    return null;
  }
}

/**
 * Adds a prefetch link for each listed file (the code, and the texts of `language`) not linked yet.
 * While the browser is offline it waits until the connection is back: a prefetch that fails is
 * not tried again. The development server lists nothing and nothing is prefetched.
 */
export function prefetchNextPages(language: string, doc: Document = document): void {
  const view = doc.defaultView;
  if (view && !view.navigator.onLine) {
    view.addEventListener('online', () => prefetchNextPages(language, doc), { once: true });
    return;
  }
  const list = readList(doc);
  if (!list) return;
  const linked = new Set(
    Array.from(doc.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]'), (link) => link.getAttribute('href')),
  );
  for (const href of [...list.code, ...(list.texts[language] ?? [])]) {
    if (linked.has(href)) continue;
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    doc.head.append(link);
    linked.add(href);
  }
}
