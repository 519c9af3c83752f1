import type { QueryClient } from '@tanstack/react-query';
import { i18n } from '../../../lib/i18n';
import { shelfKeys } from '../../../lib/shelf-keys';
import { toast } from '../../../lib/toast';

export type BookmarkNotice = 'added' | 'removed' | 'addFailed' | 'removeFailed';

const NOTICES: Record<BookmarkNotice, () => void> = {
  added: () => toast.success(i18n.t('bookmarks.toast.added')),
  removed: () => toast.success(i18n.t('bookmarks.toast.removed')),
  addFailed: () => toast.error(i18n.t('bookmarks.errors.add')),
  removeFailed: () => toast.error(i18n.t('bookmarks.errors.remove')),
};

/** What follows a change: its toast, and after a success the bookmarked shelf (/books/bookmarked) refreshed. */
export function announceBookmarkChange(queryClient: QueryClient, notice: BookmarkNotice) {
  NOTICES[notice]();
  if (notice === 'added' || notice === 'removed') {
    void queryClient.invalidateQueries({ queryKey: shelfKeys.all('bookmarked') });
  }
}
