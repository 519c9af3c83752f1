import { LIMITS } from '@maktaba/shared/constants';
import type { Profile } from '@maktaba/shared/schemas/profile';
import type { AuthMessage, AuthSession, AuthUser, ServerAuthState, SignedOutReason } from './auth-types';

/**
 * The client auth state machine of accounts-and-auth §4, as a pure reducer. Side effects (requests,
 * timers, toasts) live in the hooks that dispatch these events; this file only decides what the
 * state becomes, so every transition can be tested without a browser.
 */

export type AuthFlags = {
  isLoading: boolean;
  /** True only after an active sign-in or registration, never after a restored session. */
  justSignedIn: boolean;
  isLoggingOut: boolean;
  isPerformingActiveSignIn: boolean;
  isOAuthInProgress: boolean;
};

export type AuthStatus = 'initializing' | 'signedOut' | 'signingIn' | 'signingOut' | 'profileIncomplete' | 'signedIn';

export type AuthEvent =
  | { type: 'INIT_STARTED' }
  | { type: 'INITIALIZED'; auth: ServerAuthState | null; profileComplete: boolean }
  | { type: 'INIT_TIMEOUT' }
  | { type: 'INIT_FAILED'; error: AuthMessage }
  | { type: 'SIGN_IN_STARTED'; method: 'password' | 'registration' | 'oauth' }
  | { type: 'SIGN_IN_SUCCEEDED'; auth: ServerAuthState; profileComplete: boolean }
  | { type: 'SIGN_IN_FAILED'; error: AuthMessage }
  | { type: 'PROFILE_LOADED'; profile: Profile; profileComplete: boolean }
  | { type: 'PROFILE_COMPLETED'; profile: Profile }
  | { type: 'SIGN_OUT_STARTED' }
  | { type: 'SIGNED_OUT' }
  | { type: 'SESSION_EXPIRED'; reason?: SignedOutReason }
  | { type: 'SESSION_REFRESHED'; auth: ServerAuthState; profileComplete: boolean }
  | { type: 'ERROR_CLEARED' }
  | { type: 'FLAGS_CLEARED' }
  | { type: 'KILL_SWITCH' }
  | { type: 'RECOVERY_STARTED' };

export type AuthEventType = AuthEvent['type'];

export type TransitionRecord = { event: AuthEventType; from: AuthStatus; to: AuthStatus; at: number };

export type AuthMachineState = AuthFlags & {
  user: AuthUser | null;
  session: AuthSession | null;
  profile: Profile | null;
  profileComplete: boolean;
  error: AuthMessage | null;
  /** True only when the session and the profile are both loaded. */
  isAuthenticated: boolean;
  /**
   * An administrator who must still turn on two-factor sign-in (the library requires it): the
   * server refuses them its admin routes until they do, and the admin pages send them to Settings.
   */
  twoFactorSetupRequired: boolean;
  isInitialized: boolean;
  /** The first session check failed with an error (not a time-out): guarded pages show the Authentication Error screen. */
  sessionCheckFailed: boolean;
  history: readonly TransitionRecord[];
};

const NO_FLAGS: AuthFlags = {
  isLoading: false,
  justSignedIn: false,
  isLoggingOut: false,
  isPerformingActiveSignIn: false,
  isOAuthInProgress: false,
};

const SIGNED_OUT_IDENTITY = {
  user: null,
  session: null,
  profile: null,
  profileComplete: false,
  isAuthenticated: false,
  twoFactorSetupRequired: false,
} as const;

export const initialAuthState: AuthMachineState = {
  ...NO_FLAGS,
  ...SIGNED_OUT_IDENTITY,
  error: null,
  isInitialized: false,
  sessionCheckFailed: false,
  history: [],
};

export function hasAnyFlag(state: AuthFlags): boolean {
  return (Object.keys(NO_FLAGS) as (keyof AuthFlags)[]).some((flag) => state[flag]);
}

/** A name for where the machine is, for the history and for debugging. */
export function getAuthStatus(state: AuthMachineState): AuthStatus {
  if (state.isLoggingOut) return 'signingOut';
  if (!state.isInitialized) return 'initializing';
  if (state.isPerformingActiveSignIn && !state.isAuthenticated) return 'signingIn';
  if (!state.isAuthenticated) return 'signedOut';
  return state.profileComplete ? 'signedIn' : 'profileIncomplete';
}

function identityFrom(auth: ServerAuthState | null, profileComplete: boolean) {
  if (!auth?.user || !auth.session) return SIGNED_OUT_IDENTITY;
  return {
    user: auth.user,
    session: auth.session,
    profile: auth.profile,
    profileComplete: auth.profile ? profileComplete : false,
    isAuthenticated: auth.profile !== null,
    twoFactorSetupRequired: auth.twoFactorSetupRequired === true,
  };
}

/** The next state, or the same object when the event does not apply in this state. */
function next(state: AuthMachineState, event: AuthEvent): AuthMachineState {
  switch (event.type) {
    case 'INIT_STARTED':
      return { ...state, isInitialized: false, isLoading: true, error: null, sessionCheckFailed: false };
    case 'INITIALIZED':
      // A late answer after the time-out (or after a sign-in) must not overwrite newer state.
      if (state.isInitialized) return state;
      return {
        ...state,
        ...identityFrom(event.auth, event.profileComplete),
        isInitialized: true,
        isLoading: false,
        justSignedIn: false,
        error: null,
      };
    case 'INIT_TIMEOUT':
      if (state.isInitialized) return state;
      return { ...state, ...SIGNED_OUT_IDENTITY, isInitialized: true, isLoading: false, error: null };
    case 'INIT_FAILED':
      if (state.isInitialized) return state;
      return {
        ...state,
        ...SIGNED_OUT_IDENTITY,
        isInitialized: true,
        isLoading: false,
        error: event.error,
        sessionCheckFailed: true,
      };
    case 'SIGN_IN_STARTED':
      return {
        ...state,
        isLoading: true,
        isPerformingActiveSignIn: true,
        isOAuthInProgress: event.method === 'oauth',
        justSignedIn: false,
        error: null,
        sessionCheckFailed: false,
      };
    case 'SIGN_IN_SUCCEEDED': {
      const identity = identityFrom(event.auth, event.profileComplete);
      if (!identity.isAuthenticated) return state;
      // The active-sign-in flag stays until the portal has navigated (FLAGS_CLEARED), so the
      // splash covers the hand-over instead of flashing the form.
      return { ...state, ...identity, isInitialized: true, isLoading: false, justSignedIn: true, error: null };
    }
    case 'SIGN_IN_FAILED':
      // Flags clear after the error-recovery delay (FLAGS_CLEARED), not at once.
      return { ...state, ...SIGNED_OUT_IDENTITY, isInitialized: true, isLoading: false, error: event.error };
    case 'PROFILE_LOADED':
      if (!state.user || !state.session) return state;
      return {
        ...state,
        profile: event.profile,
        profileComplete: event.profileComplete,
        isAuthenticated: true,
      };
    case 'PROFILE_COMPLETED':
      if (!state.user || !state.session) return state;
      return {
        ...state,
        profile: event.profile,
        profileComplete: true,
        isAuthenticated: true,
        isLoading: false,
        justSignedIn: true,
        error: null,
      };
    case 'SIGN_OUT_STARTED':
      return { ...state, isLoggingOut: true, isLoading: true, error: null };
    case 'SIGNED_OUT':
      // isLoggingOut stays set until the redirect to /signin has happened (FLAGS_CLEARED).
      return {
        ...state,
        ...SIGNED_OUT_IDENTITY,
        isLoading: false,
        justSignedIn: false,
        isPerformingActiveSignIn: false,
        isOAuthInProgress: false,
        error: null,
      };
    case 'SESSION_EXPIRED':
      // 'revoked': ended from elsewhere (a newer sign-in, sign-out everywhere, a password change).
      if (!state.user) return state;
      return {
        ...state,
        ...SIGNED_OUT_IDENTITY,
        justSignedIn: false,
        error: { key: event.reason === 'revoked' ? 'errors.codes.SESSION_REVOKED' : 'errors.codes.SESSION_EXPIRED' },
      };
    case 'SESSION_REFRESHED': {
      if (!state.user) return state;
      const identity = identityFrom(event.auth, event.profileComplete);
      if (!identity.isAuthenticated || identity.user?.id !== state.user.id) return state;
      return { ...state, ...identity };
    }
    case 'ERROR_CLEARED':
      if (state.error === null && !state.sessionCheckFailed) return state;
      return { ...state, error: null, sessionCheckFailed: false };
    case 'FLAGS_CLEARED':
      if (!hasAnyFlag(state)) return state;
      return { ...state, ...NO_FLAGS };
    case 'KILL_SWITCH':
      // Something stayed busy for too long: give the user a working page back, whatever happened.
      return { ...state, ...NO_FLAGS, isInitialized: true };
    case 'RECOVERY_STARTED':
      // The user asked to start over ('Stuck? Click here to reset'): nothing busy, no old error.
      return { ...state, ...NO_FLAGS, error: null, sessionCheckFailed: false };
  }
}

/** Applies an event and records it in the history (the latest 50 transitions). */
export function transition(state: AuthMachineState, event: AuthEvent, at = 0): AuthMachineState {
  const updated = next(state, event);
  if (updated === state) return state;
  const record: TransitionRecord = { event: event.type, from: getAuthStatus(state), to: getAuthStatus(updated), at };
  return { ...updated, history: [...state.history, record].slice(-LIMITS.transitionHistory) };
}
