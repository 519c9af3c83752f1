import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { ensureRecordId } from './record-id';

describe('ensureRecordId', () => {
  it('lets a UUID through', () => {
    expect(() => ensureRecordId('3f0c2a9e-8d4b-4c1e-9a7f-2b6d5e8c1a90')).not.toThrow();
  });

  it.each(['abc', '', '3f0c2a9e-8d4b-4c1e-9a7f', '3f0c2a9e-8d4b-4c1e-9a7f-2b6d5e8c1a90x', "1' or '1'='1"])(
    'answers %j as not found',
    (id) => {
      let thrown: unknown;
      try {
        ensureRecordId(id);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ApiError);
      expect(thrown).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    },
  );
});
