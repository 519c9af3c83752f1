import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionsQueryOptions } from '../api/get-sessions';
import { AddressSection } from './address-section';
import { SessionsSection } from './sessions-section';

/**
 * /settings: the shipping address, and the 'Account security' area (the password and the sessions).
 * The password form comes from the app (app/routes/settings-route.tsx): it is the password feature's.
 */
export function SettingsPage({
  passwordForm,
}: {
  /** Renders the password form; `onChanged` refreshes the sessions, which a change ends. */
  passwordForm: (props: { idPrefix: string; onChanged: () => void }) => ReactNode;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <h1 className="font-display text-3xl font-bold">{t('settings.title')}</h1>
      <div className="mt-8">
        <AddressSection />
      </div>
      <section aria-labelledby="settings-security" className="mt-8">
        <h2 id="settings-security" className="font-display text-xl font-bold">
          {t('settings.security.title')}
        </h2>
        <p className="mt-1 text-muted">{t('settings.security.description')}</p>
        <div className="mt-4 flex flex-col gap-6">
          <section
            aria-labelledby="settings-password"
            className="rounded-app border border-border bg-surface p-4 sm:p-6"
          >
            <h3 id="settings-password" className="mb-4 font-display text-lg font-bold">
              {t('settings.password.title')}
            </h3>
            {passwordForm({
              idPrefix: 'settings',
              // Every other session ended with the change: the list below shows it.
              onChanged: () => void queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
            })}
          </section>
          <SessionsSection />
        </div>
      </section>
    </div>
  );
}
