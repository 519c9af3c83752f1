import { clsx } from 'clsx';
import { CircleCheck, CircleX } from 'lucide-react';
import type { ReactNode, Ref } from 'react';

/**
 * The heading of a page that reports how something ended (a password set, an e-mail link opened):
 * a round check or cross above the page's h1, which can take the focus so the news is read out.
 */
export function OutcomeHeading({
  success,
  headingRef,
  children,
}: {
  success: boolean;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  const Icon = success ? CircleCheck : CircleX;
  return (
    <>
      <span
        className={clsx(
          'mb-4 inline-flex size-14 items-center justify-center rounded-full',
          success ? 'bg-primary-soft text-primary' : 'bg-danger-soft text-danger',
        )}
      >
        <Icon aria-hidden className="size-7" />
      </span>
      <h1 ref={headingRef} tabIndex={-1} className="font-display text-2xl font-bold outline-none sm:text-3xl">
        {children}
      </h1>
    </>
  );
}
