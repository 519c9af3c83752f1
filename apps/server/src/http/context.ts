import type { Logger } from 'pino';
import type { Config } from '../config/env.js';
import type { DatabaseHandle } from '../db/client.js';
import type { Auth } from '../modules/auth/auth.js';
import type { Actor } from '../modules/auth/session.js';

export type AppDeps = {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  version: string;
  secrets: { authSecret: string };
  startedAt: number;
  /** True once a graceful shutdown has begun. */
  isShuttingDown: () => boolean;
};

export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    deps: AppDeps;
    auth: Auth;
    clientIp: string;
    /** Set by requireActor(); absent on public routes. */
    actor: Actor;
  };
};
