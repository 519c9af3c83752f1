import { STORAGE_KEYS } from '@maktaba/shared/constants';
import { useCallback, useState } from 'react';
import { safeGetItem, safeSetItem } from '../../../lib/storage';
import type { BookViewMode } from '../components/book-card';

const readMode = (): BookViewMode => (safeGetItem(STORAGE_KEYS.bookViewMode) === 'list' ? 'list' : 'grid');

/** Grid or list, remembered on this device for the next visit. */
export function useViewMode(): [BookViewMode, (mode: BookViewMode) => void] {
  const [mode, setMode] = useState(readMode);
  const change = useCallback((next: BookViewMode) => {
    setMode(next);
    safeSetItem(STORAGE_KEYS.bookViewMode, next);
  }, []);
  return [mode, change];
}
