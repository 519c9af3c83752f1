import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { CatalogServiceError, SupabaseRPCError, shelfErrorMessage, toShelfError } from './shelf-errors';

describe('shelf errors', () => {
  it('an error answer from the server is a SupabaseRPCError with its code and the spec message', () => {
    const error = toShelfError('popular', new ApiError('INTERNAL', 'Internal Server Error', 500));
    expect(error).toBeInstanceOf(SupabaseRPCError);
    expect(error.name).toBe('SupabaseRPCError');
    expect(error.message).toBe('Failed to fetch popular books: Internal Server Error');
    expect((error as SupabaseRPCError).code).toBe('INTERNAL');
  });

  it('a lost connection or anything else is wrapped as a CatalogServiceError', () => {
    const network = toShelfError('recent', new ApiError('NETWORK', 'Failed to fetch', 0));
    expect(network).toBeInstanceOf(CatalogServiceError);
    expect(network.name).toBe('CatalogServiceError');
    expect(network.message).toBe('An unexpected error occurred fetching recent books: Failed to fetch');
    const broken = toShelfError('recent', new SyntaxError('Unexpected token <'));
    expect(broken.message).toBe('An unexpected error occurred fetching recent books: Unexpected token <');
  });

  it('keeps an error that is already a shelf error', () => {
    const error = new SupabaseRPCError('recent', 'INTERNAL', 'x', 500);
    expect(toShelfError('popular', error)).toBe(error);
  });

  it('translates through keys: the type word and the reason from the code', () => {
    expect(shelfErrorMessage(new SupabaseRPCError('popular', 'UNAUTHENTICATED', 'no', 401))).toEqual({
      key: 'catalogue.errors.rpc',
      values: { type: 'catalogue.shelfTypes.popular', reason: 'errors.codes.UNAUTHENTICATED' },
    });
    expect(shelfErrorMessage(new CatalogServiceError('recent', new ApiError('NETWORK', 'x', 0)))).toEqual({
      key: 'catalogue.errors.unexpected',
      values: { type: 'catalogue.shelfTypes.recent', reason: 'errors.codes.NETWORK' },
    });
    expect(shelfErrorMessage(new Error('other')).key).toBe('errors.codes.UNKNOWN');
  });
});
