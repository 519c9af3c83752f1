import type { z } from '@hono/zod-openapi';
import { ErrorBodySchema } from '@maktaba/shared/schemas/health';

/** Shorthands for route definitions (@hono/zod-openapi): a JSON response, an error response, a JSON body. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** An error answer: `{ error: { code, message, details? } }`. */
export const errorJson = (description: string) => json(ErrorBodySchema, description);

/** A required JSON request body validated by `schema`. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
