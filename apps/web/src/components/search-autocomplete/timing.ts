import type { SEARCH_LIMITS, AUTOCOMPLETE_TIMING as SharedTiming } from '@maktaba/shared/schemas/search';

/**
 * The autocomplete figures (§9) of @maktaba/shared/schemas/search, for the search boxes every page
 * shows. That module also defines the search schemas: a value imported from it would bring their
 * validation library (zod, about 27 KB gzip) to the first page. `satisfies` holds each value here
 * to the shared one: the type check fails as soon as they differ.
 */
export const AUTOCOMPLETE_TIMING = {
  debounceFast: 50,
  debounceMedium: 150,
  debounceSlow: 300,
  fastTypingBelow: 100,
  mediumTypingBelow: 300,
  spinnerAfter: 300,
  dedupeWithin: 200,
  retryDelays: [1000, 2000, 4000],
  flipBelow: 300,
} as const satisfies typeof SharedTiming;

/** §9: the search box asks for 8 + 2 suggestions. */
export const SUGGEST_BOX_LIMIT = 10 satisfies (typeof SEARCH_LIMITS)['suggestBox'];
