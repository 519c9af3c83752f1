import {
  BadgeCheck,
  ChartLine,
  FilePenLine,
  FileUp,
  FlaskConical,
  Inbox,
  LibraryBig,
  Network,
  ScrollText,
  Settings,
  ShieldAlert,
  UserPen,
  UserPlus,
  Users,
} from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';

export type AdminTool = {
  /** Names the tool's purpose under `adminTools.purposes`. */
  id: string;
  to: string;
  titleKey: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
};

export type AdminToolGroup = { id: 'catalogue' | 'people' | 'monitoring'; tools: AdminTool[] };

/**
 * Every page of the /admin route table (reader-area §2.1) and the staff pages admins use, by what
 * they look after. The index itself (/admin/tools) is not listed: it is the page showing the list.
 */
export const ADMIN_TOOL_GROUPS: AdminToolGroup[] = [
  {
    id: 'catalogue',
    tools: [
      { id: 'bookCatalog', to: '/admin/book-catalog', titleKey: 'pages.admin.bookCatalog', icon: LibraryBig },
      { id: 'bookEditor', to: '/admin/book-editor', titleKey: 'pages.admin.bookEditor', icon: FilePenLine },
      { id: 'booksImport', to: '/admin/books-import', titleKey: 'pages.admin.booksImport', icon: FileUp },
      {
        id: 'sourceValidation',
        to: '/admin/source-validation',
        titleKey: 'pages.admin.sourceValidation',
        icon: BadgeCheck,
      },
      {
        id: 'categoryNetworkExplorer',
        to: '/admin/category-network-explorer',
        titleKey: 'pages.admin.categoryNetworkExplorer',
        icon: Network,
      },
      { id: 'profilesEditor', to: '/admin/profiles-editor', titleKey: 'pages.admin.profilesEditor', icon: UserPen },
    ],
  },
  {
    id: 'people',
    tools: [
      { id: 'users', to: '/users', titleKey: 'pages.users', icon: Users },
      { id: 'feedbackInbox', to: '/library/feedback', titleKey: 'pages.feedbackInbox', icon: Inbox },
      {
        id: 'registrationMonitoring',
        to: '/admin/registration-monitoring',
        titleKey: 'pages.admin.registrationMonitoring',
        icon: UserPlus,
      },
      {
        id: 'registrationTesting',
        to: '/admin/registration-testing',
        titleKey: 'pages.admin.registrationTesting',
        icon: FlaskConical,
      },
    ],
  },
  {
    id: 'monitoring',
    tools: [
      { id: 'analytics', to: '/admin/analytics', titleKey: 'pages.admin.analytics', icon: ChartLine },
      {
        id: 'securityMonitoring',
        to: '/admin/security-monitoring',
        titleKey: 'pages.admin.securityMonitoring',
        icon: ShieldAlert,
      },
      { id: 'auditLog', to: '/admin/audit-log', titleKey: 'pages.admin.auditLog', icon: ScrollText },
      { id: 'settings', to: '/admin/settings', titleKey: 'pages.admin.settings', icon: Settings },
    ],
  },
];
