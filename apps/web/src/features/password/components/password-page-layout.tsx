import type { ReactNode } from 'react';

/** A page with one card, like the sign-in portal, inside the public pages' frame. */
export function PasswordPageLayout({ children }: { children: ReactNode }) {
  return (
    <main className="flex flex-1 items-start justify-center px-4 pt-6 pb-12 sm:items-center sm:pt-0">
      <div className="w-full max-w-md rounded-app border border-border bg-surface p-6 shadow-sm sm:p-8">{children}</div>
    </main>
  );
}
