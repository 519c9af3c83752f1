import { STORAGE_KEYS, TIMINGS } from '@maktaba/shared/constants';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearOAuthState,
  PROFILE_COMPLETE_MARKER_KEY,
  readOAuthReturnUrl,
  readProfileCompleteMarker,
  saveOAuthReturnUrl,
  saveProfileCompleteMarker,
} from './oauth-state';

describe('OAuth state in session storage', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('keeps the return URL for 10 minutes, then drops it', () => {
    saveOAuthReturnUrl('/books/recent?page=2', 1_000);
    expect(readOAuthReturnUrl(1_000 + TIMINGS.oauthState)).toBe('/books/recent?page=2');
    expect(readOAuthReturnUrl(1_001 + TIMINGS.oauthState)).toBeNull();
    expect(window.sessionStorage.getItem(STORAGE_KEYS.oauthState)).toBeNull();
  });

  it('never returns to another site, even from tampered storage', () => {
    saveOAuthReturnUrl('https://evil.example/', 0);
    expect(readOAuthReturnUrl(0)).toBe('/');
    window.sessionStorage.setItem(STORAGE_KEYS.oauthState, JSON.stringify({ returnUrl: '//evil.example', at: 0 }));
    expect(readOAuthReturnUrl(0)).toBe('/');
    window.sessionStorage.setItem(STORAGE_KEYS.oauthState, '{not json');
    expect(readOAuthReturnUrl(0)).toBeNull();
  });

  it('keeps the profile-complete marker 5 seconds, for the same user only', () => {
    saveProfileCompleteMarker('user-1', true, 10_000);
    expect(readProfileCompleteMarker('user-1', 10_000 + TIMINGS.oauthProfileCache)).toBe(true);
    expect(readProfileCompleteMarker('user-2', 10_000)).toBeNull();
    saveProfileCompleteMarker('user-1', false, 10_000);
    expect(readProfileCompleteMarker('user-1', 10_001 + TIMINGS.oauthProfileCache)).toBeNull();
    expect(window.sessionStorage.getItem(PROFILE_COMPLETE_MARKER_KEY)).toBeNull();
  });

  it('clears both', () => {
    saveOAuthReturnUrl('/search', 0);
    saveProfileCompleteMarker('user-1', true, 0);
    clearOAuthState();
    expect(window.sessionStorage.length).toBe(0);
  });
});
