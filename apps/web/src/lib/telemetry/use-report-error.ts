import { useEffect } from 'react';
import { isRouteErrorResponse } from 'react-router';
import { ApiError } from '../api-client';
import { reportError } from './error-reporter';

/**
 * Whether an error a route threw is worth the error log: code that failed or could not be loaded.
 * Answers of the server (ApiError) and the router's own responses (a 404) are expected outcomes.
 */
export function isReportable(error: unknown): boolean {
  return error != null && !(error instanceof ApiError) && !isRouteErrorResponse(error);
}

/** Reports an error caught by a route's error element once it is shown. */
export function useReportRouteError(error: unknown): void {
  useEffect(() => {
    if (isReportable(error)) reportError(error, { metadata: { source: 'route' } });
  }, [error]);
}
