/** `%` and `_` typed by a user are literal characters, not wildcards (for LIKE / ILIKE patterns). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
