import type { Plugin, Rolldown } from 'vite';
import { staticClosure } from './i18n-parts';
import { PREFETCH_LIST_ID, type PrefetchList } from './src/lib/prefetch';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** The rest of a language's texts (i18n-parts.ts), which the first other page brings. */
const REST_OF_TEXTS = /\/i18n\/([a-z]+)\.json\?part=rest$/;

const isChunk = (chunk: OutputBundle[string] | undefined): chunk is OutputChunk => chunk?.type === 'chunk';

/**
 * The files a browser needs to open `pages` after the entry: each page's chunk and what it imports
 * statically, less what the entry already loaded; and the rest of each language's texts.
 */
export function prefetchList(bundle: OutputBundle, entry: OutputChunk, pages: string[], base = '/'): PrefetchList {
  const loaded = new Set(staticClosure(bundle, [entry]).map((chunk) => chunk.fileName));
  const chunks = Object.values(bundle).filter(isChunk);
  const roots = pages.map((page) => {
    const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(page));
    if (!chunk) throw new Error(`route-prefetch: no chunk for ${page}`);
    return chunk;
  });
  const code = staticClosure(bundle, roots)
    .map((chunk) => chunk.fileName)
    .filter((file) => !loaded.has(file))
    .sort()
    .map((file) => `${base}${file}`);
  const texts: Record<string, string[]> = {};
  for (const chunk of chunks) {
    const language = REST_OF_TEXTS.exec(chunk.facadeModuleId ?? '')?.[1];
    if (language) texts[language] = [`${base}${chunk.fileName}`];
  }
  return { code, texts };
}

/**
 * Lists in index.html the files of the pages a reader most likely opens next, for the app to
 * prefetch a moment after it starts (lib/prefetch.ts): the browser downloads them at low priority
 * into its cache, and compiles and runs them only if the reader opens one of those pages.
 */
export function routePrefetch(options: { pages: string[] }): Plugin {
  let base = '/';
  return {
    name: 'maktaba-route-prefetch',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk }) {
        if (!bundle || !chunk) return html;
        const list = prefetchList(bundle, chunk, options.pages, base);
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: PREFETCH_LIST_ID },
            // JSON in a data block: `<` escaped so no file name can close the element.
            children: JSON.stringify(list).replaceAll('<', '\\u003c'),
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
