import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@maktaba/shared/errors';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import { isConnectionFailure } from '../db/connection-failure.js';
import { AppError, validationError } from '../errors.js';
import { NO_STORE } from './cache.js';
import type { AppEnv } from './context.js';

const STATUS_CODES = new Map<number, ErrorCode>(
  Object.entries(ERROR_STATUS).map(([code, status]) => [status, code as ErrorCode]),
);

export function errorBody(error: AppError): ErrorBody {
  const body: ErrorBody = { error: { code: error.code, message: error.message } };
  if (error.details !== undefined) body.error.details = error.details;
  return body;
}

export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return validationError(error);
  if (error instanceof HTTPException) {
    const code = STATUS_CODES.get(error.status) ?? (error.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
    return new AppError(code, error.status >= 500 ? undefined : error.message || undefined);
  }
  if (isConnectionFailure(error)) return new AppError('SERVICE_UNAVAILABLE', undefined, { cause: error });
  return new AppError('INTERNAL', undefined, { cause: error });
}

/** How long a client is asked to wait when the server cannot reach its database. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The one error handler: codes → status + `{ error: { code, message } }`; never a stack trace. */
export function onError(error: Error, c: Context<AppEnv>) {
  const appError = toAppError(error);
  const log = c.get('log');
  if (appError.code === 'SERVICE_UNAVAILABLE') {
    // The database is down or restarting: the same request may work in a moment, and no cache
    // may keep this answer in place of the real one.
    log?.warn({ err: error }, 'request failed: database unavailable');
    c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    c.header('Cache-Control', NO_STORE);
  } else if (appError.status >= 500) log?.error({ err: error }, 'request failed');
  else log?.debug({ code: appError.code, message: appError.message }, 'request refused');
  return c.json(errorBody(appError), appError.status);
}
