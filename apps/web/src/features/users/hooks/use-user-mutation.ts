import type { UserDetail } from '@maktaba/shared/schemas/admin-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auditKey, userKey, usersKey } from '../lib/query-keys';

/** A change to one user: the answer replaces the cached detail, and lists and the audit log refresh. */
export function useUserMutation<TVariables, TResult>(
  id: string,
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result) => {
      if (result && typeof result === 'object' && 'profile' in result) {
        queryClient.setQueryData(userKey(id), result as unknown as UserDetail);
      }
      void queryClient.invalidateQueries({ queryKey: auditKey });
      return queryClient.invalidateQueries({ queryKey: usersKey });
    },
  });
}
