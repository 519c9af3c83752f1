/** The Maktaba mark: an open book. Decorative; the app name sits beside it where needed. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="var(--primary)" />
      <path
        d="M14 18c7-3 13-3 18 1v29c-5-4-11-4-18-1zM50 18c-7-3-13-3-18 1v29c5-4 11-4 18-1z"
        fill="var(--primary-fg)"
      />
    </svg>
  );
}
