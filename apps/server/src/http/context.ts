import type { Logger } from 'pino';
import type { Actor } from '../actor.js';
import type { AppDeps } from '../deps.js';
import type { Auth } from '../modules/auth/auth.js';

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
