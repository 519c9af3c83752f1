import type { AuditEntry } from '@maktaba/shared/schemas/admin-users';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { auditKey } from '../lib/query-keys';

export type AuditList = { entries: AuditEntry[]; total: number; page: number; per_page: number };
export type AuditFilter = { page: number; action_type?: string; target_user?: string; from?: string; to?: string };

/** `GET /api/admin/audit-log`: one page of entries, newest first. */
export function listAuditLog(filter: AuditFilter): Promise<AuditList> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, String(value));
  return apiFetch<AuditList>(`/admin/audit-log?${params}`);
}

export function useAuditLog(filter: AuditFilter) {
  return useQuery({
    queryKey: [...auditKey, filter],
    queryFn: () => listAuditLog(filter),
    placeholderData: keepPreviousData,
  });
}
