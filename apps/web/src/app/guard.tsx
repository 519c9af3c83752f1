import { type GuardLevel, meetsGuard } from '@maktaba/shared/permissions';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuthStore } from '../features/auth/hooks/use-auth';
import { PageLoading } from './shell/page-loading';

/**
 * Client-side gate (reader-area §2.5, §6): signed-out visitors go to /signin carrying where they
 * came from; a wrong role goes to /unauthorized. The server enforces the same rules on every call.
 */
export function Guard({ level }: { level: GuardLevel }) {
  const location = useLocation();
  const { isInitialized, isAuthenticated, role } = useAuthStore();
  if (!isInitialized) return <PageLoading />;
  if (!isAuthenticated) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/signin?returnUrl=${encodeURIComponent(from)}`} replace state={{ from }} />;
  }
  if (!meetsGuard(role, level)) return <Navigate to="/unauthorized" replace />;
  return <Outlet />;
}
