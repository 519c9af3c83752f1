import { TIMINGS } from '@maktaba/shared/constants';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useQuoteCarousel } from './use-quote-carousel';

function mockReducedMotion(reduce: boolean) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('quote carousel timing', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    mockReducedMotion(false);
  });
  afterEach(() => vi.useRealTimers());

  it('advances every 12 s and wraps after the last quote', () => {
    const { result } = renderHook(() => useQuoteCarousel(3));
    expect(result.current.index).toBe(0);
    expect(result.current.isAutoplaying).toBe(true);
    act(() => vi.advanceTimersByTime(TIMINGS.quoteCarouselInterval - 1));
    expect(result.current.index).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.index).toBe(1);
    // One act per step: each new index schedules the next wait when it renders.
    act(() => vi.advanceTimersByTime(TIMINGS.quoteCarouselInterval));
    expect(result.current.index).toBe(2);
    act(() => vi.advanceTimersByTime(TIMINGS.quoteCarouselInterval));
    expect(result.current.index).toBe(0);
  });

  it('pauses the rotation for 30 s after moving by hand', () => {
    const { result } = renderHook(() => useQuoteCarousel(8));
    act(() => result.current.previous());
    expect(result.current.index).toBe(7);
    expect(result.current.isAutoplaying).toBe(false);
    act(() => vi.advanceTimersByTime(TIMINGS.quoteCarouselManualPause - 1));
    expect(result.current.index).toBe(7);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.isAutoplaying).toBe(true);
    act(() => vi.advanceTimersByTime(TIMINGS.quoteCarouselInterval));
    expect(result.current.index).toBe(0);
  });

  it('restarts the pause on every manual move', () => {
    const { result } = renderHook(() => useQuoteCarousel(8));
    act(() => result.current.goTo(3));
    act(() => vi.advanceTimersByTime(20_000));
    act(() => result.current.next());
    act(() => vi.advanceTimersByTime(20_000));
    expect(result.current.isAutoplaying).toBe(false);
    expect(result.current.index).toBe(4);
  });

  it('holds while hovered or focused, and stops with the pause button', () => {
    const { result } = renderHook(() => useQuoteCarousel(8));
    act(() => result.current.setHeld(true));
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.index).toBe(0);
    act(() => result.current.setHeld(false));
    act(() => result.current.togglePlaying());
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.index).toBe(0);
    expect(result.current.isPlaying).toBe(false);
  });

  it('does not rotate by itself when the user prefers reduced motion', () => {
    mockReducedMotion(true);
    const { result } = renderHook(() => useQuoteCarousel(8));
    expect(result.current.isPlaying).toBe(false);
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.index).toBe(0);
  });
});
