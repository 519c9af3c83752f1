import { type ExternalToast, toast } from 'sonner';

type Show = (message: string, options?: Omit<ExternalToast, 'id'>) => void;

/**
 * Toasts that take each other's place (each choice in a settings section says "saved"): a new one
 * dismisses the one before and comes with an id of its own. Reusing one id instead merges the new
 * toast into the old one, and when the old one is already on its way out (its time is up), the
 * new message leaves the screen with it.
 */
export function replacingToasts(): { success: Show; error: Show } {
  let shown: string | number | undefined;
  const show =
    (kind: 'success' | 'error'): Show =>
    (message, options) => {
      if (shown !== undefined) toast.dismiss(shown);
      shown = toast[kind](message, options);
    };
  return { success: show('success'), error: show('error') };
}
