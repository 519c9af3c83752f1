import { describe, expect, it } from 'vitest';

describe('test resolution of @maktaba/shared', () => {
  it('uses the TypeScript sources, not a possibly stale dist/', () => {
    expect(import.meta.resolve('@maktaba/shared/constants')).toMatch(/\/packages\/shared\/src\/constants\.ts$/);
    expect(import.meta.resolve('@maktaba/shared/schemas/health')).toMatch(
      /\/packages\/shared\/src\/schemas\/health\.ts$/,
    );
  });
});
