import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useImmediateChoice } from './use-immediate-choice';

/** A change on its way to the server, settled by hand. */
function pending() {
  let settle = () => {};
  const promise = new Promise<void>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

describe('useImmediateChoice', () => {
  afterEach(cleanup);

  it('shows the choice at once, then follows the data: the optimistic value, then a rollback', async () => {
    const { result, rerender } = renderHook(({ value }) => useImmediateChoice(value), {
      initialProps: { value: false },
    });
    const change = pending();
    act(() => result.current[1](true, change.promise));
    expect(result.current[0]).toBe(true);
    rerender({ value: true });
    expect(result.current[0]).toBe(true);
    rerender({ value: false });
    expect(result.current[0]).toBe(false);
    await act(async () => change.settle());
    expect(result.current[0]).toBe(false);
  });

  it('a refusal the data never showed as accepted: the choice goes once the change is settled', async () => {
    const { result } = renderHook(({ value }) => useImmediateChoice(value), { initialProps: { value: false } });
    const change = pending();
    act(() => result.current[1](true, change.promise));
    expect(result.current[0]).toBe(true);
    await act(async () => change.settle());
    expect(result.current[0]).toBe(false);
  });
});
