import type { Notification } from '@maktaba/shared/schemas/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { toast } from '../../../lib/toast';
import { notificationsQueryOptions, updateNotifications } from './get-notifications';

/**
 * A change to the reader's notifications applied to the list at once (reader-area §4.2), put
 * back if the server refuses, and checked against the server afterwards.
 */
export function useOptimisticNotifications<V>(
  mutationFn: (variables: V) => Promise<unknown>,
  change: (variables: V, notification: Notification, now: string) => Notification | null,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const { queryKey } = notificationsQueryOptions(userId);
  return useMutation({
    mutationFn,
    onMutate: async (variables: V) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      const now = new Date().toISOString();
      queryClient.setQueryData(queryKey, (data) =>
        data ? updateNotifications(data, (notification) => change(variables, notification, now)) : data,
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      toast.error(t('notifications.updateFailed'));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
