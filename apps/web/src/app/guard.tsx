import { type GuardLevel, meetsGuard } from '@maktaba/shared/permissions';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { RecoveryLink } from '../features/auth/components/recovery-link';
import { SECURITY_SETUP_PATH } from '../features/auth/lib/two-factor-setup';
import { useAuthStore } from '../lib/auth/use-auth';
import { AuthErrorScreen } from './errors/auth-error-screen';
import { useSplashStore } from './shell/splash';

/**
 * Client-side gate (reader-area §2.5, §6): signed-out visitors, and signed-in users whose profile
 * is incomplete, go to /signin carrying where they came from; a wrong role goes to /unauthorized. The server enforces the same rules on every call.
 */
export function Guard({ level }: { level: GuardLevel }) {
  const location = useLocation();
  const {
    isInitialized,
    isAuthenticated,
    profileComplete,
    isLoggingOut,
    role,
    sessionCheckFailed,
    twoFactorSetupRequired,
  } = useAuthStore();
  const isSplashVisible = useSplashStore((state) => state.isVisible);
  // While signing out, the page stays covered until the sign-out redirect, instead of bouncing to
  // /signin with this page as the place to come back to. The splash offers its own recovery link.
  if (!isInitialized || isLoggingOut) return <PageLoading>{isSplashVisible ? null : <RecoveryLink />}</PageLoading>;
  // The session check failed (not timed out): whether someone is signed in is unknown.
  if (!isAuthenticated && sessionCheckFailed) return <AuthErrorScreen />;
  // Without a complete profile (no shipping address yet) the sign-in page takes over: it shows
  // the complete-profile step and comes back here afterwards.
  if (!isAuthenticated || !profileComplete) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/signin?returnUrl=${encodeURIComponent(from)}`} replace state={{ from }} />;
  }
  if (!meetsGuard(role, level)) return <Navigate to="/unauthorized" replace />;
  // The server refuses its admin routes to an administrator who must still turn on two-factor
  // sign-in; rather than pages of errors, the admin pages lead to where it is turned on.
  if (level === 'admin' && twoFactorSetupRequired) return <Navigate to={SECURITY_SETUP_PATH} replace />;
  return <Outlet />;
}
