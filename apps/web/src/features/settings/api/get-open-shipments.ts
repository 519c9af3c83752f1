import type { LoanStatus } from '@maktaba/shared/lending';
import type { LoanList } from '@maktaba/shared/schemas/loans';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** A loan whose parcel has not reached the reader yet: it goes to the address it was asked with. */
export const SHIPMENT_PENDING_STATUSES: readonly LoanStatus[] = ['requested', 'approved', 'shipped'];

/**
 * `GET /api/loans?scope=current`: whether the reader has a request or a parcel on its way, so
 * that Settings → Address can say a change applies to the next shipment.
 */
export const openShipmentQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['settings', 'open-shipment', userId] as const,
    queryFn: ({ signal }) => apiFetch<LoanList>('/loans?scope=current&limit=50&offset=0', { signal }),
    select: (list) => list.items.some((loan) => SHIPMENT_PENDING_STATUSES.includes(loan.status)),
    enabled: userId !== null,
    staleTime: 30_000,
  });
