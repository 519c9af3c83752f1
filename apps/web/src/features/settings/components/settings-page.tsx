import type { QueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, useLocation, useParams } from 'react-router';
import { AddressSection } from './address-section';
import { DataSection } from './data-section';
import { EmailSection } from './email-section';
import { NotificationsSection } from './notifications-section';
import { PreferencesSection } from './preferences-section';
import { ProfileSection } from './profile-section';
import { type PasswordFormSlot, SecuritySection } from './security-section';
import {
  DEFAULT_SETTINGS_SECTION,
  isSettingsSection,
  SETTINGS_SECTIONS,
  type SettingsSectionId,
  settingsPath,
} from './settings-sections';

/** What the page needs from other features, given by the app (app/routes/settings-route.tsx). */
type Slots = {
  passwordForm: PasswordFormSlot;
  /** Forgets this browser's session state once the account is deleted (the auth feature's). */
  forgetLocalSession: (queryClient: QueryClient) => void;
};

function SectionBody({ id, passwordForm, forgetLocalSession }: Slots & { id: SettingsSectionId }) {
  switch (id) {
    case 'profile':
      return <ProfileSection />;
    case 'address':
      return <AddressSection />;
    case 'preferences':
      return <PreferencesSection />;
    case 'notifications':
      return <NotificationsSection />;
    case 'email':
      return <EmailSection />;
    case 'security':
      return <SecuritySection passwordForm={passwordForm} />;
    case 'data':
      return <DataSection forgetLocalSession={forgetLocalSession} />;
  }
}

/**
 * /settings and /settings/<section>: the reader's own account, one section at a time beside a menu
 * of them (a column on the start side from tablet width, a wrapping row above the section on a phone).
 * The password form comes from the app (app/routes/settings-route.tsx): it is the password feature's.
 */
export function SettingsPage({ passwordForm, forgetLocalSession }: Slots) {
  const { t } = useTranslation();
  const { section } = useParams();
  const { hash } = useLocation();
  // Older links pointed at an anchor on the single settings page (/settings#address).
  if (section === undefined && hash === '#address') return <Navigate to={settingsPath('address')} replace />;
  // An unknown section (a mistyped or retired address) opens the settings at their first section.
  if (section !== undefined && !isSettingsSection(section)) return <Navigate to="/settings" replace />;
  const current = section ?? DEFAULT_SETTINGS_SECTION;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <h1 className="font-display text-3xl font-bold">{t('settings.title')}</h1>
      <div className="mt-6 flex flex-col gap-6 md:flex-row md:items-start">
        <nav aria-label={t('settings.menu')} className="md:sticky md:top-20 md:w-56 md:shrink-0">
          <ul className="flex flex-wrap gap-2 md:flex-col md:gap-1">
            {SETTINGS_SECTIONS.map(({ id, icon: Icon }) => (
              <li key={id}>
                <NavLink
                  to={settingsPath(id)}
                  aria-current={id === current ? 'page' : undefined}
                  className={clsx(
                    'flex min-h-11 items-center gap-2 rounded-app border px-3 py-2 text-sm font-semibold',
                    id === current
                      ? 'border-primary bg-primary-soft text-primary'
                      : 'border-border bg-surface hover:bg-surface-2 md:border-transparent md:bg-transparent',
                  )}
                >
                  <Icon aria-hidden className="size-4 shrink-0" />
                  {t(`settings.sections.${id}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 flex-1">
          <SectionBody id={current} passwordForm={passwordForm} forgetLocalSession={forgetLocalSession} />
        </div>
      </div>
    </div>
  );
}
