import type { SearchSuggestion } from '@maktaba/shared/schemas/search';
import { AUTOCOMPLETE_TIMING, SEARCH_LIMITS } from '@maktaba/shared/search-limits';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AutocompleteClient } from './autocomplete-client';
import { addKeystroke, debounceForKeystrokes, isAbortError, wrapIndex } from './autocomplete-logic';
import { autocompleteClient } from './get-suggestions';

export type AutocompleteStatus = 'idle' | 'loading' | 'ready' | 'error';

type Answer = {
  status: AutocompleteStatus;
  suggestions: SearchSuggestion[];
  /** The query the suggestions answer (for emphasis), which may lag behind the text. */
  query: string;
};

const IDLE: Answer = { status: 'idle', suggestions: [], query: '' };

export type UseAutocompleteOptions = {
  limit?: number;
  client?: AutocompleteClient;
  now?: () => number;
};

/**
 * The state of one search box's suggestions (reader-area §2.4, §5, §7, §9): asks only for
 * non-empty trimmed text, after an adaptive debounce (or at once from the cache), shows the
 * spinner only after 300 ms, drops the answer of any query but the latest, and keeps the active
 * option for the arrow keys.
 */
export function useAutocomplete({
  limit = SEARCH_LIMITS.suggestBox,
  client = autocompleteClient,
  now = () => performance.now(),
}: UseAutocompleteOptions = {}) {
  const [text, setTextState] = useState('');
  const [answer, setAnswer] = useState<Answer>(IDLE);
  const [isSpinnerVisible, setSpinnerVisible] = useState(false);
  const [isOpen, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);

  const keystrokes = useRef<number[]>([]);
  const debounceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const spinnerTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const controller = useRef<AbortController | null>(null);
  /** Increases with every query asked or abandoned: only the latest one's answer is shown. */
  const generation = useRef(0);
  const nowRef = useRef(now);
  nowRef.current = now;

  /** Stops waiting for whatever was asked before. */
  const cancel = useCallback(() => {
    clearTimeout(debounceTimer.current);
    clearTimeout(spinnerTimer.current);
    controller.current?.abort();
    controller.current = null;
    generation.current += 1;
    setSpinnerVisible(false);
  }, []);

  useEffect(() => cancel, [cancel]);

  const show = useCallback((next: Answer) => {
    setAnswer(next);
    setActiveIndex(-1);
    setOpen(true);
  }, []);

  const ask = useCallback(
    (query: string) => {
      cancel();
      const cached = client.cached(query, limit);
      if (cached) return show({ status: 'ready', suggestions: cached.suggestions, query });
      const mine = generation.current;
      const request = new AbortController();
      controller.current = request;
      setAnswer((previous) => ({ ...previous, status: 'loading' }));
      spinnerTimer.current = setTimeout(() => {
        if (generation.current === mine) setSpinnerVisible(true);
      }, AUTOCOMPLETE_TIMING.spinnerAfter);
      client.suggest(query, limit, request.signal).then(
        (result) => {
          if (generation.current !== mine) return;
          clearTimeout(spinnerTimer.current);
          setSpinnerVisible(false);
          show({ status: 'ready', suggestions: result.suggestions, query });
        },
        (error: unknown) => {
          if (generation.current !== mine || isAbortError(error)) return;
          clearTimeout(spinnerTimer.current);
          setSpinnerVisible(false);
          show({ status: 'error', suggestions: [], query });
        },
      );
    },
    [cancel, client, limit, show],
  );

  const setText = useCallback(
    (value: string) => {
      setTextState(value);
      keystrokes.current = addKeystroke(keystrokes.current, nowRef.current());
      const query = value.trim();
      if (query === '') {
        cancel();
        setAnswer(IDLE);
        setOpen(false);
        setActiveIndex(-1);
        return;
      }
      if (client.cached(query, limit)) return ask(query);
      clearTimeout(debounceTimer.current);
      debounceTimer.current = setTimeout(() => ask(query), debounceForKeystrokes(keystrokes.current));
    },
    [ask, cancel, client, limit],
  );

  const count = answer.suggestions.length;
  /** The arrow keys: opens the list when it has options, then moves the active one with wrap-around. */
  const move = useCallback(
    (step: 1 | -1) => {
      if (count === 0) return;
      setOpen(true);
      setActiveIndex((current) => wrapIndex(isOpen ? current : -1, step, count));
    },
    [count, isOpen],
  );

  /** Closes the list; an answer still on its way would open it again, so it is no longer awaited. */
  const close = useCallback(() => {
    cancel();
    setOpen(false);
    setActiveIndex(-1);
  }, [cancel]);

  /** On focus: shows again what was answered for the text, or asks when that answer is missing. */
  const reopen = useCallback(() => {
    const query = text.trim();
    if (query === '') return;
    if (answer.status === 'ready' && answer.query === query) setOpen(true);
    else ask(query);
  }, [answer.status, answer.query, ask, text]);

  const retry = useCallback(() => {
    const query = text.trim();
    if (query) ask(query);
  }, [ask, text]);

  /** Clears the box and forgets kept answers (a submitted search changes the recent ones). */
  const reset = useCallback(() => {
    cancel();
    client.clear();
    keystrokes.current = [];
    setTextState('');
    setAnswer(IDLE);
    setOpen(false);
    setActiveIndex(-1);
  }, [cancel, client]);

  return {
    text,
    setText,
    status: answer.status,
    suggestions: answer.suggestions,
    answeredQuery: answer.query,
    isSpinnerVisible,
    isOpen,
    activeIndex,
    setActiveIndex,
    move,
    close,
    reopen,
    retry,
    reset,
  };
}
