import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, networkFailureOf, RequestTimeoutError } from './api-client';
import { apiErrorKey } from './api-error-text';

function answer(status: number, body: string, contentType = 'application/json') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': contentType } })),
  );
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('apiFetch', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('offline as the call starts: a NETWORK error saying "No network connection", nothing sent', async () => {
    answer(200, '{}');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const error = await failure(apiFetch('/x'));
    expect([error.code, error.message]).toEqual(['NETWORK', 'No network connection']);
    expect(networkFailureOf(error)).toEqual({ reason: 'offline' });
    expect(apiErrorKey(error)).toBe('errors.network.offline');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a call abandoned after its time limit is a NETWORK error with the limit', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
      ),
    );
    const controller = new AbortController();
    const pending = apiFetch('/x', { signal: controller.signal });
    controller.abort(new RequestTimeoutError(15_000));
    const error = await failure(pending);
    expect([error.code, error.message]).toEqual(['NETWORK', 'Request timeout after 15000ms']);
    expect(networkFailureOf(error)).toEqual({ reason: 'timeout', timeoutMs: 15_000 });
    // A plain cancellation stays a cancellation.
    const other = new AbortController();
    const cancelled = apiFetch('/x', { signal: other.signal });
    other.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('returns the JSON of a good answer', async () => {
    answer(200, '{"ok":true}');
    await expect(apiFetch('/x')).resolves.toEqual({ ok: true });
  });

  it("takes the server's error code from its error body", async () => {
    answer(409, JSON.stringify({ error: { code: 'CONFLICT', message: 'Taken', details: { a: 1 } } }));
    const error = await failure(apiFetch('/x'));
    expect([error.code, error.status, error.details]).toEqual(['CONFLICT', 409, { a: 1 }]);
  });

  it("names a proxy's HTML answer by its status instead of failing to parse it", async () => {
    answer(413, '<html><body>Request Entity Too Large</body></html>', 'text/html');
    expect((await failure(apiFetch('/x', { method: 'PUT', body: new FormData() }))).code).toBe('PAYLOAD_TOO_LARGE');
    answer(415, '<html></html>', 'text/html');
    expect((await failure(apiFetch('/x'))).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    answer(502, '<html>Bad Gateway</html>', 'text/html');
    expect((await failure(apiFetch('/x'))).code).toBe('INTERNAL');
    answer(404, 'not found', 'text/plain');
    expect((await failure(apiFetch('/x'))).code).toBe('UNKNOWN');
  });

  it('refuses a successful answer that is not JSON', async () => {
    answer(200, '<html></html>', 'text/html');
    expect((await failure(apiFetch('/x'))).code).toBe('UNKNOWN');
  });

  it('turns a failed connection into a NETWORK error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await failure(apiFetch('/x'));
    expect([error.code, error.status]).toEqual(['NETWORK', 0]);
  });
});
