import { STORAGE_QUOTA } from '@maktaba/shared/constants';
import { describe, expect, it } from 'vitest';
import { checkStorageQuota, cleanupStorage, estimateUsage, type StorageLike, safeSetItem } from './storage';

/** An in-memory Storage with a byte quota, throwing the browser's QuotaExceededError. */
function fakeStorage(quotaBytes = Number.POSITIVE_INFINITY): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  const size = () => [...data].reduce((sum, [k, v]) => sum + (k.length + v.length) * 2, 0);
  return {
    data,
    get length() {
      return data.size;
    },
    key: (index) => [...data.keys()][index] ?? null,
    getItem: (key) => data.get(key) ?? null,
    removeItem: (key) => void data.delete(key),
    setItem(key, value) {
      const previous = data.get(key);
      data.set(key, value);
      if (size() > quotaBytes) {
        if (previous === undefined) data.delete(key);
        else data.set(key, previous);
        throw new DOMException('full', 'QuotaExceededError');
      }
    },
  };
}

describe('storage clean-up', () => {
  it('removes temp, debug, test and cache entries and nothing else', () => {
    const storage = fakeStorage();
    for (const key of ['maktaba.temp.x', 'debug_log', 'ab-test', 'query-cache', 'maktaba.theme.v1', 'contest'])
      storage.setItem(key, '1');
    const removed = cleanupStorage(storage);
    expect(removed.sort()).toEqual(['ab-test', 'debug_log', 'maktaba.temp.x', 'query-cache']);
    expect([...storage.data.keys()].sort()).toEqual(['contest', 'maktaba.theme.v1']);
  });

  it('trims learning sessions to the last 10, or 5 in an emergency', () => {
    const storage = fakeStorage();
    const sessions = Array.from({ length: 30 }, (_, i) => ({ i }));
    storage.setItem('learning_sessions', JSON.stringify(sessions));
    cleanupStorage(storage);
    expect(JSON.parse(storage.getItem('learning_sessions') ?? '[]')).toEqual(sessions.slice(-10));
    cleanupStorage(storage, true);
    expect(JSON.parse(storage.getItem('learning_sessions') ?? '[]')).toEqual(sessions.slice(-5));
  });

  it('frees space and retries a write that hit the quota', () => {
    const storage = fakeStorage(400);
    storage.setItem('cache.big', 'x'.repeat(150));
    expect(safeSetItem('maktaba.theme.v1', 'y'.repeat(60), storage)).toBe('cleaned');
    expect(storage.getItem('maktaba.theme.v1')).toBe('y'.repeat(60));
    expect(storage.getItem('cache.big')).toBeNull();
  });

  it('reports failure when nothing can be freed', () => {
    const storage = fakeStorage(100);
    expect(safeSetItem('maktaba.language.v1', 'z'.repeat(200), storage)).toBe('failed');
    expect(safeSetItem('k', 'v', null)).toBe('failed');
  });

  it('estimates usage against a 5 MB quota and warns above 80 %', () => {
    const storage = fakeStorage();
    storage.setItem('a', 'b');
    expect(estimateUsage(storage).bytes).toBe(4);
    expect(checkStorageQuota(storage)).toBeNull();
    const nearlyFull = Math.ceil((STORAGE_QUOTA.estimatedBytes * 0.85) / 2);
    storage.setItem('temp.blob', 'x'.repeat(nearlyFull));
    expect(checkStorageQuota(storage)).toBe(85);
    expect(storage.getItem('temp.blob')).toBeNull();
  });
});
