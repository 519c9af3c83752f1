import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onLiveNotification } from '../../../lib/live-notifications';
import { askKeys } from '../lib/query-keys';

/**
 * While an Ask a Librarian page is open, a live notification that links to a question (a
 * librarian answered) reads the questions again, so the answer shows without reloading — the way
 * the reader's loans follow the library's notices.
 */
export function useLiveQuestionRefresh() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onLiveNotification((notification) => {
        if (notification.link?.startsWith('/ask')) void queryClient.invalidateQueries({ queryKey: askKeys.all });
      }),
    [queryClient],
  );
}
