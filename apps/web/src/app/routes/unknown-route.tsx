import { Navigate } from 'react-router';
import { useAuthStore } from '../../lib/auth/use-auth';
import { ErrorPage } from '../errors/error-page';

/**
 * Unknown paths: a signed-in reader is told the page does not exist, with the ways on (home and
 * search) instead of being moved silently; a visitor goes to sign in.
 */
export function UnknownRoute() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const isInitialized = useAuthStore((state) => state.isInitialized);
  // Until the session is known, nobody is sent anywhere (the splash covers this moment).
  if (!isInitialized) return null;
  if (!isAuthenticated) return <Navigate to="/signin" replace />;
  return <ErrorPage variant="notFound" />;
}
