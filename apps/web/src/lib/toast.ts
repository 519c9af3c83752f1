import type { ExternalToast } from 'sonner';
import { create } from 'zustand';
import { importWhenOnline } from './network';

type Kind = 'success' | 'error' | 'warning' | 'info';
type Show = (message: string, options?: ExternalToast) => void;
type Sonner = typeof import('sonner');

/** Whether the shell mounts sonner's Toaster (app/shell/root-layout.tsx). */
export const useToasterStore = create<{ wanted: boolean }>(() => ({ wanted: false }));

let library: Promise<Sonner> | null = null;
let loaded: Sonner | null = null;

/** Sonner, fetched once: by the first toast of the shell, or when the shell mounts its Toaster. */
export function loadToasts(): Promise<Sonner> {
  useToasterStore.setState({ wanted: true });
  library ??= importWhenOnline(() => import('sonner')).then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      // Fetched again by the next toast, rather than every later toast failing with this one.
      library = null;
      throw error;
    },
  );
  return library;
}

function show(kind: Kind): Show {
  return (message, options) => {
    if (loaded) loaded.toast[kind](message, options);
    // In the order asked: each waits for the same fetch.
    else void loadToasts().then(({ toast }) => toast[kind](message, options));
  };
}

/**
 * Sonner's `toast` for the code every page loads (the shell, the session, the home page): the same
 * calls, with the library fetched by the first of them rather than with the first page. The pages
 * loaded later import sonner themselves.
 */
export const toast: Record<Kind, Show> = {
  success: show('success'),
  error: show('error'),
  warning: show('warning'),
  info: show('info'),
};
