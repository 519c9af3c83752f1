import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A list with nothing in it: what it means, and what to do about it. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  action?: ReactNode;
}) {
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-app border border-dashed border-border bg-surface px-4 py-10 text-center"
      data-testid="guides-empty"
    >
      <Icon aria-hidden className="size-10 text-muted" />
      <h2 className="font-display text-lg font-bold">{title}</h2>
      <p className="max-w-md text-sm text-muted">{description}</p>
      {action ? <div className="mt-1 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </div>
  );
}
