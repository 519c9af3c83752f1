import type { MiddlewareHandler } from 'hono';
import { AppError } from '../errors.js';
import { errorBody } from './errors.js';

/**
 * Admission control for the API's reads: at most `concurrency` GET (and HEAD) requests run at
 * once; the others wait their turn in arrival order.
 *
 * Why: the server is one event loop. With two hundred requests in flight, every await of every
 * request waits behind the work of all the others, so an answer that needs two statements (a
 * signed-in reader's bookmarks: the session, then the list) took twice as long as one that needs
 * one, and the slowest answers were the ones that had started. With a bounded number running,
 * a request that has started finishes quickly, and the wait is paid once, at the door, the same
 * for every answer. Requests are not refused while there is room in the queue; past it, or after
 * waiting `maxWaitMs`, a read is answered 503 with Retry-After (the server is overloaded: better a
 * quick answer to try again than a wait that grows without bound).
 *
 * Writes are not held: they are fewer, each is a reader's action, and a request body arrives at
 * the client's pace, so a slow sender must never hold a place. A streamed answer (the
 * notification stream, a file) holds its place only until its response begins.
 */
export type Admission = {
  middleware: MiddlewareHandler;
  /** Requests running and waiting now (for tests and the health details). */
  stats(): { running: number; waiting: number };
};

type Waiter = { resolve: () => void; timer: NodeJS.Timeout };

export function createAdmission(options: {
  concurrency: number;
  maxQueue: number;
  maxWaitMs: number;
  /** Paths never held (health checks must answer however busy the server is). */
  exempt?: (path: string) => boolean;
}): Admission {
  let running = 0;
  const queue: Waiter[] = [];

  const release = () => {
    const next = queue.shift();
    if (next) {
      clearTimeout(next.timer);
      next.resolve(); // the place passes to the next in line: `running` stays the same
    } else {
      running--;
    }
  };

  const acquire = (): Promise<boolean> => {
    if (running < options.concurrency) {
      running++;
      return Promise.resolve(true);
    }
    if (queue.length >= options.maxQueue) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const waiter: Waiter = {
        resolve: () => resolve(true),
        timer: setTimeout(() => {
          const index = queue.indexOf(waiter);
          if (index >= 0) queue.splice(index, 1);
          resolve(false);
        }, options.maxWaitMs),
      };
      waiter.timer.unref();
      queue.push(waiter);
    });
  };

  const middleware: MiddlewareHandler = async (c, next) => {
    if (
      options.concurrency <= 0 ||
      (c.req.method !== 'GET' && c.req.method !== 'HEAD') ||
      options.exempt?.(c.req.path)
    ) {
      await next();
      return;
    }
    if (!(await acquire())) {
      c.header('Retry-After', '2');
      return c.json(errorBody(new AppError('SERVICE_UNAVAILABLE', 'The server is busy; try again in a moment.')), 503);
    }
    try {
      await next();
    } finally {
      release();
    }
  };

  return { middleware, stats: () => ({ running, waiting: queue.length }) };
}
