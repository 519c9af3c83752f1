import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { apiErrorKey } from './api-error-text';

describe('apiErrorKey', () => {
  it("names the server's code, else the fallback (unexpected unless another is given, or none)", () => {
    expect(apiErrorKey(new ApiError('FORBIDDEN', 'no', 403))).toBe('errors.codes.FORBIDDEN');
    expect(apiErrorKey(new ApiError('UNKNOWN', 'x', 500))).toBe('errors.codes.INTERNAL');
    expect(apiErrorKey(new TypeError('boom'))).toBe('errors.codes.INTERNAL');
    expect(apiErrorKey(new TypeError('boom'), { fallback: 'errors.codes.UNKNOWN' })).toBe('errors.codes.UNKNOWN');
    expect(apiErrorKey(new ApiError('UNKNOWN', 'x', 500), { fallback: null })).toBeNull();
  });

  it('says what a code means where the call was made, and puts a field message first when asked', () => {
    const conflict = new ApiError('CONFLICT', 'in use', 409);
    expect(apiErrorKey(conflict, { overrides: { CONFLICT: 'catalogueAdmin.delete.inUse' } })).toBe(
      'catalogueAdmin.delete.inUse',
    );
    const refused = new ApiError('VALIDATION_FAILED', 'bad', 400, {
      fieldErrors: { file: ['not a key', 'import.errors.tooLarge'] },
    });
    expect(apiErrorKey(refused, { fieldPrefix: 'import.' })).toBe('import.errors.tooLarge');
    expect(apiErrorKey(refused)).toBe('errors.codes.VALIDATION_FAILED');
  });
});
