import type { QueryClient } from '@tanstack/react-query';
import { shelfKeys } from '../../../lib/shelf-keys';
import { loanKeys } from './query-keys';

/**
 * After a loan moved (the reader's action, or the library's announced by a live notification):
 * every loans query is read again, and the returned shelf (reader-area §4.5) with them.
 */
export function refreshLoans(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: loanKeys.all });
  void queryClient.invalidateQueries({ queryKey: shelfKeys.all('returned') });
}
