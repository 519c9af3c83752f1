/**
 * Error codes shared by server and client. The server maps each to an HTTP status;
 * the client maps each to a translated message under `errors.codes.<code>`.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 422,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  /** Auth (accounts-and-auth §8). */
  INVALID_CREDENTIALS: 401,
  SESSION_EXPIRED: 401,
  EMAIL_NOT_VERIFIED: 403,
  ACCOUNT_DISABLED: 403,
  SECURITY_BLOCKED: 403,
  EMAIL_TAKEN: 409,
  /** Input that looks like an injection attempt: 'Invalid input detected'. */
  INVALID_INPUT: 400,
  /** The honeypot field was filled: 'Invalid form submission detected'. */
  INVALID_SUBMISSION: 400,
  PROFILE_NOT_FOUND: 404,
  INVALID_PROFILE: 422,
  /** A password-reset link that is unknown, already used or expired. */
  INVALID_RESET_TOKEN: 400,
  /** Changing the password while signed in: the current one did not match. */
  CURRENT_PASSWORD_INCORRECT: 400,
  /** An e-mail verification or change link that is unknown, already used or expired (details.reason). */
  INVALID_EMAIL_LINK: 400,
  /** A Google-only account changing its e-mail: the session must be recent (sign in again). */
  RECENT_SIGN_IN_REQUIRED: 403,
  /** A Google account whose e-mail belongs to an existing password account (never merged silently). */
  ACCOUNT_NOT_LINKED: 409,
  /** Admin user management: the change would leave no active admin. */
  LAST_ADMIN: 409,
  /** Admin user management: an admin may not change their own role or status, nor delete themselves. */
  SELF_CHANGE: 403,
  /** Lending (ADR 0014): no copy of the book is free to lend. */
  NO_COPY_AVAILABLE: 409,
  /** Lending: the reader's shipping address is not complete, so nothing can be sent. */
  ADDRESS_REQUIRED: 422,
  /** Lending: the reader already has as many open loans as their limit allows (details.limit). */
  BORROWING_LIMIT_REACHED: 409,
  /** Lending: the reader already has an active request or loan of this book. */
  ALREADY_REQUESTED: 409,
  /** Lending: the reader has an overdue loan, and the library makes that block requests and renewals. */
  OVERDUE_LOANS: 409,
  /** Lending: other readers are waiting for this book, so the loan cannot be renewed. */
  WAITING_LIST: 409,
  /** Lending: the reader already holds a place on this book's waiting list. */
  ALREADY_ON_WAITING_LIST: 409,
  /** Lending: the reader has as many open holds as the library allows (details.limit). */
  HOLD_LIMIT_REACHED: 409,
  /** Lending: a copy of the book is free: borrow it instead of joining the waiting list. */
  COPY_AVAILABLE: 409,
  /** Lending: a copy offered from the waiting list awaits the reader's confirmation. */
  AWAITING_CONFIRMATION: 409,
  /** Lending: the loan has had as many renewals as the library allows (details.renewals_max). */
  RENEWAL_LIMIT_REACHED: 409,
  /** Lending: the loan is overdue beyond the grace period in which it could still be renewed. */
  RENEWAL_TOO_LATE: 409,
  /** Lending: the loan (or copy) is not in a state that allows this action (details.status). */
  WRONG_STATE: 409,
  /**
   * Deleting an account whose reader still has books out (shipped, with them, or on the way back):
   * the desk receives them or marks them lost first, or the copies would be left with no loan.
   */
  BOOKS_OUT: 409,
  /** Deleting your own account while a book is on its way to you, with you or on its way back (details.books). */
  BOOKS_WITH_READER: 409,
  /** Deleting your own account: the typed confirmation is not the account's e-mail address. */
  CONFIRMATION_MISMATCH: 422,
  /** Quotes: a quote needs its English text or its Arabic original (or both). */
  QUOTE_TEXT_REQUIRED: 422,
  /** Copies: another copy already has this barcode. */
  BARCODE_TAKEN: 409,
  /** Two-factor sign-in: the code from the authenticator app (or the backup code) is not right. */
  INVALID_TWO_FACTOR_CODE: 401,
  /** Two-factor sign-in: the second step expired or had too many tries; sign in again. */
  TWO_FACTOR_CHALLENGE_EXPIRED: 401,
  /** Two-factor sign-in: too many wrong codes for this account; it is locked for a while. */
  TWO_FACTOR_LOCKED: 429,
  /** The library requires administrators to use two-factor sign-in, and this one has not set it up. */
  TWO_FACTOR_REQUIRED: 403,
  /** A passkey could not be registered or did not sign in (unknown, refused or expired ceremony). */
  PASSKEY_FAILED: 400,
  /** Collections: the reader already has as many collections as allowed (details.max). */
  COLLECTION_LIMIT_REACHED: 409,
  /** Collections: the collection already holds as many books as allowed (details.max). */
  COLLECTION_FULL: 409,
  /** Collections: the book is already in this collection. */
  BOOK_ALREADY_IN_COLLECTION: 409,
  /** Collections: only a public collection can be featured on the home page. */
  COLLECTION_NOT_PUBLIC: 409,
  /** Collections: a new order that is not exactly the collection's books (changed meanwhile). */
  ORDER_MISMATCH: 409,
  /** Study circles: the circle is closed to new members and to the waiting list. */
  CIRCLE_CLOSED: 409,
  /** Study circles: a moderator removed the reader from this circle, so they cannot rejoin. */
  CIRCLE_REMOVED: 403,
  /** Study circles: the host leads the circle and takes no seat in it. */
  CIRCLE_HOST: 409,
  /** Study circles: only members and moderators read and write the discussion and the calendar. */
  CIRCLE_MEMBERS_ONLY: 403,
  /** Study circles: the reader wrote too many posts in a short time (details.retry_after seconds). */
  CIRCLE_POST_RATE_LIMITED: 429,
  /** Study circles: the reader already reported this post. */
  CIRCLE_POST_ALREADY_REPORTED: 409,
  /** Study circles: a hidden post cannot be edited. */
  CIRCLE_POST_HIDDEN: 409,
  /** Study circles: a cancelled meeting cannot be changed. */
  CIRCLE_MEETING_CANCELLED: 409,
  /** Articles: an article needs a title in English or Arabic (or both). */
  ARTICLE_TITLE_REQUIRED: 422,
  /** Articles: a published article needs a body in a language that has a title. */
  ARTICLE_BODY_REQUIRED: 422,
  /** System settings: the library does not take new accounts at the moment (sign-up and Google). */
  REGISTRATION_CLOSED: 403,
  /** Ask a Librarian: the reader has asked as many questions today as allowed (details.limit). */
  QUESTION_DAILY_LIMIT: 429,
  /** Ask a Librarian: the question is resolved; reopen it to write again. */
  QUESTION_RESOLVED: 409,
  /** Ask a Librarian: the reader has not agreed that the question may be published in the FAQ. */
  QUESTION_NO_CONSENT: 409,
  /** Security monitoring: the account is not locked out, so there is nothing to unlock. */
  ACCOUNT_NOT_LOCKED: 409,
  /** Source validation: a run is under way (its heartbeat is fresh); wait for it to finish. */
  VALIDATION_RUN_ACTIVE: 409,
  /** Merging duplicates: a book cannot be merged into itself. */
  MERGE_SAME_BOOK: 422,
  /** Merging duplicates: a reader has an active loan of both books; one must end first. */
  MERGE_LOAN_CONFLICT: 409,
  /** Registration monitoring: this account was reminded less than 24 hours ago. */
  REMINDER_TOO_SOON: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export type ErrorBody = {
  error: {
    code: ErrorCode;
    message: string;
    details?: unknown;
  };
};

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string';
}
