import { describe, expect, it } from 'vitest';
import { getInitials } from './initials';

describe('avatar initials', () => {
  it('takes the first letters of the first and last words', () => {
    expect(getInitials('fatima al zahra')).toBe('FZ');
    expect(getInitials('  Ali   Reza ')).toBe('AR');
  });
  it('takes the first two letters of a single word', () => {
    expect(getInitials('hussain')).toBe('HU');
    expect(getInitials('علي')).toBe('عل');
  });
  it('is empty without a name', () => {
    expect(getInitials('')).toBe('');
    expect(getInitials(null)).toBe('');
  });
});
