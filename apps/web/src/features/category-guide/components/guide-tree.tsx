import type { GuideNode } from '@maktaba/shared/schemas/category-guide';
import { ChevronDown, Search } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { guidePath, searchPath } from '../lib/guide-tree';
import { useBookCountText } from './book-count';
import { CategoryDescription, primaryName, SecondaryName } from './category-names';

type Disclosure = { isOpen: (id: string) => boolean; toggle: (id: string) => void };

/** The top-level categories as cards, each with its sub-categories behind a disclosure button. */
export function GuideTree({ nodes, disclosure }: { nodes: readonly GuideNode[]; disclosure: Disclosure }) {
  return (
    <ul className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2" data-testid="category-guide-tree">
      {nodes.map((node) => (
        <li key={node.id}>
          <TopCategory node={node} disclosure={disclosure} />
        </li>
      ))}
    </ul>
  );
}

function TopCategory({ node, disclosure }: { node: GuideNode; disclosure: Disclosure }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const countText = useBookCountText();
  const name = primaryName(node, language);
  return (
    <article
      className="flex flex-col gap-3 rounded-app border border-border bg-surface p-4 sm:p-5"
      data-testid="guide-category"
      data-key={node.key}
    >
      <div className="flex flex-col gap-0.5">
        <h2 className="font-display text-xl font-bold leading-snug">
          <Link to={guidePath(node.key)} lang={name.lang} className="text-fg hover:text-primary hover:underline">
            {name.text}
          </Link>
        </h2>
        <SecondaryName category={node} language={language} />
      </div>
      <CategoryDescription category={node} language={language} className="text-sm" />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <span className="text-muted">{countText(node.book_count)}</span>
        <Link
          to={searchPath(node.key)}
          className="inline-flex items-center gap-1 font-semibold text-primary hover:underline"
          aria-label={t('categoryGuide.seeBooksOf', { name: name.text })}
        >
          <Search aria-hidden className="size-4" />
          {t('categoryGuide.seeBooks')}
        </Link>
      </div>
      {node.children.length > 0 ? <SubCategories node={node} disclosure={disclosure} /> : null}
    </article>
  );
}

/** A disclosure (button with aria-expanded and aria-controls) over a category's sub-categories. */
function SubCategories({ node, disclosure }: { node: GuideNode; disclosure: Disclosure }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const listId = useId();
  const open = disclosure.isOpen(node.id);
  return (
    <div className="flex flex-col gap-2 border-t border-border pt-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => disclosure.toggle(node.id)}
        className="inline-flex min-h-11 items-center gap-2 self-start rounded-app px-2 text-sm font-semibold text-fg hover:bg-surface-2"
        data-testid="guide-disclosure"
      >
        <ChevronDown aria-hidden className={`size-4 transition ${open ? 'rotate-180' : ''}`} />
        {t('categoryGuide.subcategories', {
          count: node.children.length,
          number: formatNumber(node.children.length, language),
        })}
      </button>
      <ul id={listId} hidden={!open} className="flex flex-col gap-1 ps-4">
        {node.children.map((child) => (
          <SubCategory key={child.id} node={child} disclosure={disclosure} />
        ))}
      </ul>
    </div>
  );
}

function SubCategory({ node, disclosure }: { node: GuideNode; disclosure: Disclosure }) {
  const language = usePageLanguage();
  const countText = useBookCountText();
  const name = primaryName(node, language);
  return (
    <li className="flex flex-col gap-1 py-1" data-testid="guide-subcategory" data-key={node.key}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <div className="min-w-0">
          <Link to={guidePath(node.key)} lang={name.lang} className="font-semibold text-primary hover:underline">
            {name.text}
          </Link>
          <SecondaryName category={node} language={language} className="text-xs" />
        </div>
        <span className="text-xs text-muted">{countText(node.book_count)}</span>
      </div>
      {node.children.length > 0 ? <SubCategories node={node} disclosure={disclosure} /> : null}
    </li>
  );
}
