import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@maktaba/shared/errors';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import { AppError, validationError } from '../errors.js';
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
  return new AppError('INTERNAL', undefined, { cause: error });
}

/** The one error handler: codes → status + `{ error: { code, message } }`; never a stack trace. */
export function onError(error: Error, c: Context<AppEnv>) {
  const appError = toAppError(error);
  const log = c.get('log');
  if (appError.status >= 500) log?.error({ err: error }, 'request failed');
  else log?.debug({ code: appError.code, message: appError.message }, 'request refused');
  return c.json(errorBody(appError), appError.status);
}
