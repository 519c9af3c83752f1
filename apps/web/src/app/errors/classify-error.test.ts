import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { classifyError } from './classify-error';

describe('classifyError', () => {
  it('treats failed chunk loads and network failures as network errors', () => {
    expect(classifyError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe('network');
    expect(classifyError(new Error('Loading chunk 12 failed'))).toBe('network');
    expect(classifyError(new ApiError('NETWORK', 'offline', 0))).toBe('network');
  });
  it('maps 401 to auth and 403 to permission', () => {
    expect(classifyError(new ApiError('UNAUTHENTICATED', 'x', 401))).toBe('auth');
    expect(classifyError(new ApiError('FORBIDDEN', 'x', 403))).toBe('permission');
  });
  it('calls anything else a boundary error', () => {
    expect(classifyError(new Error('boom'))).toBe('boundary');
    expect(classifyError('weird')).toBe('boundary');
  });
});
