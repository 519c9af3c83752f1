import { isRouteErrorResponse } from 'react-router';
import { ApiError } from '../../lib/api-client';
import type { ErrorVariant } from './error-page';

const CHUNK_LOAD =
  /Loading chunk|Failed to fetch|dynamically imported module|Importing a module script failed|error loading dynamically/i;

/** Picks the error page variant for something a route threw. */
export function classifyError(error: unknown): ErrorVariant {
  if (error instanceof ApiError) {
    if (error.code === 'NETWORK') return 'network';
    if (error.status === 401) return 'auth';
    if (error.status === 403) return 'permission';
    return 'boundary';
  }
  if (isRouteErrorResponse(error)) {
    if (error.status === 401) return 'auth';
    if (error.status === 403) return 'permission';
    return 'default';
  }
  if (error instanceof Error && CHUNK_LOAD.test(error.message)) return 'network';
  return 'boundary';
}
