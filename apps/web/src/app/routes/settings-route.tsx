import { clearLocalSession } from '../../features/auth/hooks/use-sign-out';
import { ChangePasswordForm } from '../../features/password/components/change-password-form';
import { SettingsPage } from '../../features/settings/components/settings-page';

/** /settings with the password feature's form in its security section and the auth feature's sign-out clean-up. */
export function SettingsRoute() {
  return (
    <SettingsPage passwordForm={(props) => <ChangePasswordForm {...props} />} forgetLocalSession={clearLocalSession} />
  );
}
