import { TIMINGS } from '@maktaba/shared/constants';
import { normalizeRole, type Role } from '@maktaba/shared/permissions';
import { create } from 'zustand';
import { type AuthEvent, type AuthMachineState, hasAnyFlag, initialAuthState, transition } from './auth-machine';
import { cancelPendingRequests } from './pending-requests';

/**
 * The auth state machine (auth-machine.ts) in a store, plus what the shell reads from it:
 * whether a session check has finished, whether the user is signed in, their role, name and email.
 */
export type AuthSnapshot = {
  isInitialized: boolean;
  isAuthenticated: boolean;
  /** Known only once the profile is loaded; null while signed out. */
  role: Role | null;
  displayName: string | null;
  email: string | null;
};

export type AuthStore = AuthMachineState &
  AuthSnapshot & {
    dispatch: (event: AuthEvent) => void;
  };

function snapshotOf(state: AuthMachineState): Omit<AuthSnapshot, 'isInitialized' | 'isAuthenticated'> {
  return {
    role: state.isAuthenticated && state.profile ? normalizeRole(state.profile.role) : null,
    displayName: state.profile?.display_name || state.user?.name || null,
    email: state.user?.email ?? null,
  };
}

export const useAuthStore = create<AuthStore>((set) => ({
  ...initialAuthState,
  ...snapshotOf(initialAuthState),
  dispatch: (event) =>
    set((store) => {
      const updated = transition(store, event, Date.now());
      return updated === store ? store : { ...updated, ...snapshotOf(updated) };
    }),
}));

export function dispatchAuth(event: AuthEvent) {
  useAuthStore.getState().dispatch(event);
}

let flagsTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Clears the transient flags after `delay` ms. Kept outside components on purpose: the portal
 * navigates away right after signing in and must not take the pending clear-up with it.
 */
export function scheduleFlagsClear(delay: number) {
  clearTimeout(flagsTimer);
  flagsTimer = setTimeout(() => dispatchAuth({ type: 'FLAGS_CLEARED' }), delay);
}

let watchdogStarted = false;

/**
 * The kill switch (accounts-and-auth §4): when any auth flag stays set for 10 s, all are
 * cleared and the requests in flight are cancelled, so no one is left behind a splash.
 */
export function startAuthWatchdog(): () => void {
  if (watchdogStarted) return () => {};
  watchdogStarted = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = (state: AuthStore) => {
    const busy = hasAnyFlag(state) || !state.isInitialized;
    if (!busy) {
      clearTimeout(timer);
      timer = undefined;
      return;
    }
    timer ??= setTimeout(() => {
      timer = undefined;
      cancelPendingRequests();
      dispatchAuth({ type: 'KILL_SWITCH' });
    }, TIMINGS.killSwitch);
  };
  check(useAuthStore.getState());
  const unsubscribe = useAuthStore.subscribe(check);
  return () => {
    unsubscribe();
    clearTimeout(timer);
    watchdogStarted = false;
  };
}
