import type { SecuritySettings } from '@maktaba/shared/schemas/security';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiFetch } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';

const QUERY_KEY = ['admin', 'security-settings'];

/** Admin tools: whether administrators must use two-factor sign-in (the server enforces it). */
export function SecuritySettingsSwitch() {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: QUERY_KEY,
    queryFn: ({ signal }) => apiFetch<SecuritySettings>('/admin/security-settings', { signal }),
  });
  const save = useMutation({
    mutationFn: (value: SecuritySettings) =>
      apiFetch<SecuritySettings>('/admin/security-settings', { method: 'PUT', body: value }),
    onSuccess: (value) => {
      queryClient.setQueryData(QUERY_KEY, value);
      toast.success(t('adminTools.security.saved'));
    },
    onError: (error) => toast.error(apiErrorText(t, error)),
  });
  const checked = settings.data?.require_two_factor_for_admins ?? false;
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-title`} className="font-display text-xl font-bold">
        {t('adminTools.security.title')}
      </h2>
      <div className="flex items-start gap-3 rounded-app border border-border bg-surface p-4">
        <ShieldCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={`${id}-switch`} className="font-semibold">
            {t('adminTools.security.requireTwoFactor')}
          </label>
          <p id={`${id}-hint`} className="text-sm text-muted">
            {settings.isError ? apiErrorText(t, settings.error) : t('adminTools.security.requireTwoFactorHint')}
          </p>
        </div>
        <input
          id={`${id}-switch`}
          type="checkbox"
          role="switch"
          aria-checked={checked}
          aria-describedby={`${id}-hint`}
          checked={checked}
          disabled={!settings.data || save.isPending}
          onChange={(event) => save.mutate({ require_two_factor_for_admins: event.target.checked })}
          className="mt-1 size-5 shrink-0 accent-primary"
        />
      </div>
    </section>
  );
}
