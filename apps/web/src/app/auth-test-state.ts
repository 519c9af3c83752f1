import type { Role } from '@maktaba/shared/permissions';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { initialAuthState } from '../lib/auth/auth-machine';
import { type AuthStore, useAuthStore } from '../lib/auth/use-auth';
import { i18n, initI18n } from '../lib/i18n';

/**
 * For tests of what the shell shows by role: i18n ready before, and after each test the rendered
 * tree removed and the auth store signed out again.
 */
export function withAuthStore() {
  beforeAll(async () => {
    if (!i18n.isInitialized) await initI18n();
  });
  afterEach(() => {
    cleanup();
    useAuthStore.setState({ ...initialAuthState, role: null, displayName: null, email: null });
  });
}

/** The store after the session check: signed in with `role` (a complete profile), or signed out with null. */
export function setAuth(role: Role | null, overrides: Partial<AuthStore> = {}) {
  const signedIn = role !== null;
  useAuthStore.setState({
    ...initialAuthState,
    isInitialized: true,
    isAuthenticated: signedIn,
    profileComplete: signedIn,
    role,
    displayName: signedIn ? 'Reader' : null,
    email: signedIn ? 'reader@example.com' : null,
    ...overrides,
  });
}
