import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { circleKeys } from '../lib/query-keys';
import type { CirclePost, CirclePostPage } from '../lib/types';

const postsPath = (id: string, rest = '') => `/circles/${encodeURIComponent(id)}/posts${rest}`;

/** `GET /api/circles/{id}/posts`: the discussion, a page at a time (older pages by cursor). */
export function useCirclePosts(id: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: circleKeys.posts(id),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: '30' });
      if (pageParam) params.set('before', pageParam);
      return apiFetch<CirclePostPage>(`${postsPath(id)}?${params}`);
    },
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled,
    staleTime: 0,
  });
}

function usePostMutation<TVariables, TResult>(id: string, fn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: circleKeys.posts(id) }),
  });
}

export const useCreatePost = (id: string) =>
  usePostMutation(id, (input: { body: string; reply_to?: string }) =>
    apiFetch<CirclePost>(postsPath(id), { method: 'POST', body: input }),
  );

export const useEditPost = (id: string) =>
  usePostMutation(id, ({ postId, body }: { postId: string; body: string }) =>
    apiFetch<CirclePost>(postsPath(id, `/${encodeURIComponent(postId)}`), { method: 'PATCH', body: { body } }),
  );

export const useDeletePost = (id: string) =>
  usePostMutation(id, (postId: string) =>
    apiFetch<void>(postsPath(id, `/${encodeURIComponent(postId)}`), { method: 'DELETE' }),
  );

export const useHidePost = (id: string) =>
  usePostMutation(id, ({ postId, hide, reason }: { postId: string; hide: boolean; reason?: string }) =>
    apiFetch<CirclePost>(postsPath(id, `/${encodeURIComponent(postId)}/${hide ? 'hide' : 'unhide'}`), {
      method: 'POST',
      body: hide && reason ? { reason } : {},
    }),
  );

export const useReportPost = (id: string) =>
  usePostMutation(id, ({ postId, reason }: { postId: string; reason: string }) =>
    apiFetch<unknown>(postsPath(id, `/${encodeURIComponent(postId)}/report`), { method: 'POST', body: { reason } }),
  );
