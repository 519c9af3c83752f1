import { describe, expect, it } from 'vitest';
import { resolveClientIp } from './client-ip.js';

describe('resolveClientIp', () => {
  it('uses the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(resolveClientIp('203.0.113.7', undefined, 0)).toBe('203.0.113.7');
    expect(resolveClientIp('203.0.113.7', '198.51.100.1, 10.0.0.9', 0)).toBe('203.0.113.7');
  });

  it('takes the address written by the last trusted proxy, ignoring what the client prepended', () => {
    // client forged "1.1.1.1"; our one proxy appended the real client 198.51.100.23
    expect(resolveClientIp('10.0.0.2', '1.1.1.1, 198.51.100.23', 1)).toBe('198.51.100.23');
    expect(resolveClientIp('10.0.0.2', '1.1.1.1, 198.51.100.23, 10.0.0.5', 2)).toBe('198.51.100.23');
  });

  it('never walks past the start of the chain', () => {
    expect(resolveClientIp('10.0.0.2', '198.51.100.23', 5)).toBe('198.51.100.23');
    expect(resolveClientIp('10.0.0.2', '', 3)).toBe('10.0.0.2');
  });

  it('unwraps IPv4-mapped IPv6 peers', () => {
    expect(resolveClientIp('::ffff:127.0.0.1', undefined, 0)).toBe('127.0.0.1');
    expect(resolveClientIp('::1', undefined, 0)).toBe('::1');
  });
});
