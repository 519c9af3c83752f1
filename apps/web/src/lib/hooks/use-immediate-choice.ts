import { useState } from 'react';

/**
 * A checkbox whose value comes from the server's data, changed through an optimistic cache
 * update: the tick the reader gave shows in the same frame (the cache update lands a moment
 * later). The data takes over again as soon as it changes, and at the latest when the change is
 * settled: the server's answer, or the rollback of a refusal.
 */
export function useImmediateChoice(value: boolean): [boolean, (chosen: boolean, settled: Promise<unknown>) => void] {
  const [chosen, setChosen] = useState<{ value: boolean } | null>(null);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setChosen(null);
  }
  const choose = (next: boolean, settled: Promise<unknown>) => {
    const mark = { value: next };
    setChosen(mark);
    void settled.finally(() => setChosen((current) => (current === mark ? null : current)));
  };
  return [chosen?.value ?? value, choose];
}
