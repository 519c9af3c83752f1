import type { AuditEntry } from '@maktaba/shared/schemas/admin-users';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Where each kind of catalogue record is shown; an import has one page for all of them. */
const TARGET_PAGES = {
  book: (id: string) => `/book/${id}`,
  author: (id: string) => `/author/${id}`,
  scholar: (id: string) => `/scholar/${id}`,
  import: () => '/admin/books-import',
  settings: () => '/library/settings',
  category: () => '/category-guide',
  quote: (id: string) => `/quotes/${id}`,
  collection: (id: string) => `/collections/${id}`,
  article: (id: string) => `/articles/${id}`,
  study_guide: (id: string) => `/guides/${id}`,
  study_circle: (id: string) => `/circles/${id}`,
  question: (id: string) => `/library/questions/${id}`,
} as const;

const linkClass = 'break-all text-primary underline';

/** What an audit entry is about: the user (by e-mail), or the kind of record and its name, linked while it exists. */
export function AuditTarget({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation();
  if (entry.target_type === 'user') {
    return entry.target_user ? (
      <Link to={`/users/${entry.target_user}`} className={linkClass}>
        <bdi dir="ltr">{entry.target_email ?? entry.target_user}</bdi>
      </Link>
    ) : (
      <bdi dir="ltr">{entry.target_email ?? '—'}</bdi>
    );
  }
  const label = entry.target_label;
  const name =
    (i18n.language === 'ar' ? (label?.ar ?? label?.en) : (label?.en ?? label?.ar)) ??
    entry.target_id ??
    t('catalogueAdmin.untitled');
  const isGone = entry.action_type.startsWith('delete_');
  // The library's settings have one page and no id of their own.
  const href =
    entry.target_type === 'settings'
      ? TARGET_PAGES.settings()
      : entry.target_id && !isGone
        ? TARGET_PAGES[entry.target_type](entry.target_id)
        : null;
  return (
    <span className="flex flex-col">
      <span className="text-xs text-muted">{t(`audit.targets.${entry.target_type}`)}</span>
      {href ? (
        <Link to={href} className={linkClass}>
          <bdi>{name}</bdi>
        </Link>
      ) : (
        <bdi>{name}</bdi>
      )}
    </span>
  );
}
