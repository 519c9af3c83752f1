import type { TFunction } from 'i18next';

/**
 * A field's error for display: the shared schemas and the server speak catalogue keys
 * (`validation.*`, and the quotes' own `quotes.validation.*`); anything else (zod's own words)
 * falls back to a general message.
 */
export function quoteFieldError(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return message.startsWith('validation.') || message.startsWith('quotes.validation.')
    ? t(message)
    : t('validation.invalidInput');
}
