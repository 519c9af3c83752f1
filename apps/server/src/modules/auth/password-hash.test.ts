import nodeCrypto from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import { hashPassword } from 'better-auth/crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEAST_SCRYPT_N, passwordHasher, STANDARD_SCRYPT_N } from './password-hash.js';

describe('password hashes', () => {
  it('at the standard cost are better-auth’s own, and verify the right password only', async () => {
    const hasher = passwordHasher(STANDARD_SCRYPT_N);
    const hash = await hasher.hash('Minbar-Ledger-2026');
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await hasher.verify({ hash, password: 'Minbar-Ledger-2026' })).toBe(true);
    expect(await hasher.verify({ hash, password: 'Minbar-Ledger-2027' })).toBe(false);
  });

  it('at a lower cost name it, and verify the right password only', async () => {
    const hasher = passwordHasher(LEAST_SCRYPT_N);
    const hash = await hasher.hash('كلمة-سر-طويلة');
    expect(hash).toMatch(/^scrypt-n1024\$[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await hasher.verify({ hash, password: 'كلمة-سر-طويلة' })).toBe(true);
    expect(await hasher.verify({ hash, password: 'كلمة-سر-طويله' })).toBe(false);
  });

  it('verify whatever the cost they were made at', async () => {
    const standard = await hashPassword('Minbar-Ledger-2026');
    const cheap = await passwordHasher(LEAST_SCRYPT_N).hash('Minbar-Ledger-2026');
    for (const hasher of [passwordHasher(STANDARD_SCRYPT_N), passwordHasher(LEAST_SCRYPT_N)]) {
      expect(await hasher.verify({ hash: standard, password: 'Minbar-Ledger-2026' })).toBe(true);
      expect(await hasher.verify({ hash: cheap, password: 'Minbar-Ledger-2026' })).toBe(true);
    }
  });

  it('refuse a cost below the least or not a power of two', () => {
    expect(() => passwordHasher(512)).toThrow(RangeError);
    expect(() => passwordHasher(3000)).toThrow(RangeError);
  });

  it('refuse a tampered key of the wrong length', async () => {
    const hash = await passwordHasher(LEAST_SCRYPT_N).hash('Minbar-Ledger-2026');
    expect(
      await passwordHasher(LEAST_SCRYPT_N).verify({ hash: hash.slice(0, -2), password: 'Minbar-Ledger-2026' }),
    ).toBe(false);
  });

  describe('just made', () => {
    /** Counts the scrypt runs of `run` (node:crypto's, which both forms of hash use). */
    async function scryptRuns(run: () => Promise<unknown>): Promise<number> {
      const spy = vi.spyOn(nodeCrypto, 'scrypt');
      syncBuiltinESMExports();
      try {
        await run();
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
        syncBuiltinESMExports();
      }
    }

    afterEach(() => {
      vi.useRealTimers();
    });

    for (const n of [STANDARD_SCRYPT_N, LEAST_SCRYPT_N]) {
      it(`at cost ${n}, the first check of the password a hash was just made from costs no scrypt; every later one does`, async () => {
        const hasher = passwordHasher(n);
        let hash = '';
        expect(await scryptRuns(async () => (hash = await hasher.hash('Minbar-Ledger-2026')))).toBe(1);
        const answers: boolean[] = [];
        expect(
          await scryptRuns(async () => answers.push(await hasher.verify({ hash, password: 'Minbar-Ledger-2026' }))),
        ).toBe(0);
        expect(
          await scryptRuns(async () => answers.push(await hasher.verify({ hash, password: 'Minbar-Ledger-2026' }))),
        ).toBe(1);
        expect(answers).toEqual([true, true]);
      });
    }

    it('a wrong password right after the hash is checked by scrypt and refused, and uses up the shortcut', async () => {
      const hasher = passwordHasher(LEAST_SCRYPT_N);
      const hash = await hasher.hash('Minbar-Ledger-2026');
      let answer = true;
      expect(
        await scryptRuns(async () => (answer = await hasher.verify({ hash, password: 'Minbar-Ledger-2027' }))),
      ).toBe(1);
      expect(answer).toBe(false);
      expect(await scryptRuns(() => hasher.verify({ hash, password: 'Minbar-Ledger-2026' }))).toBe(1);
    });

    it('is forgotten after ten seconds, and by another hasher', async () => {
      const hasher = passwordHasher(LEAST_SCRYPT_N);
      const hash = await hasher.hash('Minbar-Ledger-2026');
      expect(
        await scryptRuns(() => passwordHasher(LEAST_SCRYPT_N).verify({ hash, password: 'Minbar-Ledger-2026' })),
      ).toBe(1);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 10_001);
      let answer = false;
      expect(
        await scryptRuns(async () => (answer = await hasher.verify({ hash, password: 'Minbar-Ledger-2026' }))),
      ).toBe(1);
      expect(answer).toBe(true);
    });

    it('keeps the 64 latest hashes only', async () => {
      const hasher = passwordHasher(LEAST_SCRYPT_N);
      const hashes: string[] = [];
      for (let i = 0; i < 65; i++) hashes.push(await hasher.hash(`Minbar-Ledger-${i}`));
      expect(await scryptRuns(() => hasher.verify({ hash: hashes[0] ?? '', password: 'Minbar-Ledger-0' }))).toBe(1);
      expect(await scryptRuns(() => hasher.verify({ hash: hashes[1] ?? '', password: 'Minbar-Ledger-1' }))).toBe(0);
    });
  });
});
