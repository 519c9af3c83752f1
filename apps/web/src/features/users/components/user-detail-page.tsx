import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useUser } from '../api/get-user';
import { useStaffContext } from '../hooks/use-staff-context';
import { UserAccessControls } from './user-access-controls';
import { UserAccountActions } from './user-account-actions';
import { UserContactCard } from './user-contact-card';
import { UserEditForm } from './user-edit-form';
import { UserActivityList, UserBorrowingList } from './user-history';
import { UserProfileCard } from './user-profile-card';

/** /users/{id}: one user, with the edit controls their role allows the viewer (admins). */
export function UserDetailPage() {
  const { t } = useTranslation();
  const { userId = '' } = useParams();
  const { can, ownId } = useStaffContext();
  const user = useUser(userId);
  usePageTitle(user.data ? user.data.profile.display_name || user.data.profile.email : null);
  const canEdit = can('users.edit');

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5 px-4 py-8 sm:py-10">
      <Link to="/users" className="inline-flex items-center gap-1 self-start text-sm font-semibold text-primary">
        <ArrowLeft aria-hidden className="flip-rtl size-4" />
        {t('users.back')}
      </Link>
      {user.isError ? (
        <Alert
          variant="destructive"
          title={
            user.error instanceof ApiError && user.error.code === 'PROFILE_NOT_FOUND'
              ? t('users.notFound')
              : t('users.errors.fetchUsers')
          }
          action={
            <Button variant="secondary" onClick={() => void user.refetch()}>
              {t('users.retry')}
            </Button>
          }
        />
      ) : !user.data ? (
        <div className="flex flex-col gap-3">
          <span className="sr-only" role="status">
            {t('users.loading')}
          </span>
          <Skeleton className="h-48 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : (
        <>
          <UserProfileCard detail={user.data} />
          <UserContactCard profile={user.data.profile} />
          {canEdit ? (
            <>
              <UserAccessControls
                key={`${user.data.profile.role}-${user.data.profile.status}`}
                detail={user.data}
                canManageRoles={can('users.manage_roles')}
              />
              <UserEditForm detail={user.data} />
              <UserAccountActions
                detail={user.data}
                canDelete={can('users.delete') && user.data.profile.id !== ownId}
              />
            </>
          ) : null}
          <div className="grid gap-5 lg:grid-cols-2">
            <UserActivityList userId={userId} />
            <UserBorrowingList userId={userId} />
          </div>
        </>
      )}
    </div>
  );
}
