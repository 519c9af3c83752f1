import type { LoanListQuery } from '@maktaba/shared/schemas/loans';

/** Current requests and loans, or those that are over. */
export type LoanScope = LoanListQuery['scope'];

/** The reader's loans, per signed-in user: a sign-out never shows one reader's loans to the next. */
export const loanKeys = {
  all: ['loans'] as const,
  lists: (userId: string | null) => ['loans', userId, 'list'] as const,
  list: (userId: string | null, scope: LoanScope, offset: number) => ['loans', userId, 'list', scope, offset] as const,
  forBook: (userId: string | null, bookId: string) => ['loans', userId, 'for-book', bookId] as const,
  /** The reader's open places on waiting lists: under 'loans', so every refresh of the loans reads them again. */
  holds: (userId: string | null) => ['loans', userId, 'holds'] as const,
};
