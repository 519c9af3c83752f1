import type { ReactNode } from 'react';

/**
 * The frame around a wide table: a border, and sideways scrolling inside it rather than across the
 * page. It is positioned, so the table's screen-reader-only texts (absolutely placed) stay inside
 * it instead of widening the page on a phone. With a `label` it is also a region named after its
 * table that takes focus, so a table wider than the screen can be scrolled with the keyboard.
 */
export function TableFrame({
  children,
  className = '',
  label,
}: {
  children: ReactNode;
  className?: string;
  label?: string;
}) {
  const frameClass = `relative overflow-x-auto rounded-app border border-border ${className}`.trim();
  if (label === undefined) return <div className={frameClass}>{children}</div>;
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled with the keyboard
      tabIndex={0}
      className={`${frameClass} focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus`}
    >
      {children}
    </section>
  );
}
