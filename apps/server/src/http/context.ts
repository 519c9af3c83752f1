import type { Logger } from 'pino';
import type { Config } from '../config/env.js';
import type { DatabaseHandle } from '../db/client.js';

export type AppDeps = {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  version: string;
  startedAt: number;
  /** True once a graceful shutdown has begun. */
  isShuttingDown: () => boolean;
};

export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    deps: AppDeps;
  };
};
