import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.isHttps).toBe(false);
    expect(config.trustProxyHops).toBe(0);
  });

  it('hashes passwords at the standard cost, whatever the environment says', () => {
    for (const env of [{}, { NODE_ENV: 'test' }, { PASSWORD_SCRYPT_N: '1024', SCRYPT_N: '1024' }]) {
      expect(loadConfig(env).passwordScryptN).toBe(16_384);
    }
  });

  it('names the variable when a value is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrowError(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrowError(/PORT="eighty"/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrowError(/DATABASE_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://example.org' })).toThrowError(/PUBLIC_URL/);
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrowError(/AUTH_SECRET=\(hidden\)/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://user:pw@x' })).not.toThrowError(/pw@x/);
  });

  it('reports every wrong variable at once', () => {
    try {
      loadConfig({ PORT: '-1', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).toMatch(/PORT/);
      expect(String(error)).toMatch(/LOG_LEVEL/);
    }
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('derives HTTPS from the public URL, never from a request', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://library.example.org/' });
    expect(config.publicUrl).toBe('https://library.example.org');
    expect(config.isHttps).toBe(true);
  });
});
