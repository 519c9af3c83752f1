import type { UserCreate, UserDetail } from '@maktaba/shared/schemas/admin-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { auditKey, usersKey } from '../lib/query-keys';

/** `POST /api/admin/users`: the new user receives an e-mail to set a password. */
export function createUser(values: UserCreate): Promise<UserDetail> {
  return apiFetch<UserDetail>('/admin/users', { method: 'POST', body: values });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: auditKey });
      return queryClient.invalidateQueries({ queryKey: usersKey });
    },
  });
}
