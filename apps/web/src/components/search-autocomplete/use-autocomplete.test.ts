import type { SuggestResult } from '@maktaba/shared/schemas/search';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { createAutocompleteClient, type FetchSuggestions } from './autocomplete-client';
import { useAutocomplete } from './use-autocomplete';

const answer = (query: string, count = 1): SuggestResult => ({
  script: 'en',
  correction: null,
  suggestions: Array.from({ length: count }, (_, index) => ({
    id: `${query}-${index}`,
    query: `${query} ${index}`,
    query_ar: null,
    type: 'book' as const,
    category: null,
    category_ar: null,
    metadata: { href: `/book/${query}-${index}` },
  })),
});

/**
 * A server answering each query after its own delay; it ignores aborts on purpose, so that an
 * old answer really does arrive late and the hook has to drop it itself.
 */
function fakeServer(delays: Record<string, number> = {}, fail?: (q: string, call: number) => Error | null) {
  const asked: Array<{ q: string; at: number; limit: number }> = [];
  const fetchSuggestions = vi.fn<FetchSuggestions>((q, limit) => {
    const call = asked.push({ q, at: Date.now(), limit }) - 1;
    return new Promise((resolve, reject) => {
      setTimeout(() => {
        const error = fail?.(q, call);
        if (error) reject(error);
        else resolve(answer(q, 3));
      }, delays[q] ?? 20);
    });
  });
  return { asked, client: createAutocompleteClient({ fetchSuggestions }) };
}

function renderAutocomplete(server: ReturnType<typeof fakeServer>) {
  return renderHook(() => useAutocomplete({ client: server.client, now: () => Date.now() }));
}

async function type(result: { current: ReturnType<typeof useAutocomplete> }, text: string, interval: number) {
  for (let length = 1; length <= text.length; length += 1) {
    if (length > 1) await act(() => vi.advanceTimersByTimeAsync(interval));
    act(() => result.current.setText(text.slice(0, length)));
  }
}

describe('useAutocomplete', () => {
  beforeEach(() => vi.useFakeTimers({ now: 10_000 }));
  afterEach(() => vi.useRealTimers());

  it('asks for 10 suggestions 50 ms after the last key when typing fast', async () => {
    const server = fakeServer();
    const { result } = renderAutocomplete(server);
    await type(result, 'kafi', 40);
    const typedAt = Date.now();
    await act(() => vi.advanceTimersByTimeAsync(49));
    expect(server.asked).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(server.asked).toEqual([{ q: 'kafi', at: typedAt + 50, limit: 10 }]);
  });

  it('waits 150 ms at a medium pace and 300 ms when typing slowly', async () => {
    const server = fakeServer();
    const { result } = renderAutocomplete(server);
    await type(result, 'ka', 120);
    await act(() => vi.advanceTimersByTimeAsync(149));
    expect(server.asked).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(server.asked.map((ask) => ask.q)).toEqual(['ka']);

    await act(() => vi.advanceTimersByTimeAsync(500));
    act(() => result.current.setText('kaf'));
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(server.asked).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(server.asked.map((ask) => ask.q)).toEqual(['ka', 'kaf']);
  });

  it('never asks for empty or blank text, and closes', async () => {
    const server = fakeServer();
    const { result } = renderAutocomplete(server);
    act(() => result.current.setText('   '));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(server.asked).toEqual([]);
    expect(result.current.isOpen).toBe(false);
    expect(result.current.status).toBe('idle');
  });

  it('shows the spinner only after 300 ms of waiting, and hides it with the answer', async () => {
    const server = fakeServer({ slow: 1000, quick: 250 });
    const { result } = renderAutocomplete(server);
    act(() => result.current.setText('slow'));
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(result.current.status).toBe('loading');
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(result.current.isSpinnerVisible).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current.isSpinnerVisible).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(700));
    expect(result.current.isSpinnerVisible).toBe(false);
    expect(result.current.suggestions).toHaveLength(3);

    act(() => result.current.setText('quick'));
    for (let waited = 0; waited < 1000; waited += 50) {
      await act(() => vi.advanceTimersByTimeAsync(50));
      expect(result.current.isSpinnerVisible).toBe(false);
    }
    expect(result.current.answeredQuery).toBe('quick');
  });

  it('never shows the answer of an older query after a newer one', async () => {
    const server = fakeServer({ old: 800, new: 30 });
    const { result } = renderAutocomplete(server);
    act(() => result.current.setText('old'));
    await act(() => vi.advanceTimersByTimeAsync(200));
    act(() => result.current.setText('new'));
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(result.current.answeredQuery).toBe('new');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(server.asked.map((ask) => ask.q)).toEqual(['old', 'new']);
    expect(result.current.answeredQuery).toBe('new');
    expect(result.current.suggestions[0]?.query).toBe('new 0');
  });

  it('shows a prefix typed before at once from the cache, without asking again', async () => {
    const server = fakeServer();
    const { result } = renderAutocomplete(server);
    act(() => result.current.setText('kaf'));
    await act(() => vi.advanceTimersByTimeAsync(500));
    act(() => result.current.setText('kafi'));
    await act(() => vi.advanceTimersByTimeAsync(500));
    act(() => result.current.setText('Kaf '));
    expect(result.current.status).toBe('ready');
    expect(result.current.answeredQuery).toBe('Kaf');
    expect(result.current.suggestions[0]?.query).toBe('kaf 0');
    expect(server.asked.map((ask) => ask.q)).toEqual(['kaf', 'kafi']);
  });

  it('reports an error after the retries and asks again on retry', async () => {
    let isDown = true;
    const server = fakeServer({}, () => (isDown ? new ApiError('INTERNAL', 'down', 503) : null));
    const { result } = renderAutocomplete(server);
    act(() => result.current.setText('kafi'));
    await act(() => vi.advanceTimersByTimeAsync(150 + 20 + 1000 + 20 + 2000 + 20 + 4000 + 19));
    expect(result.current.status).toBe('loading');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current.status).toBe('error');
    expect(server.asked).toHaveLength(4);
    isDown = false;
    act(() => result.current.retry());
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(result.current.status).toBe('ready');
    expect(server.asked).toHaveLength(5);
  });

  it('moves the active option with the arrow keys, wrapping around', async () => {
    const server = fakeServer();
    const { result } = renderAutocomplete(server);
    act(() => result.current.setText('kafi'));
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(result.current.isOpen).toBe(true);
    expect(result.current.activeIndex).toBe(-1);
    const steps: number[] = [];
    for (const step of [1, 1, 1, 1, -1, -1] as const) {
      act(() => result.current.move(step));
      steps.push(result.current.activeIndex);
    }
    expect(steps).toEqual([0, 1, 2, 0, 2, 1]);
    act(() => result.current.close());
    expect(result.current.isOpen).toBe(false);
    act(() => result.current.move(-1));
    expect(result.current.isOpen).toBe(true);
    expect(result.current.activeIndex).toBe(2);
  });
});
