import { TIMINGS } from '@maktaba/shared/constants';
import { useEffect, useState } from 'react';

/**
 * Which topic set is shown: the next one every 8 s (reader-area §4.7), paused while the reader
 * points at or is inside the pills, so a pill never moves from under the pointer or the focus.
 */
export function useTopicRotation(setCount: number, intervalMs: number = TIMINGS.topicRotation) {
  const [index, setIndex] = useState(0);
  const [isHovered, setHovered] = useState(false);
  const [isFocused, setFocused] = useState(false);
  const isPaused = isHovered || isFocused;

  useEffect(() => {
    if (setCount < 2 || isPaused) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % setCount), intervalMs);
    return () => clearInterval(timer);
  }, [setCount, isPaused, intervalMs]);

  return {
    index: setCount === 0 ? 0 : index % setCount,
    isPaused,
    /** Spread on the element holding the pills. */
    pauseHandlers: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (event: { currentTarget: Element; relatedTarget: EventTarget | null }) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)))
          setFocused(false);
      },
    },
  };
}
