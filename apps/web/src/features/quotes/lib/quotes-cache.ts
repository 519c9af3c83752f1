import type { Quote } from '@maktaba/shared/schemas/quotes';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * Changes one quote wherever a cached answer holds it: a page of a list (`items`), the quote of
 * the day (`quote`) or the quote itself. Any other answer (the facets) is returned untouched.
 */
export function patchQuote<T>(data: T, id: string, patch: Partial<Quote>): T {
  if (!isObject(data)) return data;
  if (Array.isArray(data.items)) {
    const items = data.items as Quote[];
    if (!items.some((item) => item.id === id)) return data;
    return { ...data, items: items.map((item) => (item.id === id ? { ...item, ...patch } : item)) };
  }
  if (isObject(data.quote) && data.quote.id === id) return { ...data, quote: { ...data.quote, ...patch } };
  if (data.id === id) return { ...data, ...patch };
  return data;
}
