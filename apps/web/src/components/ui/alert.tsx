import { clsx } from 'clsx';
import { AlertCircle, Info } from 'lucide-react';
import type { ReactNode } from 'react';

type AlertProps = {
  variant?: 'default' | 'destructive';
  title: ReactNode;
  children?: ReactNode;
  /** E.g. a retry button. */
  action?: ReactNode;
  className?: string;
};

/** A block message; the destructive one is announced as an alert when it appears. */
export function Alert({ variant = 'default', title, children, action, className }: AlertProps) {
  const isDestructive = variant === 'destructive';
  const Icon = isDestructive ? AlertCircle : Info;
  return (
    <div
      role={isDestructive ? 'alert' : 'status'}
      data-variant={variant}
      className={clsx(
        'flex items-start gap-3 rounded-app border p-4 text-sm',
        isDestructive ? 'border-danger/40 bg-danger-soft text-danger' : 'border-border bg-surface-2 text-fg',
        className,
      )}
    >
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="font-semibold">{title}</p>
        {children ? <div className="break-words">{children}</div> : null}
        {action ? <div className="mt-2">{action}</div> : null}
      </div>
    </div>
  );
}
