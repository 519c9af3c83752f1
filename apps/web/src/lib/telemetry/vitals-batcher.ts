import { LIMITS, TIMINGS } from '@maktaba/shared/constants';
import type { WebVitalEvent } from '@maktaba/shared/schemas/telemetry';

/** Events kept while offline before the oldest are dropped. */
const MAX_WAITING = 5 * LIMITS.webVitalsBatchSize;

export type VitalsBatcherDeps = {
  /** Sends one batch, while the page lives. */
  send: (events: WebVitalEvent[]) => void;
  /** Sends one batch as the page goes away; false when the browser would not take it. */
  sendOnHide: (events: WebVitalEvent[]) => boolean;
  isOnline?: () => boolean;
};

export type VitalsBatcher = {
  add(event: WebVitalEvent): void;
  /** Sends everything queued, in batches of at most LIMITS.webVitalsBatchSize. */
  flush(reason: 'timer' | 'hide'): void;
  size(): number;
};

/**
 * The web-vitals batch of reader-area §9: 10 events or 5 s, whichever comes first; what is left
 * when the page is hidden or unloads goes with `sendOnHide` (navigator.sendBeacon), falling back
 * to `send` (a keepalive fetch) when the browser will not take a beacon.
 */
export function createVitalsBatcher({ send, sendOnHide, isOnline = () => true }: VitalsBatcherDeps): VitalsBatcher {
  let queue: WebVitalEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  function flush(reason: 'timer' | 'hide') {
    clearTimeout(timer);
    timer = undefined;
    // Offline the events wait (within a bound) for the next flush.
    if (!isOnline()) {
      queue = queue.slice(-MAX_WAITING);
      return;
    }
    while (queue.length > 0) {
      const batch = queue.splice(0, LIMITS.webVitalsBatchSize);
      if (reason === 'timer' || !sendOnHide(batch)) send(batch);
    }
  }

  return {
    add(event) {
      queue.push(event);
      if (queue.length >= LIMITS.webVitalsBatchSize) flush('timer');
      else timer ??= setTimeout(() => flush('timer'), TIMINGS.webVitalsBatchDelay);
    },
    flush,
    size: () => queue.length,
  };
}
