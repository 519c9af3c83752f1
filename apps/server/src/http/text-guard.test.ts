import { describe, expect, it } from 'vitest';
import { findUnsafeText, hasUnsafeText } from './text-guard.js';

describe('unsafe text', () => {
  it('finds NUL and unpaired surrogates, and lets pairs and ordinary text through', () => {
    expect(hasUnsafeText('a\u0000b')).toBe(true);
    expect(hasUnsafeText('\ud800')).toBe(true);
    expect(hasUnsafeText('x\ud800y')).toBe(true);
    expect(hasUnsafeText('\udc00x')).toBe(true);
    expect(hasUnsafeText('\udc00\ud800')).toBe(true);
    expect(hasUnsafeText('📚 كتاب book')).toBe(false);
    expect(hasUnsafeText('\u0001 tab\t')).toBe(false);
  });

  it('names the path of the first unsafe string or key', () => {
    expect(findUnsafeText({ a: 'ok', b: { c: ['fine', 'x\u0000'] } })).toBe('b.c.1');
    expect(findUnsafeText({ 'k\ud800': 1 })).toBe('k\ud800');
    expect(findUnsafeText('\u0000')).toBe('_');
    expect(findUnsafeText({ a: 1, b: null, c: [true, 'ok'] })).toBeNull();
  });

  it('walks a very deep value without exhausting the stack', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findUnsafeText(deep)?.split('.').length).toBe(100_000);
  });
});
