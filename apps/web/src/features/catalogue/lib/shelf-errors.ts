import type { ShelfType } from '@maktaba/shared/schemas/catalogue';
import { ApiError } from '../../../lib/api-client';

/** A message key of the catalogues with its values, translated where it is shown. */
export type TranslatableMessage = { key: string; values: Record<string, string> };

/**
 * The shelf call answered with an error (reader-area §8). The name is the spec's, kept so error
 * reports read the same; `code` is the server's error code.
 */
export class SupabaseRPCError extends Error {
  override name = 'SupabaseRPCError';
  constructor(
    readonly type: ShelfType,
    readonly code: string,
    readonly reason: string,
    readonly status: number,
  ) {
    super(`Failed to fetch ${type} books: ${reason}`);
  }
}

/** Anything else that went wrong fetching a shelf: the catalog's wrapper (reader-area §8). */
export class CatalogServiceError extends Error {
  override name = 'CatalogServiceError';
  constructor(
    readonly type: ShelfType,
    override readonly cause: unknown,
  ) {
    super(
      `An unexpected error occurred fetching ${type} books: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
  }
}

export type ShelfError = SupabaseRPCError | CatalogServiceError;

/** An answer from the server becomes SupabaseRPCError; a lost connection or a broken answer is unexpected. */
export function toShelfError(type: ShelfType, error: unknown): ShelfError {
  if (error instanceof SupabaseRPCError || error instanceof CatalogServiceError) return error;
  if (error instanceof ApiError && error.status > 0)
    return new SupabaseRPCError(type, error.code, error.message, error.status);
  return new CatalogServiceError(type, error);
}

/** Codes whose text the catalogues have under `errors.codes`. */
const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : 'UNKNOWN');

/** The error in the reader's language: the type as a word and the reason as the text of its code. */
export function shelfErrorMessage(error: unknown): TranslatableMessage {
  if (error instanceof SupabaseRPCError) {
    return {
      key: 'catalogue.errors.rpc',
      values: { type: `catalogue.shelfTypes.${error.type}`, reason: `errors.codes.${error.code}` },
    };
  }
  if (error instanceof CatalogServiceError) {
    return {
      key: 'catalogue.errors.unexpected',
      values: { type: `catalogue.shelfTypes.${error.type}`, reason: `errors.codes.${codeOf(error.cause)}` },
    };
  }
  return { key: 'errors.codes.UNKNOWN', values: {} };
}
