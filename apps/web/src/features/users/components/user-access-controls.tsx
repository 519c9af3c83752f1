import { ROLES, type Role } from '@maktaba/shared/permissions';
import type { UserDetail } from '@maktaba/shared/schemas/admin-users';
import { PROFILE_STATUSES, type ProfileStatus } from '@maktaba/shared/schemas/profile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FilterSelect } from '../../../components/ui/filter-select';
import { useUpdateUser } from '../api/update-user';
import { failureText } from '../lib/error-text';

/**
 * Role (admins with users.manage_roles) and status. Suspending or deactivating asks first: the
 * user's sessions end at once and they cannot sign in.
 */
export function UserAccessControls({ detail, canManageRoles }: { detail: UserDetail; canManageRoles: boolean }) {
  const { t } = useTranslation();
  const { profile } = detail;
  const update = useUpdateUser(profile.id);
  const [role, setRole] = useState<Role>(profile.role);
  const [status, setStatus] = useState<ProfileStatus>(profile.status);
  const [confirming, setConfirming] = useState(false);

  // mutateAsync: the answer re-keys this component (new role or status), and a callback given to
  // mutate would be dropped with the unmounted one.
  const saveRole = () =>
    update.mutateAsync({ role }).then(
      () => toast.success(t('users.access.roleSaved', { role: t(`roles.${role}`) })),
      (error: unknown) => toast.error(failureText(t, 'users.errors.updateRole', error)),
    );
  const saveStatus = () =>
    update.mutateAsync({ status }).then(
      () => {
        setConfirming(false);
        toast.success(t('users.access.statusSaved', { status: t(`users.statuses.${status}`) }));
      },
      (error: unknown) => {
        setConfirming(false);
        toast.error(failureText(t, 'users.errors.updateStatus', error));
      },
    );

  return (
    <section aria-labelledby="user-access-title" className="rounded-app border border-border bg-surface p-5">
      <h2 id="user-access-title" className="font-display text-xl font-bold">
        {t('users.access.title')}
      </h2>
      <div className="mt-4 flex flex-col gap-4">
        {canManageRoles ? (
          <ChoiceRow
            id="access-role"
            label={t('users.fields.role')}
            value={role}
            options={ROLES.map((value) => [value, t(`roles.${value}`)])}
            onChange={(value) => setRole(value as Role)}
            actionLabel={t('users.access.saveRole')}
            disabled={role === profile.role || update.isPending}
            onAction={() => void saveRole()}
          />
        ) : null}
        <ChoiceRow
          id="access-status"
          label={t('users.fields.status')}
          value={status}
          options={PROFILE_STATUSES.map((value) => [value, t(`users.statuses.${value}`)])}
          onChange={(value) => setStatus(value as ProfileStatus)}
          actionLabel={t('users.access.saveStatus')}
          disabled={status === profile.status || update.isPending}
          onAction={() => (status === 'active' ? void saveStatus() : setConfirming(true))}
        />
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t(`users.access.confirmTitle.${status}`)}
        description={t('users.access.confirmDescription', {
          name: profile.display_name || profile.email,
          status: t(`users.statuses.${status}`),
        })}
        confirmLabel={t(`users.access.confirm.${status}`)}
        cancelLabel={t('users.cancel')}
        isPending={update.isPending}
        onConfirm={() => void saveStatus()}
      />
    </section>
  );
}

type ChoiceRowProps = {
  id: string;
  label: string;
  value: string;
  options: [string, string][];
  onChange: (value: string) => void;
  actionLabel: string;
  disabled: boolean;
  onAction: () => void;
};

/** A labelled choice and the button that applies it. */
function ChoiceRow({ id, label, value, options, onChange, actionLabel, disabled, onAction }: ChoiceRowProps) {
  return (
    <div className="flex flex-wrap items-end gap-2">
      <FilterSelect
        id={id}
        label={label}
        value={value}
        options={options}
        onChange={onChange}
        all={false}
        className="w-48"
      />
      <Button variant="secondary" disabled={disabled} onClick={onAction}>
        {actionLabel}
      </Button>
    </div>
  );
}
