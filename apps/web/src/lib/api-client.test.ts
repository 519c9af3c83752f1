import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch } from './api-client';

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
  afterEach(() => vi.unstubAllGlobals());

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
