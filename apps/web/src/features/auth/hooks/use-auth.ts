import type { Role } from '@maktaba/shared/permissions';
import { create } from 'zustand';

/**
 * What the shell needs to know about the signed-in user. Sign-in itself (the auth state machine of
 * accounts-and-auth §4) drives this store; until a session is established the visitor is signed out.
 */
export type AuthSnapshot = {
  isInitialized: boolean;
  isAuthenticated: boolean;
  /** Known only once the profile is loaded; null while signed out. */
  role: Role | null;
  displayName: string | null;
  email: string | null;
};

export const useAuthStore = create<AuthSnapshot>(() => ({
  isInitialized: true,
  isAuthenticated: false,
  role: null,
  displayName: null,
  email: null,
}));
