import type { SuggestResult } from '@maktaba/shared/schemas/search';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { createAutocompleteClient, type FetchSuggestions } from './autocomplete-client';

const answer = (query: string): SuggestResult => ({
  script: 'en',
  correction: null,
  suggestions: [
    {
      id: query,
      query,
      query_ar: null,
      type: 'book',
      category: null,
      category_ar: null,
      metadata: { href: `/book/${query}` },
    },
  ],
});

/** A fetch that answers after `delay` ms (0: at once) with `outcome(call)`, recording each call's time. */
function fakeFetch(outcome: (call: number) => SuggestResult | Error, delay = 10) {
  const calls: Array<{ q: string; at: number; signal: AbortSignal }> = [];
  const fetchSuggestions = vi.fn<FetchSuggestions>(
    (q, _limit, signal) =>
      new Promise((resolve, reject) => {
        const call = calls.push({ q, at: Date.now(), signal }) - 1;
        const settle = () => {
          const result = outcome(call);
          if (result instanceof Error) reject(result);
          else resolve(result);
        };
        if (delay === 0) return settle();
        const timer = setTimeout(settle, delay);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new DOMException('aborted', 'AbortError'));
        });
      }),
  );
  return { fetchSuggestions, calls };
}

const signal = () => new AbortController().signal;

describe('autocomplete client', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('shares one request for the same normalised query and limit asked within 200 ms', async () => {
    const { fetchSuggestions, calls } = fakeFetch(() => answer('kafi'), 50);
    // No cache, so that only the deduplication can spare a request.
    const client = createAutocompleteClient({ fetchSuggestions, cacheEntries: 0 });
    const first = client.suggest('Kafi', 10, signal());
    await vi.advanceTimersByTimeAsync(20);
    const second = client.suggest('  kafi ', 10, signal());
    await vi.advanceTimersByTimeAsync(40);
    await expect(first).resolves.toEqual(answer('kafi'));
    await expect(second).resolves.toEqual(answer('kafi'));
    expect(calls).toHaveLength(1);

    // 190 ms after the answer: still the same request.
    await vi.advanceTimersByTimeAsync(180);
    await client.suggest('KAFI', 10, signal());
    expect(calls).toHaveLength(1);

    // Another limit is another request; so is the same query once the 200 ms are over.
    void client.suggest('kafi', 8, signal());
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(60);
    void client.suggest('kafi', 10, signal());
    expect(calls).toHaveLength(3);
  });

  it('retries after 1 s, 2 s and 4 s on server errors, then gives up with the error', async () => {
    const { fetchSuggestions, calls } = fakeFetch(() => new ApiError('INTERNAL', 'boom', 500), 0);
    const client = createAutocompleteClient({ fetchSuggestions });
    const result = client.suggest('kafi', 10, signal());
    const settled = result.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.map((call) => call.at)).toEqual([0, 1000, 3000, 7000]);
    expect(await settled).toBeInstanceOf(ApiError);
  });

  it('retries network failures and succeeds when the server answers again', async () => {
    const { fetchSuggestions, calls } = fakeFetch(
      (call) => (call < 2 ? new ApiError('NETWORK', 'Failed to fetch', 0) : answer('kafi')),
      0,
    );
    const client = createAutocompleteClient({ fetchSuggestions });
    const result = client.suggest('kafi', 10, signal());
    await vi.advanceTimersByTimeAsync(3000);
    await expect(result).resolves.toEqual(answer('kafi'));
    expect(calls.map((call) => call.at)).toEqual([0, 1000, 3000]);
  });

  it('does not retry a 4xx', async () => {
    const { fetchSuggestions, calls } = fakeFetch(() => new ApiError('VALIDATION_FAILED', 'bad', 400), 0);
    const client = createAutocompleteClient({ fetchSuggestions });
    const settled = client.suggest('kafi', 10, signal()).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);
    expect(await settled).toMatchObject({ status: 400 });
  });

  it('aborts the request and its retries once no one waits for it', async () => {
    const { fetchSuggestions, calls } = fakeFetch(() => new ApiError('INTERNAL', 'boom', 500), 0);
    const client = createAutocompleteClient({ fetchSuggestions });
    const controller = new AbortController();
    const settled = client.suggest('kafi', 10, controller.signal).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(500);
    controller.abort();
    expect(await settled).toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);
  });

  it('keeps answers by normalised query, at most 100, dropping the least recently used', async () => {
    const { fetchSuggestions, calls } = fakeFetch((call) => answer(String(call)), 0);
    const client = createAutocompleteClient({ fetchSuggestions });
    for (let index = 0; index < 101; index += 1) {
      const pending = client.suggest(`query ${index}`, 10, signal());
      await vi.advanceTimersByTimeAsync(0);
      await pending;
      // Read the first one back each time so that it stays among the recent.
      if (index > 0) expect(client.cached('QUERY 0', 10)).toEqual(answer('0'));
    }
    expect(calls).toHaveLength(101);
    expect(client.cached('query 1', 10)).toBeUndefined();
    expect(client.cached('query 100', 10)).toEqual(answer('100'));
    await client.suggest('Query  0', 10, signal());
    expect(calls).toHaveLength(101);
  });

  it('forgets kept answers when another reader signs in, not when the same one is set again', async () => {
    const { fetchSuggestions, calls } = fakeFetch((call) => answer(String(call)), 0);
    const client = createAutocompleteClient({ fetchSuggestions });
    client.setReader('reader-1');
    await client.suggest('kafi', 10, signal());
    client.setReader('reader-1');
    expect(client.cached('kafi', 10)).toEqual(answer('0'));
    client.setReader(null);
    expect(client.cached('kafi', 10)).toBeUndefined();
    await client.suggest('kafi', 10, signal());
    expect(calls).toHaveLength(2);
  });
});
