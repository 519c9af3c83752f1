import { TIMINGS } from '@maktaba/shared/constants';
import { useCallback, useLayoutEffect, useState } from 'react';
import { wrapIndex } from '../lib/quotes';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/**
 * The quote rotation (accounts-and-auth §4): a new quote every 12 s; moving by hand pauses the
 * rotation for 30 s; hovering or focusing the carousel holds it (WAI-ARIA carousel pattern); the
 * play/pause button stops it for good. With reduced motion it starts paused.
 */
export function useQuoteCarousel(count: number) {
  const [index, setIndex] = useState(0);
  const [isPlaying, setPlaying] = useState(() => !prefersReducedMotion());
  const [isHeld, setHeld] = useState(false);
  const [manualPause, setManualPause] = useState(0);

  const isAutoplaying = isPlaying && !isHeld && manualPause === 0;

  // The waits start when the change is drawn (layout effects), not a frame later as Preact runs
  // passive effects: the 12 s and the 30 s are counted from what the reader sees.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new index, by hand or not, restarts the 12 s wait.
  useLayoutEffect(() => {
    if (!isAutoplaying) return;
    const timer = setTimeout(() => setIndex((current) => wrapIndex(current + 1, count)), TIMINGS.quoteCarouselInterval);
    return () => clearTimeout(timer);
  }, [isAutoplaying, index, count]);

  useLayoutEffect(() => {
    if (manualPause === 0) return;
    const timer = setTimeout(() => setManualPause(0), TIMINGS.quoteCarouselManualPause);
    return () => clearTimeout(timer);
  }, [manualPause]);

  const goTo = useCallback(
    (target: number) => {
      setIndex(wrapIndex(target, count));
      // A new value every time, so each manual move restarts the 30 s pause.
      setManualPause((value) => value + 1);
    },
    [count],
  );

  return {
    index,
    isPlaying,
    isAutoplaying,
    goTo,
    next: () => goTo(index + 1),
    previous: () => goTo(index - 1),
    togglePlaying: () => setPlaying((value) => !value),
    setHeld,
  };
}
