import { DEFAULT_LANGUAGE, type Language } from '@maktaba/shared/constants';
import { isLanguage } from '@maktaba/shared/i18n/index';
import { can, type Permission, type Role } from '@maktaba/shared/permissions';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../../lib/auth/use-auth';

/**
 * Who is looking at user management: their role, their own id (never offered deleting themselves)
 * and what the matrix lets them do. Only what is shown depends on it; the server decides the rest.
 */
export function useStaffContext() {
  const role: Role | null = useAuthStore((state) => state.role);
  const ownId = useAuthStore((state) => state.profile?.id ?? state.user?.id ?? null);
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return { role, ownId, language, can: (permission: Permission) => can(role, permission) };
}
