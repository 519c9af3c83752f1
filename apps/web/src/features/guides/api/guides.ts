import type {
  Guide,
  GuideInput,
  GuideLevel,
  GuideList,
  GuideStatus,
  GuideUpdate,
  MyGuides,
} from '@maktaba/shared/schemas/guides';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { LOOKUP_MIN_LENGTH, searchCatalogueBooks } from '../../../lib/catalogue-lookup';
import { guideKeys } from '../lib/query-keys';

export type GuideFilter = { q?: string; level?: GuideLevel; page: number };
export type LibraryGuideFilter = GuideFilter & { status?: GuideStatus };

const id = (value: string) => encodeURIComponent(value);

function queryString(filter: LibraryGuideFilter): string {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.level) params.set('level', filter.level);
  if (filter.status) params.set('status', filter.status);
  if (filter.page > 1) params.set('page', String(filter.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** `GET /api/guides`: published guides with the reader's progress. */
export function useGuides(filter: GuideFilter) {
  return useQuery({
    queryKey: guideKeys.list(filter),
    queryFn: () => apiFetch<GuideList>(`/guides${queryString(filter)}`),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/guides/mine`: the guides the reader follows, in progress first. */
export function useMyGuides() {
  return useQuery({ queryKey: guideKeys.mine, queryFn: () => apiFetch<MyGuides>('/guides/mine') });
}

export const guideQueryOptions = (guideId: string) =>
  queryOptions({ queryKey: guideKeys.detail(guideId), queryFn: () => apiFetch<Guide>(`/guides/${id(guideId)}`) });

/** `GET /api/guides/{id}`: the steps in order, the reader's done marks and where to resume. */
export function useGuide(guideId: string) {
  return useQuery(guideQueryOptions(guideId));
}

type ProgressChange = { guideId: string } & (
  | { action: 'follow' | 'unfollow' }
  | { action: 'done' | 'undone'; stepId: string }
);

function changeProgress(change: ProgressChange): Promise<Guide> {
  const base = `/guides/${id(change.guideId)}`;
  switch (change.action) {
    case 'follow':
      return apiFetch<Guide>(`${base}/follow`, { method: 'POST' });
    case 'unfollow':
      return apiFetch<Guide>(`${base}/follow`, { method: 'DELETE' });
    case 'done':
      return apiFetch<Guide>(`${base}/steps/${id(change.stepId)}/done`, { method: 'PUT' });
    case 'undone':
      return apiFetch<Guide>(`${base}/steps/${id(change.stepId)}/done`, { method: 'DELETE' });
  }
}

const PROGRESS_KEY = ['guide-progress'] as const;

/** Follow, stop following, mark a step done or not: the answer is the guide as it now stands. */
export function useGuideProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: PROGRESS_KEY,
    mutationFn: changeProgress,
    retry: false,
    // A step's mark shows at once; it goes back if the server refuses it.
    onMutate: async (change) => {
      if (change.action !== 'done' && change.action !== 'undone') return undefined;
      const key = guideKeys.detail(change.guideId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Guide>(key);
      if (previous) {
        const done = change.action === 'done';
        queryClient.setQueryData<Guide>(key, {
          ...previous,
          steps: previous.steps.map((step) => (step.id === change.stepId ? { ...step, done } : step)),
        });
      }
      return { previous };
    },
    onError: (_error, change, context) => {
      if (context?.previous) queryClient.setQueryData(guideKeys.detail(change.guideId), context.previous);
    },
    onSuccess: (guide) => {
      // While another mark on this guide is on its way, this answer does not know of it and would
      // clear its tick: the last answer brings the whole guide.
      const inFlight = queryClient.isMutating({
        mutationKey: PROGRESS_KEY,
        predicate: (mutation) => (mutation.state.variables as { guideId?: string } | undefined)?.guideId === guide.id,
      });
      if (inFlight <= 1) queryClient.setQueryData(guideKeys.detail(guide.id), guide);
      return queryClient.invalidateQueries({
        queryKey: guideKeys.all,
        predicate: (query) => query.queryKey[1] !== 'detail',
      });
    },
  });
}

/** `GET /api/library/guides`: every guide, drafts too. */
export function useLibraryGuides(filter: LibraryGuideFilter) {
  return useQuery({
    queryKey: guideKeys.library(filter),
    queryFn: () => apiFetch<GuideList>(`/library/guides${queryString(filter)}`),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/library/guides/{id}`: a guide to edit, draft or published. */
export function useLibraryGuide(guideId: string | undefined) {
  return useQuery({
    queryKey: guideKeys.libraryDetail(guideId ?? ''),
    queryFn: () => apiFetch<Guide>(`/library/guides/${id(guideId ?? '')}`),
    enabled: Boolean(guideId),
    staleTime: 0,
  });
}

export type SaveGuide = { guideId?: string; input: GuideInput | GuideUpdate };

/** Creates (`POST /api/library/guides`) or edits (`PATCH /api/library/guides/{id}`) a guide. */
export function useSaveGuide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ guideId, input }: SaveGuide) =>
      guideId
        ? apiFetch<Guide>(`/library/guides/${id(guideId)}`, { method: 'PATCH', body: input })
        : apiFetch<Guide>('/library/guides', { method: 'POST', body: input }),
    retry: false,
    onSuccess: (guide) => {
      queryClient.setQueryData(guideKeys.libraryDetail(guide.id), guide);
      return queryClient.invalidateQueries({ queryKey: guideKeys.all });
    },
  });
}

export function useDeleteGuide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (guideId: string) => apiFetch<void>(`/library/guides/${id(guideId)}`, { method: 'DELETE' }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guideKeys.all }),
  });
}

/** A book a step may point at: its id and titles. */
export type BookOption = { id: string; title: string | null; title_ar: string | null };

/** Catalogue books whose title matches. */
export function useBookSearch(query: string) {
  const trimmed = query.trim();
  return useQuery({
    queryKey: guideKeys.books(trimmed),
    queryFn: (): Promise<BookOption[]> => searchCatalogueBooks(trimmed),
    enabled: trimmed.length >= LOOKUP_MIN_LENGTH,
    staleTime: 60_000,
  });
}
