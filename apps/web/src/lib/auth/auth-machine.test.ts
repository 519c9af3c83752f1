import { describe, expect, it } from 'vitest';
import {
  type AuthEvent,
  type AuthMachineState,
  getAuthStatus,
  hasAnyFlag,
  initialAuthState,
  transition,
} from './auth-machine';
import { makeAuth, makeProfile } from './test-fixtures';

const run = (events: AuthEvent[], from: AuthMachineState = initialAuthState) =>
  events.reduce((state, event, index) => transition(state, event, index + 1), from);

const signedOut = run([{ type: 'INIT_STARTED' }, { type: 'INITIALIZED', auth: null, profileComplete: false }]);
const signedIn = run([{ type: 'INIT_STARTED' }, { type: 'INITIALIZED', auth: makeAuth(), profileComplete: true }]);
const incomplete = run([
  { type: 'INIT_STARTED' },
  { type: 'INITIALIZED', auth: makeAuth(makeProfile({ registration_completed: false })), profileComplete: false },
]);
const signingIn = transition(signedOut, { type: 'SIGN_IN_STARTED', method: 'password' });

describe('auth state machine', () => {
  it('knows from the session answer that an administrator must still turn on two-factor sign-in, until a refresh says otherwise', () => {
    const required = run([
      { type: 'INIT_STARTED' },
      { type: 'INITIALIZED', auth: { ...makeAuth(), twoFactorSetupRequired: true }, profileComplete: true },
    ]);
    expect(required.twoFactorSetupRequired).toBe(true);
    const enrolled = transition(required, { type: 'SESSION_REFRESHED', auth: makeAuth(), profileComplete: true });
    expect(enrolled.twoFactorSetupRequired).toBe(false);
    expect(signedIn.twoFactorSetupRequired).toBe(false);
  });

  it('starts uninitialised, signed out, with no flags and no history', () => {
    expect(initialAuthState).toMatchObject({
      isInitialized: false,
      isAuthenticated: false,
      user: null,
      session: null,
      profile: null,
      profileComplete: false,
      error: null,
      history: [],
    });
    expect(hasAnyFlag(initialAuthState)).toBe(false);
    expect(getAuthStatus(initialAuthState)).toBe('initializing');
  });

  it('INIT_STARTED: loading, not initialised', () => {
    const state = transition(initialAuthState, { type: 'INIT_STARTED' });
    expect(state).toMatchObject({ isLoading: true, isInitialized: false });
  });

  it('INITIALIZED with a session restores it without justSignedIn', () => {
    expect(signedIn).toMatchObject({
      isInitialized: true,
      isLoading: false,
      isAuthenticated: true,
      profileComplete: true,
      justSignedIn: false,
    });
    expect(signedIn.user?.email).toBe('reader@example.org');
    expect(getAuthStatus(signedIn)).toBe('signedIn');
  });

  it('INITIALIZED without a session is signed out', () => {
    expect(signedOut).toMatchObject({ isInitialized: true, isLoading: false, isAuthenticated: false, user: null });
    expect(getAuthStatus(signedOut)).toBe('signedOut');
  });

  it('INITIALIZED: authenticated only when session AND profile are loaded', () => {
    const noProfile = run([
      { type: 'INIT_STARTED' },
      { type: 'INITIALIZED', auth: makeAuth(null), profileComplete: true },
    ]);
    expect(noProfile.isAuthenticated).toBe(false);
    expect(noProfile.profileComplete).toBe(false);
    expect(noProfile.user).not.toBeNull();
    const noSession = run([
      { type: 'INIT_STARTED' },
      { type: 'INITIALIZED', auth: { ...makeAuth(), session: null }, profileComplete: true },
    ]);
    expect(noSession.isAuthenticated).toBe(false);
    expect(noSession.user).toBeNull();
  });

  it('INITIALIZED after the time-out is ignored', () => {
    const timedOut = run([{ type: 'INIT_STARTED' }, { type: 'INIT_TIMEOUT' }]);
    expect(transition(timedOut, { type: 'INITIALIZED', auth: makeAuth(), profileComplete: true })).toBe(timedOut);
  });

  it('INIT_TIMEOUT proceeds signed out, without an error', () => {
    const state = run([{ type: 'INIT_STARTED' }, { type: 'INIT_TIMEOUT' }]);
    expect(state).toMatchObject({ isInitialized: true, isLoading: false, isAuthenticated: false, error: null });
    expect(transition(state, { type: 'INIT_TIMEOUT' })).toBe(state);
  });

  it('INIT_FAILED proceeds signed out and keeps the error', () => {
    const state = run([
      { type: 'INIT_STARTED' },
      { type: 'INIT_FAILED', error: { key: 'auth.errors.initialSession' } },
    ]);
    expect(state).toMatchObject({
      isInitialized: true,
      isAuthenticated: false,
      error: { key: 'auth.errors.initialSession' },
    });
    expect(transition(signedIn, { type: 'INIT_FAILED', error: { key: 'x' } })).toBe(signedIn);
  });

  it('INIT_FAILED marks the session check as failed until it is retried, signed in or dismissed', () => {
    const failed = run([
      { type: 'INIT_STARTED' },
      { type: 'INIT_FAILED', error: { key: 'auth.errors.initialSession' } },
    ]);
    expect(failed.sessionCheckFailed).toBe(true);
    expect(transition(failed, { type: 'INIT_STARTED' }).sessionCheckFailed).toBe(false);
    expect(transition(failed, { type: 'SIGN_IN_STARTED', method: 'password' }).sessionCheckFailed).toBe(false);
    expect(transition(failed, { type: 'ERROR_CLEARED' })).toMatchObject({ sessionCheckFailed: false, error: null });
    expect(run([{ type: 'INIT_STARTED' }, { type: 'INIT_TIMEOUT' }]).sessionCheckFailed).toBe(false);
  });

  it('SIGN_IN_STARTED sets loading and active sign-in, clears the error', () => {
    const withError = { ...signedOut, error: { key: 'errors.codes.INVALID_CREDENTIALS' } };
    const state = transition(withError, { type: 'SIGN_IN_STARTED', method: 'password' });
    expect(state).toMatchObject({
      isLoading: true,
      isPerformingActiveSignIn: true,
      isOAuthInProgress: false,
      error: null,
    });
    expect(getAuthStatus(state)).toBe('signingIn');
    expect(transition(signedOut, { type: 'SIGN_IN_STARTED', method: 'oauth' }).isOAuthInProgress).toBe(true);
  });

  it('SIGN_IN_SUCCEEDED signs in with justSignedIn, keeping the active flag until the hand-over', () => {
    const state = transition(signingIn, { type: 'SIGN_IN_SUCCEEDED', auth: makeAuth(), profileComplete: true });
    expect(state).toMatchObject({
      isAuthenticated: true,
      profileComplete: true,
      justSignedIn: true,
      isLoading: false,
      isPerformingActiveSignIn: true,
    });
  });

  it('SIGN_IN_SUCCEEDED without a profile or session does not sign in', () => {
    expect(transition(signingIn, { type: 'SIGN_IN_SUCCEEDED', auth: makeAuth(null), profileComplete: true })).toBe(
      signingIn,
    );
  });

  it('SIGN_IN_SUCCEEDED with an incomplete profile is signed in but incomplete', () => {
    const auth = makeAuth(makeProfile({ registration_completed: false }));
    const state = transition(signingIn, { type: 'SIGN_IN_SUCCEEDED', auth, profileComplete: false });
    expect(state).toMatchObject({ isAuthenticated: true, profileComplete: false, justSignedIn: true });
    expect(getAuthStatus(transition(state, { type: 'FLAGS_CLEARED' }))).toBe('profileIncomplete');
  });

  it('SIGN_IN_FAILED stores the error and leaves the flags for the recovery delay', () => {
    const state = transition(signingIn, { type: 'SIGN_IN_FAILED', error: { key: 'errors.codes.INVALID_CREDENTIALS' } });
    expect(state).toMatchObject({
      isLoading: false,
      isAuthenticated: false,
      isPerformingActiveSignIn: true,
      error: { key: 'errors.codes.INVALID_CREDENTIALS' },
    });
    expect(transition(state, { type: 'FLAGS_CLEARED' })).toMatchObject({
      isPerformingActiveSignIn: false,
      error: { key: 'errors.codes.INVALID_CREDENTIALS' },
    });
  });

  it('PROFILE_LOADED completes the authentication of a user whose profile was missing', () => {
    const noProfile = run([
      { type: 'INIT_STARTED' },
      { type: 'INITIALIZED', auth: makeAuth(null), profileComplete: false },
    ]);
    const state = transition(noProfile, { type: 'PROFILE_LOADED', profile: makeProfile(), profileComplete: true });
    expect(state).toMatchObject({ isAuthenticated: true, profileComplete: true });
    expect(transition(signedOut, { type: 'PROFILE_LOADED', profile: makeProfile(), profileComplete: true })).toBe(
      signedOut,
    );
  });

  it('PROFILE_COMPLETED marks the profile complete and the user as just signed in', () => {
    const profile = makeProfile();
    const state = transition(incomplete, { type: 'PROFILE_COMPLETED', profile });
    expect(state).toMatchObject({ profileComplete: true, justSignedIn: true, isAuthenticated: true, profile });
    expect(getAuthStatus(state)).toBe('signedIn');
    expect(transition(signedOut, { type: 'PROFILE_COMPLETED', profile })).toBe(signedOut);
  });

  it('SIGN_OUT_STARTED sets logging out', () => {
    const state = transition(signedIn, { type: 'SIGN_OUT_STARTED' });
    expect(state).toMatchObject({ isLoggingOut: true, isLoading: true });
    expect(getAuthStatus(state)).toBe('signingOut');
  });

  it('SIGNED_OUT clears user, session and completeness but keeps logging out until the redirect', () => {
    const state = run([{ type: 'SIGN_OUT_STARTED' }, { type: 'SIGNED_OUT' }], signedIn);
    expect(state).toMatchObject({
      user: null,
      session: null,
      profile: null,
      profileComplete: false,
      isAuthenticated: false,
      isLoading: false,
      isLoggingOut: true,
    });
    expect(transition(state, { type: 'FLAGS_CLEARED' }).isLoggingOut).toBe(false);
  });

  it('SESSION_EXPIRED clears the user and says the session expired', () => {
    const state = transition(signedIn, { type: 'SESSION_EXPIRED' });
    expect(state).toMatchObject({
      user: null,
      session: null,
      isAuthenticated: false,
      error: { key: 'errors.codes.SESSION_EXPIRED' },
    });
    expect(transition(signedOut, { type: 'SESSION_EXPIRED' })).toBe(signedOut);
  });

  it('SESSION_EXPIRED with reason revoked says a newer login ended it; expired says it expired', () => {
    const revoked = transition(signedIn, { type: 'SESSION_EXPIRED', reason: 'revoked' });
    expect(revoked).toMatchObject({
      user: null,
      session: null,
      profile: null,
      isAuthenticated: false,
      error: { key: 'errors.codes.SESSION_REVOKED' },
    });
    expect(transition(signedIn, { type: 'SESSION_EXPIRED', reason: 'expired' }).error).toEqual({
      key: 'errors.codes.SESSION_EXPIRED',
    });
    expect(transition(signedOut, { type: 'SESSION_EXPIRED', reason: 'revoked' })).toBe(signedOut);
  });

  it('SESSION_REFRESHED updates the same user and ignores another', () => {
    const auth = makeAuth(makeProfile({ display_name: 'Renamed' }));
    const state = transition(signedIn, { type: 'SESSION_REFRESHED', auth, profileComplete: true });
    expect(state.profile?.display_name).toBe('Renamed');
    const other = { ...auth, user: { ...(auth.user as NonNullable<typeof auth.user>), id: 'someone-else' } };
    expect(transition(signedIn, { type: 'SESSION_REFRESHED', auth: other, profileComplete: true })).toBe(signedIn);
    expect(transition(signedOut, { type: 'SESSION_REFRESHED', auth, profileComplete: true })).toBe(signedOut);
  });

  it('ERROR_CLEARED clears the error', () => {
    const failed = transition(signingIn, { type: 'SIGN_IN_FAILED', error: { key: 'x' } });
    expect(transition(failed, { type: 'ERROR_CLEARED' }).error).toBeNull();
    expect(transition(signedOut, { type: 'ERROR_CLEARED' })).toBe(signedOut);
  });

  it('FLAGS_CLEARED clears justSignedIn and the active-sign-in flags', () => {
    const state = run(
      [{ type: 'SIGN_IN_SUCCEEDED', auth: makeAuth(), profileComplete: true }, { type: 'FLAGS_CLEARED' }],
      signingIn,
    );
    expect(hasAnyFlag(state)).toBe(false);
    expect(state.isAuthenticated).toBe(true);
    expect(transition(signedIn, { type: 'FLAGS_CLEARED' })).toBe(signedIn);
  });

  it('KILL_SWITCH clears every flag and lets the app proceed', () => {
    const stuck = run([{ type: 'INIT_STARTED' }, { type: 'SIGN_IN_STARTED', method: 'oauth' }]);
    const state = transition(stuck, { type: 'KILL_SWITCH' });
    expect(hasAnyFlag(state)).toBe(false);
    expect(state.isInitialized).toBe(true);
  });

  it('RECOVERY_STARTED clears every flag, the error and the failed check, keeping the session', () => {
    const stuck = run([{ type: 'SIGN_IN_STARTED', method: 'oauth' }], signedIn);
    const state = transition(stuck, { type: 'RECOVERY_STARTED' });
    expect(hasAnyFlag(state)).toBe(false);
    expect(state).toMatchObject({ error: null, sessionCheckFailed: false, isAuthenticated: true });
    const failed = run([{ type: 'INIT_STARTED' }, { type: 'INIT_FAILED', error: { key: 'x' } }]);
    expect(transition(failed, { type: 'RECOVERY_STARTED' })).toMatchObject({ error: null, sessionCheckFailed: false });
  });

  it('records each transition with from, to and time, keeping the latest 50', () => {
    const state = transition(signedOut, { type: 'SIGN_IN_STARTED', method: 'password' }, 1234);
    expect(state.history.at(-1)).toEqual({ event: 'SIGN_IN_STARTED', from: 'signedOut', to: 'signingIn', at: 1234 });
    let many = signedOut;
    for (let i = 0; i < 60; i++) {
      many = transition(many, { type: 'SIGN_IN_STARTED', method: 'password' }, i);
      many = transition(many, { type: 'FLAGS_CLEARED' }, i);
    }
    expect(many.history).toHaveLength(50);
    expect(many.history.at(-1)).toMatchObject({ event: 'FLAGS_CLEARED', at: 59 });
  });

  it('does not record events that change nothing', () => {
    expect(transition(signedOut, { type: 'FLAGS_CLEARED' }).history).toBe(signedOut.history);
  });
});
