import { clsx } from 'clsx';
import type { HTMLAttributes } from 'react';

/** A placeholder block while content loads; hidden from assistive technology (say 'Loading...' elsewhere). */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      aria-hidden
      className={clsx('animate-pulse rounded-app bg-surface-2', className)}
      data-skeleton=""
      {...props}
    />
  );
}
