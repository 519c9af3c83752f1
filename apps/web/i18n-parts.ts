import fs from 'node:fs';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/**
 * The translations the first page needs, apart from the rest. A language's catalogue is imported
 * in two parts, `…/en.json?part=first` and `…/en.json?part=rest`: the first holds the texts of the
 * shell (header, sidebar, footer, errors, session notices) and of the home page, the rest all the
 * others, which come with the first other page (see lib/i18n.ts).
 *
 * An entry is a section (`home`) or a part of one (`auth.lifecycle`); a part also takes its plural
 * forms (`collections.count` takes `count_one`, `count_other`, …). The texts the server sends as keys
 * (`errors`, `validation`) are in the first part whole.
 */
export const FIRST_PAGE_KEYS = [
  'account',
  'adminTools.nav',
  'app',
  'auth.errors',
  'auth.lifecycle',
  'auth.security',
  'auth.securityMonitor',
  'auth.toasts',
  'bookmarks',
  'bookTypes',
  'catalogue',
  'collections.add',
  'collections.byOwner',
  'collections.count',
  'collections.featured',
  'collections.featuredBadge',
  'collections.nav',
  'collections.untitled',
  'collections.visibility',
  'common',
  'errors',
  'feedback.open',
  'footer',
  'header',
  'home',
  'nav',
  'network',
  'notifications',
  'pages',
  'roles',
  'search.autocomplete',
  'splash',
  'storage',
  'theme',
  'validation',
  'verifyEmail.banner',
  'verifyEmail.borrowBlocked',
  'verifyEmail.resendFailed',
  'verifyEmail.resent',
  'verifyEmail.tooMany',
] as const;

type Tree = { [key: string]: unknown };
const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first part (`first`) of a catalogue, or the rest (`!first`). */
export function catalogueSplit(catalogue: Tree, entries: readonly string[], first: boolean): Tree {
  const result: Tree = {};
  for (const [section, value] of Object.entries(catalogue)) {
    const parts = entries
      .filter((entry) => entry.startsWith(`${section}.`))
      .map((entry) => entry.slice(section.length + 1));
    if (entries.includes(section) || parts.length === 0 || !isTree(value)) {
      if (entries.includes(section) === first) result[section] = value;
      continue;
    }
    const named = (key: string) => parts.some((part) => key === part || key.startsWith(`${part}_`));
    const kept = Object.entries(value).filter(([key]) => named(key) === first);
    if (kept.length > 0) result[section] = Object.fromEntries(kept);
  }
  return result;
}

const PART = /^(.*\/i18n\/[a-z]+\.json)\?part=(first|rest)$/;

function lookUp(tree: unknown, path: string[]): unknown {
  return path.reduce<unknown>((node, key) => (isTree(node) ? node[key] : undefined), tree);
}

/** Whether `tree` holds the key, or a plural form of it. */
function holds(tree: unknown, path: string[]): boolean {
  if (lookUp(tree, path) !== undefined) return true;
  const parent = lookUp(tree, path.slice(0, -1));
  const last = path.at(-1);
  return isTree(parent) && Object.keys(parent).some((key) => key.startsWith(`${last}_`));
}

/** The chunks a page's first paint loads: `roots` and what they import statically. */
export function staticClosure(bundle: OutputBundle, roots: OutputChunk[]): OutputChunk[] {
  const seen = new Map(roots.map((chunk) => [chunk.fileName, chunk]));
  const queue = [...roots];
  for (let chunk = queue.shift(); chunk; chunk = queue.shift()) {
    for (const file of chunk.imports) {
      const next = bundle[file];
      if (next?.type === 'chunk' && !seen.has(file)) {
        seen.set(file, next);
        queue.push(next);
      }
    }
  }
  return [...seen.values()];
}

/**
 * Serves the two parts, and fails the build when the code of the first page names a key that only
 * the rest holds (it would show as a bare key until the rest came).
 */
export function i18nParts(options: {
  /** One language's catalogue (they have the same keys). */
  catalogue: string;
  /** The module of the first page. */
  firstPage: string;
  /** Modules whose strings that look like keys are not texts of the first page. */
  exempt: string[];
}): Plugin {
  return {
    name: 'maktaba-i18n-parts',
    // Tells lib/i18n.ts to import the parts (elsewhere, as in the unit tests, it imports the whole).
    config: () => ({ define: { 'import.meta.env.I18N_PARTS': 'true' } }),
    load(id) {
      const match = PART.exec(id);
      if (!match?.[1]) return null;
      const catalogue = JSON.parse(fs.readFileSync(match[1], 'utf8')) as Tree;
      const part = JSON.stringify(catalogueSplit(catalogue, FIRST_PAGE_KEYS, match[2] === 'first'));
      // Parsed from a string: quicker for the browser than the same object written out in code.
      return { code: `export default JSON.parse(${JSON.stringify(part)});`, moduleType: 'js' };
    },
    generateBundle(_options, bundle) {
      const catalogue = JSON.parse(fs.readFileSync(options.catalogue, 'utf8')) as Tree;
      const first = catalogueSplit(catalogue, FIRST_PAGE_KEYS, true);
      const roots = Object.values(bundle).filter(
        (chunk): chunk is OutputChunk =>
          chunk.type === 'chunk' && (chunk.isEntry || Boolean(chunk.facadeModuleId?.endsWith(options.firstPage))),
      );
      const missing = new Set<string>();
      const modules = staticClosure(bundle, roots).flatMap((chunk) => Object.entries(chunk.modules));
      for (const [id, module] of modules) {
        if (!module.code || options.exempt.some((end) => id.endsWith(end))) continue;
        // A literal key, or the fixed start of one built at run time (`errors.codes.${code}`).
        for (const [, key, end] of module.code.matchAll(/["'`]([A-Za-z]+\.[A-Za-z0-9_.]*)(\$\{|["'`])/g)) {
          if (!key) continue;
          const path = key.split('.');
          const fixed = end === '${' ? path.slice(0, -1) : path;
          if (lookUp(catalogue, fixed) === undefined && !holds(catalogue, fixed)) continue;
          const covered =
            end === '${'
              ? JSON.stringify(lookUp(first, fixed)) === JSON.stringify(lookUp(catalogue, fixed))
              : holds(first, fixed);
          if (!covered) missing.add(key);
        }
      }
      if (missing.size > 0) {
        this.error(
          `The first page uses keys outside FIRST_PAGE_KEYS (apps/web/i18n-parts.ts): ${[...missing].join(', ')}`,
        );
      }
    },
  };
}
