import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Keeps at most `max` cached queries under `prefix`, removing those fetched longest ago
 * (accounts-and-auth §4: at most 25 list results, oldest evicted). Returns how many went.
 */
export function evictOldest(queryClient: QueryClient, prefix: QueryKey, max: number): number {
  const cache = queryClient.getQueryCache();
  const queries = cache
    .findAll({ queryKey: prefix })
    .sort((a, b) => (a.state.dataUpdatedAt || Infinity) - (b.state.dataUpdatedAt || Infinity));
  const excess = queries.slice(0, Math.max(0, queries.length - max));
  for (const query of excess) cache.remove(query);
  return excess.length;
}
