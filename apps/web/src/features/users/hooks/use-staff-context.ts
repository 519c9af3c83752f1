import { can, type Permission, type Role } from '@maktaba/shared/permissions';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';

/**
 * Who is looking at user management: their role, their own id (never offered deleting themselves)
 * and what the matrix lets them do. Only what is shown depends on it; the server decides the rest.
 */
export function useStaffContext() {
  const role: Role | null = useAuthStore((state) => state.role);
  const ownId = useAuthStore((state) => state.profile?.id ?? state.user?.id ?? null);
  const language = usePageLanguage();
  return { role, ownId, language, can: (permission: Permission) => can(role, permission) };
}
