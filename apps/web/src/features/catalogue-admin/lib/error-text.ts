/**
 * The catalogue manager names a failure without a server code 'An unknown error occurred'
 * (errors.codes.UNKNOWN), where the rest of the app says 'unexpected'.
 */
export const UNKNOWN_FALLBACK = { fallback: 'errors.codes.UNKNOWN' };
