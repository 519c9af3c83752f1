import { type QueryClient, useMutationState } from '@tanstack/react-query';
import { bookmarkKeys } from '../lib/query-keys';

/** What an add or removal is about: the book, and for a removal from the list the bookmark's id. */
export type BookmarkChange = { bookId: string; id?: string };

const isAbout = (variables: unknown, bookId: string) => (variables as BookmarkChange | undefined)?.bookId === bookId;

/** Whether a change to this book's bookmark is on its way (a second one waits for it). */
export function isBookPending(queryClient: QueryClient, bookId: string): boolean {
  return (
    queryClient.isMutating({
      mutationKey: bookmarkKeys.changes,
      predicate: (m) => isAbout(m.state.variables, bookId),
    }) > 0
  );
}

/** The changes on their way, for the spinners of the toggles and of the list's remove buttons. */
export function usePendingChanges(): BookmarkChange[] {
  return useMutationState({
    filters: { mutationKey: bookmarkKeys.changes, status: 'pending' },
    select: (mutation) => mutation.state.variables as BookmarkChange,
  });
}
