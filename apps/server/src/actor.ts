import type { Role } from '@maktaba/shared/permissions';

/**
 * Who a service acts for: the signed-in caller, resolved from their session by the HTTP guards
 * (`http/guards.ts`). Services take it as a plain argument, so they can be called and tested
 * without a request.
 */
export type Actor = {
  id: string;
  email: string;
  role: Role;
  sessionId: string;
};
