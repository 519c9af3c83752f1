import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionsQueryOptions } from '../api/get-sessions';
import { PasskeysSettings } from './passkeys-settings';
import { SessionsSection } from './sessions-section';
import { TwoFactorSettings } from './two-factor-settings';

/** What the security section needs from outside the feature: the password feature's form. */
export type PasswordFormSlot = (props: { idPrefix: string; onChanged: () => void }) => ReactNode;

/** Settings → Account security: the password, two-factor sign-in, passkeys, and the sessions signed in to the account. */
export function SecuritySection({ passwordForm }: { passwordForm: PasswordFormSlot }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <section aria-labelledby="settings-security" className="flex flex-col gap-6">
      <div>
        <h2 id="settings-security" className="font-display text-xl font-bold">
          {t('settings.security.title')}
        </h2>
        <p className="mt-1 text-muted">{t('settings.security.description')}</p>
      </div>
      <section aria-labelledby="settings-password" className="rounded-app border border-border bg-surface p-4 sm:p-6">
        <h3 id="settings-password" className="mb-4 font-display text-lg font-bold">
          {t('settings.password.title')}
        </h3>
        {passwordForm({
          idPrefix: 'settings',
          // Every other session ended with the change: the list below shows it.
          onChanged: () => void queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
        })}
      </section>
      <TwoFactorSettings />
      <PasskeysSettings />
      <SessionsSection />
    </section>
  );
}
