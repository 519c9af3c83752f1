import type { ReactNode } from 'react';

/**
 * The frame around a wide table: a border, and sideways scrolling inside it rather than across the
 * page. It is positioned, so the table's screen-reader-only texts (absolutely placed) stay inside
 * it instead of widening the page on a phone.
 */
export function TableFrame({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div className={`relative overflow-x-auto rounded-app border border-border ${className}`.trim()}>{children}</div>
  );
}
