import { type ErrorCode, isErrorBody } from '@maktaba/shared/errors';

/** An API failure with the server's error code; the UI translates `errors.codes.<code>`. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly code: ErrorCode | 'NETWORK' | 'UNKNOWN',
    message: string,
    readonly status: number,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

type RequestOptions = Omit<RequestInit, 'body'> & { body?: unknown };

type Listener = () => void;
const unauthenticatedListeners = new Set<Listener>();

/**
 * Called whenever the server answers UNAUTHENTICATED: the session this tab believed in has gone
 * (revoked elsewhere, expired). The auth feature subscribes and checks the session at once, so
 * the reader learns why instead of meeting failures until the next minute's check.
 */
export function onUnauthenticated(listener: Listener): () => void {
  unauthenticatedListeners.add(listener);
  return () => unauthenticatedListeners.delete(listener);
}

/** The one way the web app calls the server: same origin, cookies included, JSON in and out. */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { body, headers, ...rest } = options;
  // A file upload goes as it is: the browser sets the multipart boundary.
  const isForm = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      credentials: 'same-origin',
      ...rest,
      headers: {
        Accept: 'application/json',
        ...(body === undefined || isForm ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined || isForm ? (body as FormData | undefined) : JSON.stringify(body),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError('NETWORK', (error as Error).message, 0);
  }
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    if (isErrorBody(data)) {
      if (data.error.code === 'UNAUTHENTICATED') for (const listener of unauthenticatedListeners) listener();
      throw new ApiError(data.error.code, data.error.message, response.status, data.error.details);
    }
    throw new ApiError(response.status >= 500 ? 'INTERNAL' : 'UNKNOWN', response.statusText, response.status);
  }
  return data as T;
}
