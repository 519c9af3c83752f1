/**
 * The eight quotes of the auth pages (accounts-and-auth §1). Their texts live in the catalogues
 * under `auth.quotes.items.<id>`: `text` in the reader's language, `arabic` the original,
 * `author`, `position` and `source`.
 */
export const QUOTE_IDS = [
  'knowledgeGuards',
  'noWealthLikeIntellect',
  'knowledgeInheritance',
  'perfectIntellect',
  'worthOfPerson',
  'enemiesOfIgnorance',
  'actingWithoutInsight',
  'benefitingScholar',
] as const;

export type QuoteId = (typeof QUOTE_IDS)[number];

export function wrapIndex(index: number, length: number): number {
  return ((index % length) + length) % length;
}
