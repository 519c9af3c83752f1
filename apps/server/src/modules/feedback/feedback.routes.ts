import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/context.js';

export const feedbackRoutes = new OpenAPIHono<AppEnv>();
