import { can, type Role } from '@maktaba/shared/permissions';
import type { BookStatus } from '@maktaba/shared/schemas/catalogue';

export type StatusAction = { key: 'submit' | 'approve' | 'archive' | 'backToDraft'; to: BookStatus };

const FLOW: Record<BookStatus, StatusAction[]> = {
  draft: [
    { key: 'submit', to: 'pending' },
    { key: 'approve', to: 'approved' },
  ],
  pending: [
    { key: 'approve', to: 'approved' },
    { key: 'backToDraft', to: 'draft' },
  ],
  approved: [
    { key: 'archive', to: 'archived' },
    { key: 'backToDraft', to: 'draft' },
  ],
  archived: [
    { key: 'approve', to: 'approved' },
    { key: 'backToDraft', to: 'draft' },
  ],
};

/**
 * The status moves a role may offer for a book, mirroring the server's rule: draft ⇄ pending need
 * books.edit; approving, archiving and anything leaving approved need books.approve.
 */
export function statusActions(status: BookStatus, role: Role | null): StatusAction[] {
  if (!can(role, 'books.edit')) return [];
  return FLOW[status].filter(({ to }) => {
    const isPublishing = to === 'approved' || to === 'archived' || status === 'approved';
    return !isPublishing || can(role, 'books.approve');
  });
}
