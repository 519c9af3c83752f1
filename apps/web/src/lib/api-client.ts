import { ERROR_STATUS, type ErrorCode, isErrorBody } from '@maktaba/shared/errors';

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

/**
 * Why a call never reached the server, in a NETWORK error's details: the browser was offline as
 * it started ('No network connection'), or it was abandoned after its time limit ('Request
 * timeout after {n}ms'). The message stays English for the logs; the UI shows the catalogue's text.
 */
export type NetworkFailure = { reason: 'offline' } | { reason: 'timeout'; timeoutMs: number };

/** The abort reason of a call given up after `timeoutMs`; apiFetch turns it into a NETWORK error. */
export class RequestTimeoutError extends Error {
  override name = 'TimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`Request timeout after ${timeoutMs}ms`);
  }
}

/** The reason a NETWORK error carries, if it is one of the two above. */
export function networkFailureOf(error: unknown): NetworkFailure | null {
  if (!(error instanceof ApiError) || error.code !== 'NETWORK') return null;
  const details = error.details as Partial<{ reason: unknown; timeoutMs: unknown }> | undefined;
  if (details?.reason === 'offline') return { reason: 'offline' };
  if (details?.reason === 'timeout' && typeof details.timeoutMs === 'number') {
    return { reason: 'timeout', timeoutMs: details.timeoutMs };
  }
  return null;
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
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    throw new ApiError('NETWORK', 'No network connection', 0, { reason: 'offline' } satisfies NetworkFailure);
  }
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
    if (error instanceof RequestTimeoutError) {
      const failure: NetworkFailure = { reason: 'timeout', timeoutMs: error.timeoutMs };
      throw new ApiError('NETWORK', error.message, 0, failure);
    }
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError('NETWORK', (error as Error).message, 0);
  }
  const text = await response.text();
  const data = parseJson(text);
  if (!response.ok) {
    if (isErrorBody(data)) {
      if (data.error.code === 'UNAUTHENTICATED') for (const listener of unauthenticatedListeners) listener();
      throw new ApiError(data.error.code, data.error.message, response.status, data.error.details);
    }
    throw new ApiError(codeOfStatus(response.status), response.statusText, response.status);
  }
  if (data === INVALID_JSON)
    throw new ApiError('UNKNOWN', 'The server answered with something other than JSON.', response.status);
  return data as T;
}

const INVALID_JSON = Symbol('invalid JSON');

/** A proxy in front of the server may answer with an HTML page (a 413, a 502): that is not a crash. */
function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return INVALID_JSON;
  }
}

/** The general code of a status, for answers that carry no error body (from a proxy, not from us). */
const STATUS_CODES = new Map<number, ErrorCode>([
  [ERROR_STATUS.PAYLOAD_TOO_LARGE, 'PAYLOAD_TOO_LARGE'],
  [ERROR_STATUS.UNSUPPORTED_MEDIA_TYPE, 'UNSUPPORTED_MEDIA_TYPE'],
  [ERROR_STATUS.RATE_LIMITED, 'RATE_LIMITED'],
  [ERROR_STATUS.SERVICE_UNAVAILABLE, 'SERVICE_UNAVAILABLE'],
]);

function codeOfStatus(status: number): ErrorCode | 'UNKNOWN' {
  return STATUS_CODES.get(status) ?? (status >= 500 ? 'INTERNAL' : 'UNKNOWN');
}
