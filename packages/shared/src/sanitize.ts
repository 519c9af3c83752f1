import { LIMITS } from './constants.js';

/**
 * Input sanitisation of accounts-and-auth §5. The same functions run in the browser before a form
 * is submitted and on the server before anything is stored: the server never trusts the client.
 * Queries are parameterised everywhere, so these are a second line of defence and a data-quality
 * rule, not the protection against injection.
 */

const SCRIPT_BLOCK = /<\s*(script|style|iframe|object|embed)\b[^>]*>[\s\S]*?<\s*\/\s*\1\s*>/gi;
const TAG = /<\/?[a-z!?][^<>]*>/gi;
const SCRIPT_WORDS = /\b(?:java|vb)script\s*:|\bdata\s*:\s*text\/html|\bon[a-z]+\s*=|\bscript\b/gi;

/** Removes markup, script blocks and script words until nothing more changes. */
export function stripMarkup(value: string): string {
  let current = value;
  for (;;) {
    const next = current.replace(SCRIPT_BLOCK, '').replace(TAG, '').replace(SCRIPT_WORDS, '').replace(/[<>]/g, '');
    if (next === current) return next;
    current = next;
  }
}

function collapseSpaces(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** The first `maxLength` UTF-16 units, without cutting a surrogate pair in half. */
function truncate(value: string, maxLength: number): string {
  const cut = value.slice(0, maxLength);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * Applies a sanitiser until its output no longer changes. One pass can leave work for the next:
 * replacing `_` by a space turns `_script` into the word `script`, truncation can end on `script`,
 * and removing a tag can put a letter next to a combining mark it composes with. After the first
 * pass, a pass that changes anything only removes characters, so this ends; the result is a fixed
 * point (sanitising twice changes nothing).
 */
function untilStable(sanitize: (value: string) => string, value: string): string {
  let current = sanitize(value);
  for (;;) {
    const next = sanitize(current);
    if (next === current) return next;
    current = next;
  }
}

/** Lower-case; only letters, digits and `@ . _ + -` survive. */
export function sanitizeEmail(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9@._+-]/g, '');
}

/** Arabic-Indic (٠–٩) and Persian (۰–۹) digits as ASCII, so a number typed on an Arabic keyboard is kept. */
export function toAsciiDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => String((digit.codePointAt(0) ?? 0) & 0xf));
}

/** Only digits and `+` (Arabic-Indic and Persian digits become 0–9 first). */
export function sanitizePhone(value: string): string {
  return toAsciiDigits(value).replace(/[^0-9+]/g, '');
}

/**
 * Address line, city, state/province, country: markup removed, then only letters (any script),
 * combining marks, digits, space and `- . , # ' /`; at most 200 characters.
 */
export function sanitizeAddress(value: string): string {
  return untilStable((current) => {
    const allowed = stripMarkup(current.normalize('NFC')).replace(/[^\p{L}\p{M}\p{N} \-.,#'/]/gu, ' ');
    return collapseSpaces(truncate(collapseSpaces(allowed), LIMITS.sanitizeAddressMax));
  }, value);
}

/** Upper-case; letters, digits, hyphen and space; at most 20 characters. */
export function sanitizePostalCode(value: string): string {
  return untilStable((current) => {
    const allowed = current
      .normalize('NFC')
      .toUpperCase()
      .replace(/[^\p{L}\p{N} -]/gu, '');
    return collapseSpaces(truncate(collapseSpaces(allowed), LIMITS.sanitizePostalCodeMax));
  }, value);
}

/** Free text (names, biography): tags and script words removed, spaces collapsed, length capped. */
export function sanitizeText(value: string, maxLength: number = LIMITS.sanitizeTextMax): string {
  return untilStable(
    (current) => collapseSpaces(truncate(collapseSpaces(stripMarkup(current.normalize('NFC'))), maxLength)),
    value,
  );
}

/** Free text that keeps its line breaks (a biography). */
export function sanitizeMultilineText(value: string, maxLength: number = LIMITS.biographyMax): string {
  return untilStable((current) => {
    const lines = stripMarkup(current.normalize('NFC'))
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .map((line) => line.replace(/[^\S\n]+/g, ' ').trim());
    return truncate(
      lines
        .join('\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim(),
      maxLength,
    ).trim();
  }, value);
}

const SQL_INJECTION_PATTERNS: readonly RegExp[] = [
  /'\s*(?:or|and)\s+(?:'[^']*'|\d+)\s*(?:=|<|>|like\b)/i,
  /\bunion\b\s+(?:all\s+)?select\b/i,
  /;\s*(?:drop|delete|insert|update|alter|create|truncate|exec(?:ute)?|grant|shutdown)\b/i,
  /\b(?:drop|truncate)\s+table\b/i,
  /'\s*;?\s*--/,
  /\/\*[\s\S]*?\*\//,
  /\b(?:xp_cmdshell|pg_sleep|waitfor\s+delay|benchmark\s*\()/i,
  /\bsleep\s*\(\s*\d+\s*\)/i,
];

/**
 * True when the value looks like an SQL-injection attempt; such input is refused with
 * 'Invalid input detected'. The patterns need SQL syntax around the keywords, so ordinary text
 * ("O'Brien Street", "Union Station", "Select Books Ltd.") passes.
 */
export function looksLikeSqlInjection(value: string): boolean {
  return SQL_INJECTION_PATTERNS.some((pattern) => pattern.test(value));
}
