import { STORAGE_QUOTA } from '@maktaba/shared/constants';

/**
 * Local storage that survives a full quota (accounts-and-auth §8, "Storage full"): on a quota
 * error it removes temporary, debug, test and cache entries, trims learning sessions, and retries.
 */

const DISPOSABLE = /(^|[._:-])(temp|tmp|debug|test|cache)([._:-]|$)/i;
const LEARNING_SESSIONS = /learning[-_]?sessions?/i;

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

function browserStorage(): StorageLike | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be disabled (private mode, blocked cookies): the app keeps working without it.
    return null;
  }
}

function keysOf(storage: StorageLike): string[] {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key !== null) keys.push(key);
  }
  return keys;
}

/** Estimated bytes used: JavaScript strings are UTF-16, two bytes a code unit. */
export function estimateUsage(storage: StorageLike): { bytes: number; ratio: number } {
  const bytes = keysOf(storage).reduce((sum, key) => sum + (key.length + (storage.getItem(key)?.length ?? 0)) * 2, 0);
  return { bytes, ratio: bytes / STORAGE_QUOTA.estimatedBytes };
}

function trimLearningSessions(storage: StorageLike, keep: number) {
  for (const key of keysOf(storage).filter((k) => LEARNING_SESSIONS.test(k))) {
    try {
      const value = JSON.parse(storage.getItem(key) ?? 'null') as unknown;
      if (Array.isArray(value) && value.length > keep) storage.setItem(key, JSON.stringify(value.slice(-keep)));
    } catch {
      storage.removeItem(key);
    }
  }
}

/** Removes disposable entries; `emergency` also trims learning sessions harder. Returns the keys removed. */
export function cleanupStorage(storage: StorageLike, emergency = false): string[] {
  const removed = keysOf(storage).filter((key) => DISPOSABLE.test(key));
  for (const key of removed) storage.removeItem(key);
  trimLearningSessions(
    storage,
    emergency ? STORAGE_QUOTA.learningSessionsKeepEmergency : STORAGE_QUOTA.learningSessionsKeep,
  );
  return removed;
}

function isQuotaError(error: unknown): boolean {
  return (
    error instanceof DOMException &&
    (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED' || error.code === 22)
  );
}

export type WriteResult = 'ok' | 'cleaned' | 'failed';

export function safeSetItem(key: string, value: string, storage: StorageLike | null = browserStorage()): WriteResult {
  if (!storage) return 'failed';
  try {
    storage.setItem(key, value);
    return 'ok';
  } catch (error) {
    if (!isQuotaError(error)) return 'failed';
  }
  for (const emergency of [false, true]) {
    cleanupStorage(storage, emergency);
    try {
      storage.setItem(key, value);
      return 'cleaned';
    } catch (error) {
      if (!isQuotaError(error)) return 'failed';
    }
  }
  return 'failed';
}

export function safeGetItem(key: string, storage: StorageLike | null = browserStorage()): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function safeRemoveItem(key: string, storage: StorageLike | null = browserStorage()) {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to do: storage is unavailable.
  }
}

/**
 * Checks usage against the estimated quota; above the warning ratio it cleans up and returns the
 * percentage that was used, so the caller can tell the user. Returns null when all is well.
 */
export function checkStorageQuota(storage: StorageLike | null = browserStorage()): number | null {
  if (!storage) return null;
  const { ratio } = estimateUsage(storage);
  if (ratio <= STORAGE_QUOTA.warnRatio) return null;
  cleanupStorage(storage);
  return Math.round(ratio * 100);
}
