import type { FindingTargetType } from '@maktaba/shared/schemas/source-validation';

/** Where an administrator edits a finding's record: the book editor, or the manager's authors or categories tab. */
export function editorPathOf(type: FindingTargetType, id: string): string {
  if (type === 'book') return `/admin/book-editor?id=${encodeURIComponent(id)}`;
  return `/admin/book-catalog?tab=${type === 'author' ? 'authors' : 'categories'}`;
}
