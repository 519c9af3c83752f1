import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTopicRotation } from './use-topic-rotation';

describe('useTopicRotation', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('moves to the next set every 8 s and wraps around', () => {
    const { result } = renderHook(() => useTopicRotation(3));
    expect(result.current.index).toBe(0);
    act(() => vi.advanceTimersByTime(7_999));
    expect(result.current.index).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.index).toBe(1);
    act(() => vi.advanceTimersByTime(16_000));
    expect(result.current.index).toBe(0);
  });

  it('holds still while hovered, and resumes after', () => {
    const { result } = renderHook(() => useTopicRotation(3));
    act(() => result.current.pauseHandlers.onMouseEnter());
    act(() => vi.advanceTimersByTime(20_000));
    expect(result.current.index).toBe(0);
    expect(result.current.isPaused).toBe(true);
    act(() => result.current.pauseHandlers.onMouseLeave());
    act(() => vi.advanceTimersByTime(8_000));
    expect(result.current.index).toBe(1);
  });

  it('does not rotate a single set', () => {
    const { result } = renderHook(() => useTopicRotation(1));
    act(() => vi.advanceTimersByTime(30_000));
    expect(result.current.index).toBe(0);
  });
});
