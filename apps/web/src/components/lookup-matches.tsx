import type { ReactNode } from 'react';

type LookupMatchesProps<T> = {
  /** The lookup's state: pending, failed, or its matches (those already chosen left out by the caller). */
  state: { isPending: boolean; isError: boolean };
  matches: T[];
  keyOf: (match: T) => string;
  /** A match's label inside its button. */
  render: (match: T) => ReactNode;
  onPick: (match: T) => void;
  texts: { searching: string; failed: string; none: string; list: string };
  /** A test id for each match's button. */
  testId?: string;
};

/**
 * The matches of a lookup in a form (a book, an author, a guide, a host): said while searching,
 * when it failed or found nothing, else a list of buttons, each reachable with Tab and at least
 * 44 px tall. Announced politely as it changes.
 */
export function LookupMatches<T>({ state, matches, keyOf, render, onPick, texts, testId }: LookupMatchesProps<T>) {
  return (
    <div aria-live="polite" className="text-sm">
      {state.isPending ? (
        <p className="text-muted">{texts.searching}</p>
      ) : state.isError ? (
        <p className="text-danger">{texts.failed}</p>
      ) : matches.length === 0 ? (
        <p className="text-muted">{texts.none}</p>
      ) : (
        <ul className="flex flex-col gap-1 rounded-app border border-border p-1" aria-label={texts.list}>
          {matches.map((match) => (
            <li key={keyOf(match)}>
              <button
                type="button"
                className="flex min-h-11 w-full flex-wrap items-center gap-x-2 rounded-app px-3 text-start hover:bg-surface-2"
                onClick={() => onPick(match)}
                data-testid={testId}
              >
                {render(match)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
