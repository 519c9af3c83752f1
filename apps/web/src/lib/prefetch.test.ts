import type { Rolldown } from 'vite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchList } from '../../route-prefetch';
import { PREFETCH_LIST_ID, type PrefetchList, prefetchNextPages } from './prefetch';

const LIST: PrefetchList = {
  code: ['/assets/search-page-a1.js', '/assets/book-page-b2.js'],
  texts: { en: ['/assets/en-c3.js'], ar: ['/assets/ar-d4.js'] },
};

function listInPage(list: unknown = LIST) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = PREFETCH_LIST_ID;
  script.textContent = typeof list === 'string' ? list : JSON.stringify(list);
  document.head.append(script);
}

const prefetched = () =>
  Array.from(document.head.querySelectorAll('link[rel="prefetch"]'), (link) => link.getAttribute('href'));

describe('prefetching the likely next pages', () => {
  afterEach(() => {
    document.head.replaceChildren();
    vi.restoreAllMocks();
  });

  it('links the listed code and the texts of the reader’s language, once', () => {
    listInPage();
    prefetchNextPages('ar');
    prefetchNextPages('ar');
    expect(prefetched()).toEqual(['/assets/search-page-a1.js', '/assets/book-page-b2.js', '/assets/ar-d4.js']);
  });

  it('waits for the connection when offline, then links them once', () => {
    listInPage();
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    prefetchNextPages('en');
    expect(prefetched()).toEqual([]);
    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    window.dispatchEvent(new Event('online'));
    expect(prefetched()).toEqual(['/assets/search-page-a1.js', '/assets/book-page-b2.js', '/assets/en-c3.js']);
  });

  it('does nothing without a list, or with one it cannot read', () => {
    prefetchNextPages('en');
    expect(prefetched()).toEqual([]);
    listInPage('{"code": [');
    prefetchNextPages('en');
    expect(prefetched()).toEqual([]);
  });
});

/** A chunk of a built bundle, with what the list reads of it. */
function chunk(fileName: string, facadeModuleId: string | null, imports: string[] = []): Rolldown.OutputChunk {
  return { type: 'chunk', fileName, facadeModuleId, imports } as Rolldown.OutputChunk;
}

describe('the build’s list of files to prefetch', () => {
  const bundle = Object.fromEntries(
    [
      chunk('assets/index-1.js', '/app/src/main.tsx', ['assets/shared-2.js']),
      chunk('assets/shared-2.js', null),
      chunk('assets/search-page-3.js', '/app/src/features/search/components/search-page.tsx', [
        'assets/shared-2.js',
        'assets/schemas-4.js',
      ]),
      chunk('assets/schemas-4.js', null),
      chunk('assets/book-page-5.js', '/app/src/features/catalogue/components/book-page.tsx', ['assets/schemas-4.js']),
      chunk('assets/admin-6.js', '/app/src/features/admin/admin-page.tsx'),
      chunk('assets/en-7.js', '/app/packages/shared/src/i18n/en.json?part=rest'),
      chunk('assets/en-8.js', '/app/packages/shared/src/i18n/en.json?part=first'),
      chunk('assets/ar-9.js', '/app/packages/shared/src/i18n/ar.json?part=rest'),
    ].map((entry) => [entry.fileName, entry]),
  ) as Rolldown.OutputBundle;
  const entry = bundle['assets/index-1.js'] as Rolldown.OutputChunk;
  const pages = ['/src/features/search/components/search-page.tsx', '/src/features/catalogue/components/book-page.tsx'];

  it('holds the pages and what they import beyond the entry, and the rest of each language’s texts', () => {
    expect(prefetchList(bundle, entry, pages)).toEqual({
      code: ['/assets/book-page-5.js', '/assets/schemas-4.js', '/assets/search-page-3.js'],
      texts: { en: ['/assets/en-7.js'], ar: ['/assets/ar-9.js'] },
    });
  });

  it('fails the build when a page has no chunk of its own', () => {
    expect(() => prefetchList(bundle, entry, ['/src/features/gone/page.tsx'])).toThrow(/no chunk for/);
  });
});
