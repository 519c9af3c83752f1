import { LIMITS, TIMINGS } from '@maktaba/shared/constants';
import type { ErrorReport } from '@maktaba/shared/schemas/telemetry';
import type { Delivery } from './transport';

/** The same error again within this time is sent once (a render loop, a retried request). */
export const ERROR_DEDUPE_WINDOW = 10_000;

export type ErrorQueueDeps = {
  send: (errors: ErrorReport[]) => Promise<Delivery>;
  isOnline?: () => boolean;
  now?: () => number;
};

export type ErrorQueue = {
  add(report: ErrorReport): void;
  /** Sends what is queued now. Resolves once it was sent, retried, or given up. */
  flush(): Promise<void>;
  /** How many reports wait. */
  size(): number;
};

const fingerprint = (report: ErrorReport) =>
  `${report.type}\n${report.message}\n${(report.stack ?? '').split('\n', 3).join('\n')}`;

/**
 * The error queue of reader-area §9: at most 5 reports, sent 1 s after the first one arrives, at
 * once for 'auth' and 'chunk-load' (the app is likely unusable, and the page may be reloaded
 * soon), retried once after a network failure or a server error, then dropped.
 */
export function createErrorQueue({ send, isOnline = () => true, now = Date.now }: ErrorQueueDeps): ErrorQueue {
  let queue: ErrorReport[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const lastSeen = new Map<string, number>();

  function isRepeat(report: ErrorReport): boolean {
    const at = now();
    for (const [key, seen] of lastSeen) if (at - seen >= ERROR_DEDUPE_WINDOW) lastSeen.delete(key);
    const key = fingerprint(report);
    if (lastSeen.has(key)) return true;
    lastSeen.set(key, at);
    return false;
  }

  function schedule(delay: number) {
    if (timer !== undefined && delay > 0) return;
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), delay);
  }

  async function deliver(batch: ErrorReport[]): Promise<void> {
    if ((await send(batch)) !== 'retry') return;
    await new Promise((resolve) => setTimeout(resolve, TIMINGS.retryDelay));
    await send(batch);
  }

  async function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    // Offline, a request would fail for certain: the reports wait for the 'online' event's flush.
    if (queue.length === 0 || !isOnline()) return;
    const batch = queue;
    queue = [];
    await deliver(batch);
  }

  return {
    add(report) {
      if (isRepeat(report)) return;
      // When full, the newest report is dropped: the first errors are usually the cause, the later
      // ones its consequences, and the queue empties at the latest a second later.
      if (queue.length >= LIMITS.errorQueueMax) return;
      queue.push(report);
      schedule(report.type === 'javascript' ? TIMINGS.errorQueueFlush : 0);
    },
    flush,
    size: () => queue.length,
  };
}
