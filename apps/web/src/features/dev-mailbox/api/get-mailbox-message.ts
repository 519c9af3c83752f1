import type { MailboxMessage } from '@maktaba/shared/schemas/mail';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `GET /api/dev/mailbox/{id}`: one message with its text and HTML parts. */
export function getMailboxMessage(id: string, signal?: AbortSignal): Promise<MailboxMessage> {
  return apiFetch<MailboxMessage>(`/dev/mailbox/${encodeURIComponent(id)}`, { signal });
}

export const mailboxMessageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['dev-mailbox', 'message', id],
    queryFn: ({ signal }) => getMailboxMessage(id, signal),
    retry: false,
  });

export function useMailboxMessage(id: string) {
  return useQuery(mailboxMessageQueryOptions(id));
}
