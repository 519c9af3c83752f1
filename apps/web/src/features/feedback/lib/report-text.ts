/** A stored field as plain text: strings as they are, anything else as JSON. Never markup. */
export function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A web address shown as a link only when it is one (http or https); anything else stays text. */
export function isSafeLink(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
