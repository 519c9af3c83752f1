import type { MailboxList } from '@maktaba/shared/schemas/mail';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `GET /api/dev/mailbox`: the newest 50 messages of the outbox (404 in production). */
export function getMailbox(signal?: AbortSignal): Promise<MailboxList> {
  return apiFetch<MailboxList>('/dev/mailbox', { signal });
}

export const mailboxQueryOptions = () =>
  queryOptions({
    queryKey: ['dev-mailbox', 'list'],
    queryFn: ({ signal }) => getMailbox(signal),
    retry: false,
  });

export function useMailbox() {
  return useQuery(mailboxQueryOptions());
}
