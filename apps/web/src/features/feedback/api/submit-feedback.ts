import type { FeedbackSubmit } from '@maktaba/shared/schemas/feedback';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/feedback`: feedback or a bug report, signed in or not. */
export function submitFeedback(body: FeedbackSubmit): Promise<{ id: string }> {
  return apiFetch<{ id: string }>('/feedback', { method: 'POST', body });
}

/** Not retried: a second copy of a report is worse than asking the reader to press again. */
export function useSubmitFeedback() {
  return useMutation({ mutationFn: submitFeedback, retry: 0 });
}
