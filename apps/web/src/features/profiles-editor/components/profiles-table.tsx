import { COUNTRIES } from '@maktaba/shared/constants';
import type { ProfileRow } from '@maktaba/shared/schemas/profiles-bulk';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TableFrame } from '../../../components/ui/table-frame';
import { UserStatusBadge as StatusBadge } from '../../../components/user-status-badge';
import { formatDate, formatNumber } from '../../../lib/format';

/** A stored country (its English name) in the page's language, through Intl.DisplayNames. */
export function useCountryName() {
  const { i18n } = useTranslation();
  const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
  return (value: string | null, code?: string) => {
    const known = code ?? COUNTRIES.find((country) => country.name === value)?.code;
    return known ? (names.of(known) ?? value ?? '') : (value ?? '');
  };
}

type ProfilesTableProps = {
  rows: ProfileRow[];
  selected: ReadonlySet<string>;
  /** Every matching account is selected (the rows show checked and cannot be unticked one by one). */
  allMatching: boolean;
  onToggle: (id: string) => void;
  onTogglePage: () => void;
};

/** The matching accounts with a checkbox each; the name opens the user's page for a single edit. */
export function ProfilesTable({ rows, selected, allMatching, onToggle, onTogglePage }: ProfilesTableProps) {
  const { t, i18n } = useTranslation();
  const countryName = useCountryName();
  const pageSelected = allMatching || (rows.length > 0 && rows.every((row) => selected.has(row.id)));
  const date = (value: string | null) =>
    value ? formatDate(value, i18n.language) : <span className="text-muted">{t('profilesEditor.never')}</span>;
  const heads = ['name', 'email', 'role', 'status', 'country', 'address', 'limit', 'created', 'lastSignIn'] as const;
  return (
    <TableFrame>
      <table className="w-full min-w-[60rem] text-sm" data-testid="profiles-table">
        <caption className="sr-only">{t('profilesEditor.table.caption')}</caption>
        <thead className="bg-surface-2">
          <tr>
            <th scope="col" className="w-12 px-3 py-2 text-start">
              <input
                type="checkbox"
                className="size-5 accent-primary"
                checked={pageSelected}
                disabled={allMatching || rows.length === 0}
                onChange={onTogglePage}
                aria-label={t('profilesEditor.selection.page')}
              />
            </th>
            {heads.map((head) => (
              <th key={head} scope="col" className="px-3 py-2 text-start font-semibold">
                {t(`profilesEditor.table.${head}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const name = row.display_name || t('users.noName');
            return (
              <tr key={row.id} className="border-t border-border" data-testid="profile-row">
                <td className="px-3 py-2">
                  <input
                    type="checkbox"
                    className="size-5 accent-primary"
                    checked={allMatching || selected.has(row.id)}
                    disabled={allMatching}
                    onChange={() => onToggle(row.id)}
                    aria-label={t('profilesEditor.selection.row', { name })}
                  />
                </td>
                <td className="px-3 py-2">
                  <Link
                    to={`/users/${row.id}`}
                    className="font-semibold text-primary underline-offset-2 hover:underline"
                  >
                    <bdi dir="auto">{name}</bdi>
                  </Link>
                </td>
                <td className="px-3 py-2">
                  <bdi dir="auto" className="break-all">
                    {row.email}
                  </bdi>
                </td>
                <td className="px-3 py-2">{t(`roles.${row.role}`)}</td>
                <td className="px-3 py-2">
                  <StatusBadge status={row.status} />
                </td>
                <td className="px-3 py-2">{row.country ? <bdi dir="auto">{countryName(row.country)}</bdi> : '—'}</td>
                <td className="px-3 py-2">
                  {row.address_complete ? (
                    t('profilesEditor.address.complete')
                  ) : (
                    <span className="font-semibold text-danger">{t('profilesEditor.address.incomplete')}</span>
                  )}
                </td>
                <td className="px-3 py-2" data-testid="profile-limit">
                  {row.borrowing_limit === null
                    ? t('users.defaultLimit')
                    : formatNumber(row.borrowing_limit, i18n.language)}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{date(row.created_at)}</td>
                <td className="px-3 py-2 whitespace-nowrap">{date(row.last_sign_in_at)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableFrame>
  );
}
