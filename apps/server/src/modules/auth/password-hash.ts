import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { hashPassword, verifyPassword } from 'better-auth/crypto';

/**
 * The scrypt cost every stored password has in production: better-auth's own (N 16384, r 16,
 * p 1, 64-byte key), stored as `salt:key`. A hash costs 60 to 250 ms of CPU, by design.
 */
export const STANDARD_SCRYPT_N = 16_384;

/** Ours, for a cheaper cost only: `scrypt-n<N>$salt:key`, so that the cost travels with the hash. */
const COSTED = /^scrypt-n(\d+)\$([0-9a-f]+):([0-9a-f]+)$/;

/** The smallest cost accepted at all; tests use it (loadConfig never sets anything but the standard). */
export const LEAST_SCRYPT_N = 1_024;

function derive(password: string, salt: string, n: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, 64, { N: n, r: 16, p: 1, maxmem: 128 * n * 16 * 2 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * Hashes new passwords at cost `n` and verifies both forms. Production runs at the standard cost,
 * whose hashes are better-auth's own. The test servers run at the least cost: hashing was a
 * quarter of the server tests' time. A stored hash names any other cost, so an account made by
 * one server verifies on every other, whatever cost each hashes new passwords at.
 */
export function passwordHasher(n: number) {
  if (n !== STANDARD_SCRYPT_N && (n < LEAST_SCRYPT_N || !Number.isInteger(Math.log2(n)))) {
    throw new RangeError(`scrypt cost ${n}: a power of two from ${LEAST_SCRYPT_N}`);
  }
  return {
    async hash(password: string): Promise<string> {
      if (n === STANDARD_SCRYPT_N) return hashPassword(password);
      const salt = randomBytes(16).toString('hex');
      return `scrypt-n${n}$${salt}:${(await derive(password, salt, n)).toString('hex')}`;
    },
    async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
      const costed = COSTED.exec(hash);
      if (!costed) return verifyPassword({ hash, password });
      const [, cost, salt, key] = costed as unknown as [string, string, string, string];
      const stored = Buffer.from(key, 'hex');
      const derived = await derive(password, salt, Number(cost));
      return stored.length === derived.length && timingSafeEqual(stored, derived);
    },
  };
}
