import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/context.js';

export const bookmarkRoutes = new OpenAPIHono<AppEnv>();
