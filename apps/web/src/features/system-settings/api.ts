import type { SystemSettings } from '@maktaba/shared/schemas/system-settings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client';

const KEY = ['admin', 'system-settings'] as const;

export const systemSettingsQueryOptions = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: ({ signal }) => apiFetch<SystemSettings>('/admin/system-settings', { signal }),
  });

/** `GET /api/admin/system-settings`. */
export function useSystemSettings() {
  return useQuery(systemSettingsQueryOptions());
}

/** `PUT /api/admin/system-settings`: the whole object; the public configuration is read again after. */
export function useSaveSystemSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SystemSettings) =>
      apiFetch<SystemSettings>('/admin/system-settings', { method: 'PUT', body: settings }),
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      void queryClient.invalidateQueries({ queryKey: ['public-config'] });
    },
  });
}
