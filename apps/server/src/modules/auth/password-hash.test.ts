import { hashPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
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
});
