import type { CirclePost } from './types';

/** A post by someone else that the reader may report, for tests; `overrides` change any part. */
export function makePost(overrides: Partial<CirclePost> = {}): CirclePost {
  return {
    id: '9c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5',
    author: { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'Maryam' },
    reply_to: null,
    body: 'Hello',
    created_at: '2026-11-20T10:00:00.000Z',
    edited_at: null,
    hidden: false,
    hidden_reason: null,
    mine: false,
    can_edit: false,
    can_delete: false,
    can_hide: false,
    can_report: true,
    ...overrides,
  };
}
