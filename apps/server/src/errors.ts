import { ERROR_STATUS, type ErrorCode } from '@maktaba/shared/errors';
import type { ZodError } from 'zod';

/*
 * The typed error every layer throws. It lives outside `http/` so that services, repositories and
 * command-line tools can throw it without importing the HTTP layer; `http/errors.ts` turns it
 * into a response.
 */

/** Default English messages; the client shows its own translation of the code. */
const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  BAD_REQUEST: 'The request was not valid.',
  VALIDATION_FAILED: 'Some of the information is not valid.',
  UNAUTHENTICATED: 'User not authenticated',
  FORBIDDEN: 'You do not have permission to do this.',
  NOT_FOUND: 'Not found.',
  CONFLICT: 'This conflicts with existing data.',
  PAYLOAD_TOO_LARGE: 'Request body is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported content type.',
  RATE_LIMITED: 'Too many attempts - please try again later',
  INTERNAL: 'An unexpected error occurred',
  SERVICE_UNAVAILABLE: 'Service unavailable.',
  INVALID_CREDENTIALS: 'Invalid email or password',
  SESSION_EXPIRED: 'Session expired. Please sign in again.',
  EMAIL_NOT_VERIFIED: 'Please verify your email address',
  ACCOUNT_DISABLED: 'This account is not active.',
  SECURITY_BLOCKED: 'Login blocked for security reasons',
  EMAIL_TAKEN: 'This email is already registered',
  INVALID_INPUT: 'Invalid input detected',
  INVALID_SUBMISSION: 'Invalid form submission detected',
  PROFILE_NOT_FOUND: 'Profile not found',
  INVALID_PROFILE: 'Invalid profile data',
  INVALID_RESET_TOKEN: 'The password reset link is invalid or has expired.',
  CURRENT_PASSWORD_INCORRECT: 'Current password is incorrect',
  INVALID_EMAIL_LINK: 'This e-mail link is invalid or has expired.',
  RECENT_SIGN_IN_REQUIRED: 'Please sign in again to continue.',
  ACCOUNT_NOT_LINKED: 'An account with this email already exists. Sign in with your email and password instead.',
  LAST_ADMIN: 'The last active administrator cannot be demoted, suspended or deleted.',
  SELF_CHANGE: 'You cannot change your own role or status, or delete your own account.',
  NO_COPY_AVAILABLE: 'No copy of this book is available to borrow right now.',
  ADDRESS_REQUIRED: 'Add your complete shipping address before borrowing a book.',
  BORROWING_LIMIT_REACHED: 'You have reached your borrowing limit.',
  ALREADY_REQUESTED: 'You already have a request or a loan for this book.',
  OVERDUE_LOANS: 'You have an overdue book. Please send it back before borrowing or renewing.',
  WAITING_LIST: 'Other readers are waiting for this book, so this loan cannot be renewed.',
  ALREADY_ON_WAITING_LIST: 'You are already on the waiting list for this book.',
  HOLD_LIMIT_REACHED: 'You are on as many waiting lists as the library allows.',
  COPY_AVAILABLE: 'A copy of this book is available: borrow it instead.',
  AWAITING_CONFIRMATION: 'The reader has not yet confirmed they still want this book.',
  RENEWAL_LIMIT_REACHED: 'This loan has been renewed as many times as the library allows.',
  RENEWAL_TOO_LATE: 'This loan is too far past its due date to renew. Please send the book back.',
  WRONG_STATE: 'This loan cannot do that in its current state.',
  BOOKS_OUT: 'This reader still has books out. Receive them or mark them lost before deleting the account.',
  BOOKS_WITH_READER: 'Some books are still with you or on their way. Your account can be deleted once they are back.',
  CONFIRMATION_MISMATCH: 'Type your e-mail address exactly to confirm.',
  QUOTE_TEXT_REQUIRED: 'A quote needs its English text or its Arabic original.',
  BARCODE_TAKEN: 'Another copy already has this barcode.',
  INVALID_TWO_FACTOR_CODE: 'That code is not right. Check your authenticator app and try again.',
  TWO_FACTOR_CHALLENGE_EXPIRED: 'This sign-in has expired. Please sign in again.',
  TWO_FACTOR_LOCKED: 'Too many wrong codes. Two-factor sign-in is locked for 15 minutes.',
  TWO_FACTOR_REQUIRED: 'Administrators must turn on two-factor sign-in first.',
  PASSKEY_FAILED: 'The passkey could not be used. Please try again.',
  COLLECTION_LIMIT_REACHED: 'You have as many collections as a reader may have.',
  COLLECTION_FULL: 'This collection holds as many books as a collection may hold.',
  BOOK_ALREADY_IN_COLLECTION: 'This book is already in the collection.',
  COLLECTION_NOT_PUBLIC: 'Only a public collection can be featured.',
  ORDER_MISMATCH: 'The collection changed meanwhile. Reload it and try again.',
  CIRCLE_CLOSED: 'This circle is closed to new members.',
  CIRCLE_REMOVED: 'You were removed from this circle, so you cannot join it again.',
  CIRCLE_MEMBERS_ONLY: 'Only members of this circle can see this.',
  CIRCLE_POST_RATE_LIMITED: 'You are posting too quickly. Wait a few minutes and try again.',
  CIRCLE_POST_ALREADY_REPORTED: 'You have already reported this post.',
  CIRCLE_POST_HIDDEN: 'A moderator hid this post, so it cannot be edited.',
  CIRCLE_MEETING_CANCELLED: 'This meeting was cancelled and can no longer be changed.',
  QUESTION_DAILY_LIMIT: 'You have asked as many questions today as a reader may ask in a day.',
  QUESTION_RESOLVED: 'This question is resolved. Reopen it to write again.',
  QUESTION_NO_CONSENT: 'The reader has not agreed to publish this question.',
  ACCOUNT_NOT_LOCKED: 'This account is not locked.',
  ARTICLE_TITLE_REQUIRED: 'An article needs a title in English or Arabic.',
  ARTICLE_BODY_REQUIRED: "To publish, write the article's text in a language that has a title.",
  REGISTRATION_CLOSED: 'Registration is closed at the moment.',
  VALIDATION_RUN_ACTIVE: 'A validation run is already under way. Wait for it to finish.',
  MERGE_SAME_BOOK: 'A book cannot be merged into itself.',
  MERGE_LOAN_CONFLICT: 'A reader has an active loan of both books. Finish one of the loans, then merge.',
  REMINDER_TOO_SOON: 'This account was reminded less than 24 hours ago.',
  CIRCLE_HOST: 'The host leads this circle and takes no seat in it.',
};

export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(code: ErrorCode, message?: string, options?: { details?: unknown; cause?: unknown }) {
    super(message ?? DEFAULT_MESSAGES[code], { cause: options?.cause });
    this.code = code;
    this.details = options?.details;
  }

  get status(): (typeof ERROR_STATUS)[ErrorCode] {
    return ERROR_STATUS[this.code];
  }
}

/**
 * A zod failure as `{ fieldErrors: { field: [messageKey, …] } }`: the messages are i18n keys
 * (`validation.*`), so the client shows them in the reader's language beside the right field.
 */
export function validationError(error: ZodError): AppError {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    fieldErrors[field] = [...(fieldErrors[field] ?? []), issue.message];
  }
  return new AppError('VALIDATION_FAILED', undefined, { details: { fieldErrors } });
}
