import type { Logger } from 'pino';

/**
 * A reader's search writes (the recent-searches list, last activity), done after the answer: a
 * signed-in search waits on no statement of its own. Each reader's writes run in order, and the
 * reads of that reader's recent searches on this server wait for those still running, so a reader
 * always sees their last search in the suggestions (another server sees it a moment later).
 */
const queues = new WeakMap<object, Map<string, Promise<void>>>();

function queueOf(db: object): Map<string, Promise<void>> {
  let queue = queues.get(db);
  if (!queue) {
    queue = new Map();
    queues.set(db, queue);
  }
  return queue;
}

/** Runs `write` after the reader's earlier writes; a failure is logged, never the reader's problem. */
export function writeForReaderLater(db: object, userId: string, logger: Logger, write: () => Promise<unknown>): void {
  const queue = queueOf(db);
  const tail = (queue.get(userId) ?? Promise.resolve())
    .then(write)
    .then(
      () => undefined,
      (error: unknown) => logger.warn({ err: error }, 'could not record a search of a reader'),
    )
    .finally(() => {
      if (queue.get(userId) === tail) queue.delete(userId);
    });
  queue.set(userId, tail);
}

/** Resolves when the reader's writes started so far are done. */
export function readerWritesSettled(db: object, userId: string): Promise<void> {
  return queues.get(db)?.get(userId) ?? Promise.resolve();
}
