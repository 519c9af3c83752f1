import type { SearchSuggestion } from '@maktaba/shared/schemas/search';
import { detectQueryScript } from '@maktaba/shared/search-text';
import { clsx } from 'clsx';
import { Search } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatNumber } from '../../lib/format';
import { usePageLanguage } from '../../lib/hooks/use-page-language';
import { searchHref } from './autocomplete-logic';
import { groupSuggestions, SuggestionPanel } from './suggestion-panel';
import { highlightTerms } from './suggestion-text';
import { useAutocomplete } from './use-autocomplete';
import { useDropdownPlacement } from './use-dropdown-placement';

type SearchAutocompleteProps = {
  label: string;
  placeholder: string;
  /** `hero`: the home page's large box with a submit button; `compact`: the header's. */
  variant: 'hero' | 'compact';
  /** Text of the submit button (hero only). */
  submitLabel?: string;
  autoFocus?: boolean;
  className?: string;
  /** Called after the box sent the reader somewhere. */
  onNavigate?: () => void;
};

const DIRECTIONS = { ar: 'rtl', en: 'ltr', mixed: 'auto', none: 'auto' } as const;

/**
 * A search box with suggestions, following the WAI-ARIA combobox pattern: the input keeps the
 * focus, the arrow keys move the active option (wrapping), Enter opens it (or searches for the
 * text when none is active), Escape and Tab close the list (reader-area §2.3, §2.4).
 */
export function SearchAutocomplete({
  label,
  placeholder,
  variant,
  submitLabel,
  autoFocus,
  className,
  onNavigate,
}: SearchAutocompleteProps) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const navigate = useNavigate();
  const id = useId();
  const inputId = `${id}-input`;
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const wrapper = useRef<HTMLElement>(null);
  const anchor = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const box = useAutocomplete();

  const groups = useMemo(() => groupSuggestions(box.suggestions), [box.suggestions]);
  const ordered = useMemo(() => groups.flatMap((group) => group.items.map((item) => item.suggestion)), [groups]);
  const terms = useMemo(() => highlightTerms(box.answeredQuery), [box.answeredQuery]);
  const isShown = box.text.trim() !== '' && (box.isOpen || box.isSpinnerVisible);
  const isExpanded = isShown && ordered.length > 0;
  const activeIndex = isExpanded ? box.activeIndex : -1;
  const placement = useDropdownPlacement(anchor, isShown);

  // Click outside closes the list.
  const { close } = box;
  useEffect(() => {
    if (!isShown) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isShown, close]);

  const go = (href: string) => {
    box.reset();
    navigate(href);
    onNavigate?.();
  };
  const choose = (suggestion: SearchSuggestion) => go(suggestion.metadata.href);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        box.move(event.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter': {
        const active = ordered[activeIndex];
        if (active) {
          event.preventDefault();
          choose(active);
        }
        break;
      }
      case 'Escape':
        if (isShown) {
          // Escape on an open list closes it and keeps the text (a search input would clear it).
          event.preventDefault();
          box.close();
        }
        break;
      case 'Tab':
        // With an error shown, Tab moves on to its "Try again" button.
        if (box.status !== 'error') box.close();
        break;
    }
  };

  const announcement = !isShown
    ? ''
    : box.isSpinnerVisible
      ? t('search.autocomplete.searching')
      : box.status === 'error'
        ? t('search.autocomplete.errorDetail')
        : box.status === 'ready'
          ? ordered.length === 0
            ? t('search.autocomplete.noResults')
            : t('search.autocomplete.count', {
                count: ordered.length,
                formatted: formatNumber(ordered.length, lang),
              })
          : '';

  const isHero = variant === 'hero';
  return (
    <search
      ref={wrapper}
      className={clsx('relative w-full', className)}
      onBlur={(event) => {
        if (!wrapper.current?.contains(event.relatedTarget as Node | null)) box.close();
      }}
    >
      <form
        ref={anchor}
        className={clsx(
          'flex w-full items-center gap-2 rounded-app border border-border bg-surface focus-within:border-primary focus-within:outline-3 focus-within:outline-focus',
          isHero ? 'p-1.5 shadow-sm' : 'px-1',
        )}
        onSubmit={(event) => {
          event.preventDefault();
          const href = searchHref(box.text);
          if (href) go(href);
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          {label}
        </label>
        <Search aria-hidden className={clsx('ms-2 shrink-0 text-muted', isHero ? 'size-5' : 'size-4')} />
        <input
          ref={input}
          id={inputId}
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={isExpanded}
          aria-controls={listboxId}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          dir={DIRECTIONS[detectQueryScript(box.text)]}
          value={box.text}
          onChange={(event) => box.setText(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={box.reopen}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          // biome-ignore lint/a11y/noAutofocus: the phone header opens this box on request and types into it.
          autoFocus={autoFocus}
          className={clsx(
            'min-w-0 flex-1 bg-transparent px-1 text-fg placeholder:text-muted focus-visible:outline-none!',
            isHero ? 'min-h-11 text-base' : 'min-h-9 text-sm',
          )}
        />
        {isHero ? (
          <button
            type="submit"
            className="inline-flex min-h-11 items-center rounded-app bg-primary px-4 text-sm font-semibold text-primary-fg hover:opacity-90"
          >
            {submitLabel}
          </button>
        ) : null}
      </form>
      <SuggestionPanel
        listboxId={listboxId}
        query={box.answeredQuery}
        optionId={optionId}
        groups={groups}
        lang={lang}
        terms={terms}
        status={box.status}
        isShown={isShown}
        isSpinnerVisible={box.isSpinnerVisible}
        activeIndex={activeIndex}
        placement={placement}
        onHover={box.setActiveIndex}
        onChoose={choose}
        onRetry={() => {
          // Focusing the input from the button asks again by itself (see reopen).
          if (input.current && document.activeElement !== input.current) input.current.focus();
          else box.retry();
        }}
      />
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </search>
  );
}
