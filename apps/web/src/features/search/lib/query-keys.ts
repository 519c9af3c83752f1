/** Every query key of search, written once. */
export const searchKeys = {
  all: ['search'] as const,
  /** Keyed by the API query string: equal states share one entry. */
  results: (queryString: string) => ['search', 'results', queryString] as const,
};
