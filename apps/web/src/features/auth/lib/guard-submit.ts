import type { TFunction } from 'i18next';
import { toast } from 'sonner';
import { reportError } from '../../../lib/telemetry/error-reporter';
import { mapAuthError } from './map-auth-error';

/**
 * The generic fallback of the auth forms' submissions (accounts-and-auth §8, 'An error occurred'):
 * the flows answer every failure they know with their own toast, so anything thrown past them is
 * unexpected. It is reported, and the reader learns that something went wrong instead of a form
 * that silently does nothing.
 */
export function guardSubmit<A extends unknown[]>(t: TFunction, run: (...args: A) => Promise<void> | void) {
  return async (...args: A): Promise<void> => {
    try {
      await run(...args);
    } catch (error) {
      reportError(error, { type: 'auth', metadata: { stage: 'form-submit' } });
      const message = mapAuthError(error);
      toast.error(t('auth.toasts.errorOccurred'), { description: t(message.key, message.values ?? {}) });
    }
  };
}
