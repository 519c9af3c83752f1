import { Navigate } from 'react-router';
import { useAuthStore } from '../../features/auth/hooks/use-auth';

/** Unknown paths: home when signed in, the sign-in page otherwise. */
export function UnknownRoute() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  return <Navigate to={isAuthenticated ? '/' : '/signin'} replace />;
}
