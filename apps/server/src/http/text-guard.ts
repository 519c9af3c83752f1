import type { MiddlewareHandler } from 'hono';
import { AppError } from '../errors.js';

/**
 * Text PostgreSQL cannot store or that is not text at all: the NUL character (`text` columns
 * refuse it) and UTF-16 surrogates without their pair (no UTF-8 encoding exists for them). Left
 * to the database they fail as a 500 deep inside a query; here every request meets one check
 * first and is refused with a 422 naming the field, so the same rule holds for every route —
 * those added later included — and for better-auth's endpoints, which our schemas never see.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the NUL character is this pattern's purpose.
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What a JSON text needs to contain for a parsed value to hold unsafe text: skips the parse otherwise. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the NUL character is this pattern's purpose.
const MAYBE_UNSAFE_JSON = /\\u(?:0000|d[89a-f][0-9a-f]{2})|\u0000|[\ud800-\udfff]/i;

export const INVALID_CHARACTERS = 'validation.invalidCharacters';

export function hasUnsafeText(value: string): boolean {
  return UNSAFE_TEXT.test(value);
}

/**
 * The path of the first string (or object key) in `value` holding unsafe text, or null. Walks
 * iteratively: a deeply nested body cannot exhaust the stack.
 */
export function findUnsafeText(value: unknown): string | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; path: string };
    if (typeof item.value === 'string') {
      if (hasUnsafeText(item.value)) return item.path || '_';
    } else if (Array.isArray(item.value)) {
      item.value.forEach((entry, index) => {
        stack.push({ value: entry, path: item.path ? `${item.path}.${index}` : String(index) });
      });
    } else if (item.value !== null && typeof item.value === 'object') {
      for (const [key, entry] of Object.entries(item.value)) {
        const path = item.path ? `${item.path}.${key}` : key;
        if (hasUnsafeText(key)) return path;
        stack.push({ value: entry, path });
      }
    }
  }
  return null;
}

function refuse(field: string): never {
  throw new AppError('VALIDATION_FAILED', undefined, { details: { fieldErrors: { [field]: [INVALID_CHARACTERS] } } });
}

/**
 * Refuses a request whose query parameters or JSON body hold unsafe text. It reads a copy of the
 * body (after the body-size limit), so the route — or better-auth — still reads the original.
 * A body that is not valid JSON is left to the route, which answers for it as before.
 */
export function refuseUnsafeText(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    for (const [key, value] of url.searchParams) {
      if (hasUnsafeText(key) || hasUnsafeText(value)) refuse(key);
    }
    // Path parameters too (a category key): each segment as the router will decode it.
    for (const segment of url.pathname.split('/')) {
      if (!segment.includes('%')) continue;
      let decoded: string;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        continue;
      }
      if (hasUnsafeText(decoded)) refuse('path');
    }
    const type = c.req.header('content-type') ?? '';
    if (c.req.raw.body && /\bjson\b/i.test(type)) {
      const text = await c.req.raw.clone().text();
      if (MAYBE_UNSAFE_JSON.test(text)) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          return next();
        }
        const field = findUnsafeText(parsed);
        if (field !== null) refuse(field);
      }
    }
    return next();
  };
}
