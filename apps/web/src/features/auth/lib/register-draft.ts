import { STORAGE_KEYS, TIMINGS } from '@maktaba/shared/constants';
import { type StorageLike, safeGetItem, safeRemoveItem, safeSetItem } from '../../../lib/storage';

/**
 * Register step 1, saved so a reload does not lose it (accounts-and-auth §4). Passwords are never
 * written to storage: they stay in memory, and a reload on step 2 goes back to step 1 for them.
 */
export type RegisterDraft = {
  email: string;
  name: string;
  /** The user had finished step 1 and was on the address step. */
  reachedAddressStep: boolean;
  savedAt: number;
};

type DraftInput = { email?: string; name?: string; reachedAddressStep?: boolean };

function browserStorage(): StorageLike | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function saveRegisterDraft(input: DraftInput, now = Date.now(), storage = browserStorage()) {
  // Only these fields: whatever else the caller passes (a password) is left behind.
  const draft: RegisterDraft = {
    email: input.email ?? '',
    name: input.name ?? '',
    reachedAddressStep: input.reachedAddressStep ?? false,
    savedAt: now,
  };
  safeSetItem(STORAGE_KEYS.registerDraft, JSON.stringify(draft), storage);
}

export function loadRegisterDraft(now = Date.now(), storage = browserStorage()): RegisterDraft | null {
  const raw = safeGetItem(STORAGE_KEYS.registerDraft, storage);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<RegisterDraft>;
    const fresh = typeof value.savedAt === 'number' && now - value.savedAt < TIMINGS.registerDraftMaxAge;
    if (!fresh || typeof value.email !== 'string') {
      safeRemoveItem(STORAGE_KEYS.registerDraft, storage);
      return null;
    }
    return {
      email: value.email,
      name: typeof value.name === 'string' ? value.name : '',
      reachedAddressStep: value.reachedAddressStep === true,
      savedAt: value.savedAt as number,
    };
  } catch {
    safeRemoveItem(STORAGE_KEYS.registerDraft, storage);
    return null;
  }
}

export function clearRegisterDraft(storage = browserStorage()) {
  safeRemoveItem(STORAGE_KEYS.registerDraft, storage);
}
