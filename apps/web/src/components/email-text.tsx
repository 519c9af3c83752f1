import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/**
 * An e-mail address that, where it does not fit, wraps after its "@" and its dots rather than in
 * the middle of a name (and, only when a part is still too long, anywhere). Always left to right,
 * also inside Arabic text; the break points are `<wbr>`, so a copied address has no extra characters.
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const pieces: ReactNode[] = [];
  let offset = 0;
  for (const part of email.split(/(?<=[@.])/)) {
    if (offset > 0) pieces.push(<wbr key={`wbr-${offset}`} />);
    pieces.push(part);
    offset += part.length;
  }
  return (
    <span dir="ltr" className={clsx('[overflow-wrap:anywhere]', className)}>
      {pieces}
    </span>
  );
}
