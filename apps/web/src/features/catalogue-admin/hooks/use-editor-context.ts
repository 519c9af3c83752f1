import { can, type Permission, type Role } from '@maktaba/shared/permissions';
import { useLocation } from 'react-router';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';

/**
 * Where the editing screens live (/admin for admins, /library/catalogue for librarians and admins) and what
 * the signed-in role may do. The permissions only decide what is shown; the server decides the rest.
 */
export function useEditorContext() {
  const { pathname } = useLocation();
  const role: Role | null = useAuthStore((state) => state.role);
  const language = usePageLanguage();
  const isLibrary = pathname.startsWith('/library');
  return {
    role,
    language,
    can: (permission: Permission) => can(role, permission),
    managerPath: isLibrary ? '/library/catalogue' : '/admin/book-catalog',
    editorPath: isLibrary ? '/library/book-editor' : '/admin/book-editor',
  };
}
