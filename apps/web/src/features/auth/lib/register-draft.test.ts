import { STORAGE_KEYS, TIMINGS } from '@maktaba/shared/constants';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearRegisterDraft, loadRegisterDraft, saveRegisterDraft } from './register-draft';

describe('registration draft', () => {
  beforeEach(() => window.localStorage.clear());

  it('stores email and name, never a password', () => {
    saveRegisterDraft(
      { email: 'a@b.org', name: 'Ali', password: 'secret123', confirmPassword: 'secret123' } as never,
      1000,
    );
    const raw = window.localStorage.getItem(STORAGE_KEYS.registerDraft) ?? '';
    expect(raw).not.toContain('secret123');
    expect(JSON.parse(raw)).toEqual({ email: 'a@b.org', name: 'Ali', reachedAddressStep: false, savedAt: 1000 });
  });

  it('restores a draft younger than one hour', () => {
    saveRegisterDraft({ email: 'a@b.org', name: 'Ali', reachedAddressStep: true }, 1000);
    expect(loadRegisterDraft(1000 + TIMINGS.registerDraftMaxAge - 1)).toEqual({
      email: 'a@b.org',
      name: 'Ali',
      reachedAddressStep: true,
      savedAt: 1000,
    });
  });

  it('drops a draft of one hour or more', () => {
    saveRegisterDraft({ email: 'a@b.org' }, 1000);
    expect(loadRegisterDraft(1000 + TIMINGS.registerDraftMaxAge)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.registerDraft)).toBeNull();
  });

  it('drops unreadable drafts and can be cleared', () => {
    window.localStorage.setItem(STORAGE_KEYS.registerDraft, '{not json');
    expect(loadRegisterDraft()).toBeNull();
    saveRegisterDraft({ email: 'a@b.org' });
    clearRegisterDraft();
    expect(loadRegisterDraft()).toBeNull();
  });
});
