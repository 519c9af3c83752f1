import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AuthorsTab } from './authors-tab';
import { BooksTab } from './books-tab';
import { CategoriesTab } from './categories-tab';
import { ScholarsTab } from './scholars-tab';

const TABS = ['books', 'authors', 'categories', 'scholars'] as const;
type Tab = (typeof TABS)[number];
const toTab = (value: string | null): Tab =>
  (TABS as readonly string[]).includes(value ?? '') ? (value as Tab) : 'books';

/** The catalogue manager (admin /admin/book-catalog, librarians /library): books, authors, categories, scholars. */
export function CatalogueManagerPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = toTab(params.get('tab'));
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 p-4 sm:p-6">
      <h1 className="font-display text-2xl font-bold sm:text-3xl">{t('catalogueAdmin.title')}</h1>
      <Tabs.Root
        value={tab}
        dir={i18n.dir()}
        onValueChange={(value) => setParams(value === 'books' ? {} : { tab: value }, { replace: true })}
        className="flex flex-col gap-5"
      >
        <Tabs.List
          aria-label={t('catalogueAdmin.tabs.label')}
          className="flex gap-1 overflow-x-auto border-b border-border"
        >
          {TABS.map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="-mb-px min-h-11 border-b-2 border-transparent px-4 text-sm font-semibold text-muted hover:text-fg data-[state=active]:border-primary data-[state=active]:text-fg"
            >
              {t(`catalogueAdmin.tabs.${value}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((value) => (
          <Tabs.Content key={value} value={value}>
            {value === tab ? <TabBody tab={value} /> : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}

function TabBody({ tab }: { tab: Tab }) {
  switch (tab) {
    case 'books':
      return <BooksTab />;
    case 'authors':
      return <AuthorsTab />;
    case 'categories':
      return <CategoriesTab />;
    case 'scholars':
      return <ScholarsTab />;
  }
}
