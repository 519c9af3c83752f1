import { ChangePasswordForm } from '../../features/password/components/change-password-form';
import { SettingsPage } from '../../features/settings/components/settings-page';

/** /settings with the password feature's form in its security section. */
export function SettingsRoute() {
  return <SettingsPage passwordForm={(props) => <ChangePasswordForm {...props} />} />;
}
