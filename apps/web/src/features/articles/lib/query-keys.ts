/**
 * The articles' query keys. Everything lives under `all`, so saving, publishing or deleting one
 * article refreshes every list and page that shows it.
 */
export const articleKeys = {
  all: ['articles'] as const,
  lists: ['articles', 'list'] as const,
  detail: (id: string) => ['articles', 'detail', id] as const,
  staff: ['articles', 'staff'] as const,
  source: (id: string) => ['articles', 'source', id] as const,
  preview: ['articles', 'preview'] as const,
  records: ['articles', 'records'] as const,
};
