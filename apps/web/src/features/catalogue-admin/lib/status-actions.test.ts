import { describe, expect, it } from 'vitest';
import { statusActions } from './status-actions';

const keys = (...args: Parameters<typeof statusActions>) => statusActions(...args).map((action) => action.key);

describe('statusActions', () => {
  it('offers a librarian every move of the book’s life', () => {
    expect(keys('draft', 'librarian')).toEqual(['submit', 'approve']);
    expect(keys('pending', 'librarian')).toEqual(['approve', 'backToDraft']);
    expect(keys('approved', 'librarian')).toEqual(['archive', 'backToDraft']);
    expect(keys('archived', 'admin')).toEqual(['approve', 'backToDraft']);
  });

  it('moves each action to the status its name says', () => {
    expect(statusActions('draft', 'admin')).toEqual([
      { key: 'submit', to: 'pending' },
      { key: 'approve', to: 'approved' },
    ]);
    expect(statusActions('approved', 'admin')).toContainEqual({ key: 'archive', to: 'archived' });
  });

  it('offers nothing to a patron or a signed-out visitor', () => {
    expect(keys('draft', 'patron')).toEqual([]);
    expect(keys('pending', null)).toEqual([]);
  });
});
