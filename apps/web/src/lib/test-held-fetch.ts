import { vi } from 'vitest';

type Answer = { status: number; body?: unknown };

const responseOf = ({ status, body }: Answer) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status });

/**
 * Stubs fetch for a test that does something while a request is on its way (unmounts the component
 * that sent it, say): the requests named in `answers` ("GET /api/…") are answered at once, unless
 * their answer is null; every other one waits until the test releases it.
 */
export function holdFetch(answers: Record<string, () => Answer | null> = {}) {
  const held: { key: string; resolve: (response: Response) => void }[] = [];
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    const answer = answers[key]?.();
    if (answer) return Promise.resolve(responseOf(answer));
    return new Promise<Response>((resolve) => held.push({ key, resolve }));
  });
  vi.stubGlobal('fetch', fetchMock);

  const waitFor = (key: string) =>
    vi.waitFor(() => {
      const index = held.findIndex((request) => request.key === key);
      if (index < 0) throw new Error(`No request held for ${key}`);
      return index;
    });

  return {
    fetchMock,
    /** Waits until a request for `key` ("POST /api/…") is held. */
    held: async (key: string) => {
      await waitFor(key);
    },
    /** Waits until a request for `key` is held, then answers it. */
    release: async (key: string, answer: Answer) => {
      const index = await waitFor(key);
      const [request] = held.splice(index, 1);
      request?.resolve(responseOf(answer));
    },
  };
}
