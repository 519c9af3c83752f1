import { clsx } from 'clsx';
import {
  BookCopy,
  BookOpenText,
  Home,
  Inbox,
  Layers,
  LayoutGrid,
  Library,
  LibraryBig,
  ListTree,
  LogIn,
  MessageCircleQuestion,
  MessagesSquare,
  Newspaper,
  Quote,
  Route,
  ScrollText,
  Search,
  Settings,
  Users,
  UsersRound,
} from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../components/logo';
import { buttonClass } from '../../components/ui/button';
import { useAuthStore } from '../../lib/auth/use-auth';

type Item = { to: string; labelKey: string; icon: ComponentType<SVGProps<SVGSVGElement>> };

const NAVIGATION: Item[] = [
  { to: '/', labelKey: 'nav.home', icon: Home },
  { to: '/search', labelKey: 'nav.search', icon: Search },
  { to: '/ask_test', labelKey: 'nav.ask', icon: MessageCircleQuestion },
];

/** Whether `pathname` is the page of `to` or below it ('/' only itself). */
const isUnder = (pathname: string, to: string) =>
  to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);

/**
 * A sidebar link, marked current on its page and the pages below it, except below another item
 * of the sidebar (`/library/feedback` is the Feedback Inbox's, not the Librarian View's).
 */
function NavItem({ item, others = [] }: { item: Item; others?: string[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isActive =
    isUnder(pathname, item.to) &&
    !others.some((to) => to !== item.to && isUnder(pathname, to) && to.startsWith(item.to));
  const Icon = item.icon;
  return (
    <li>
      <Link
        to={item.to}
        aria-current={isActive ? 'page' : undefined}
        className={clsx(
          'flex min-h-11 items-center gap-3 rounded-app px-3 py-2 text-sm font-medium transition',
          isActive ? 'bg-primary-soft text-primary' : 'text-fg hover:bg-surface-2',
        )}
      >
        <Icon aria-hidden className="size-5 shrink-0" />
        <span>{t(item.labelKey)}</span>
      </Link>
    </li>
  );
}

function Group({ labelKey, items }: { labelKey: string; items: Item[] }) {
  const { t } = useTranslation();
  const id = `nav-group-${labelKey.replace(/\W/g, '-')}`;
  if (items.length === 0) return null;
  return (
    <div>
      <h2 id={id} className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">
        {t(labelKey)}
      </h2>
      <ul aria-labelledby={id} className="flex flex-col gap-1">
        {items.map((item) => (
          <NavItem key={item.to} item={item} others={items.map((other) => other.to)} />
        ))}
      </ul>
    </div>
  );
}

/**
 * The sidebar (reader-area §2.2): Navigation; Explore (the content areas, signed in); Tools &
 * Management by role; Settings pinned at the bottom; a sign-in button when signed out.
 */
export function SidebarContent() {
  const { t } = useTranslation();
  const { isAuthenticated, role } = useAuthStore();
  const isStaff = role === 'admin' || role === 'librarian';
  // The content areas are for signed-in readers (reader-area §2.1), so only they see the group.
  const explore: Item[] = isAuthenticated
    ? [
        { to: '/articles', labelKey: 'pages.articles', icon: Newspaper },
        { to: '/guides', labelKey: 'pages.guides', icon: Route },
        { to: '/circles', labelKey: 'pages.circles', icon: UsersRound },
        { to: '/quotes', labelKey: 'pages.quotes', icon: Quote },
        { to: '/category-guide', labelKey: 'pages.categoryGuide', icon: ListTree },
      ]
    : [];
  const tools: Item[] = [
    ...(isAuthenticated
      ? [
          { to: '/myimam', labelKey: 'nav.myImam', icon: BookOpenText },
          { to: '/collections', labelKey: 'collections.nav.mine', icon: Library },
        ]
      : []),
    ...(isStaff
      ? [
          { to: '/library', labelKey: 'nav.librarianView', icon: LibraryBig },
          { to: '/library/catalogue', labelKey: 'nav.catalogueManager', icon: BookCopy },
          { to: '/users', labelKey: 'nav.userManagement', icon: Users },
          { to: '/library/feedback', labelKey: 'nav.feedbackInbox', icon: Inbox },
          { to: '/library/questions', labelKey: 'nav.questionsQueue', icon: MessagesSquare },
          { to: '/library/quotes', labelKey: 'nav.quotesReview', icon: Quote },
          { to: '/library/collections', labelKey: 'collections.nav.staff', icon: Layers },
        ]
      : []),
    ...(role === 'admin'
      ? [
          { to: '/admin', labelKey: 'adminTools.nav', icon: LayoutGrid },
          { to: '/admin/audit-log', labelKey: 'nav.auditLog', icon: ScrollText },
        ]
      : []),
  ];
  return (
    <div className="flex h-full flex-col gap-6 p-4">
      <Link to="/" className="flex min-h-11 items-center gap-2 rounded-app px-2 py-1">
        <Logo className="size-8" />
        <span className="font-display text-lg font-bold">{t('app.name')}</span>
      </Link>
      <nav aria-label={t('nav.primary')} className="flex flex-1 flex-col gap-6 overflow-y-auto">
        <Group labelKey="nav.navigationGroup" items={NAVIGATION} />
        <Group labelKey="nav.exploreGroup" items={explore} />
        <Group labelKey="nav.toolsGroup" items={tools} />
      </nav>
      <div className="flex flex-col gap-2 border-t border-border pt-4">
        {isAuthenticated ? null : (
          <Link to="/signin" className={buttonClass('primary', 'w-full')}>
            <LogIn aria-hidden className="flip-rtl size-4" />
            {t('nav.signIn')}
          </Link>
        )}
        <ul>
          <NavItem item={{ to: '/settings', labelKey: 'nav.settings', icon: Settings }} />
        </ul>
      </div>
    </div>
  );
}
