import { Navigate } from 'react-router';
import { useAuthStore } from '../../lib/auth/use-auth';

/** Unknown paths: home when signed in, the sign-in page otherwise. */
export function UnknownRoute() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  return <Navigate to={isAuthenticated ? '/' : '/signin'} replace />;
}
