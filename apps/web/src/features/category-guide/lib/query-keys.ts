/** The category guide's queries: the whole tree, and one category's page by key. */
export const categoryGuideKeys = {
  all: ['category-guide'] as const,
  tree: () => [...categoryGuideKeys.all, 'tree'] as const,
  page: (key: string) => [...categoryGuideKeys.all, 'page', key] as const,
};
