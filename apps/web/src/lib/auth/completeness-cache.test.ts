import { TIMINGS } from '@maktaba/shared/constants';
import { describe, expect, it } from 'vitest';
import { createCompletenessCache } from './completeness-cache';
import { makeProfile } from './test-fixtures';

describe('profile completeness cache', () => {
  it('answers from the cache for 5 minutes, then looks again', () => {
    let now = 0;
    const cache = createCompletenessCache(() => now);
    const incomplete = makeProfile({ registration_completed: false });
    expect(cache.get('u1', incomplete, 'credential')).toBe(false);
    now = TIMINGS.profileCompleteCache - 1;
    expect(cache.get('u1', makeProfile(), 'credential')).toBe(false);
    now = TIMINGS.profileCompleteCache;
    expect(cache.get('u1', makeProfile(), 'credential')).toBe(true);
  });

  it('keeps one answer per user, follows the provider rule, and can be written through or cleared', () => {
    const cache = createCompletenessCache(() => 0);
    const noAddress = makeProfile({ registration_completed: false, address_line_1: null });
    expect(cache.get('google-user', noAddress, 'google')).toBe(true);
    expect(cache.get('password-user', noAddress, 'credential')).toBe(false);
    cache.set('password-user', true);
    expect(cache.get('password-user', noAddress, 'credential')).toBe(true);
    cache.clear();
    expect(cache.get('password-user', noAddress, 'credential')).toBe(false);
  });

  it('does not cache a missing profile', () => {
    const cache = createCompletenessCache(() => 0);
    expect(cache.get('u1', null, 'credential')).toBe(false);
    expect(cache.get('u1', makeProfile(), 'credential')).toBe(true);
  });
});
