import type { UserBorrowing } from '@maktaba/shared/schemas/admin-users';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { userKey } from '../lib/query-keys';

/** `GET /api/admin/users/{id}/borrowings`: the borrowing history, newest first. */
export function getUserBorrowings(id: string): Promise<UserBorrowing[]> {
  return apiFetch<UserBorrowing[]>(`/admin/users/${encodeURIComponent(id)}/borrowings`);
}

export function useUserBorrowings(id: string) {
  return useQuery({ queryKey: [...userKey(id), 'borrowings'], queryFn: () => getUserBorrowings(id) });
}
