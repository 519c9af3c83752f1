import type { Language } from '@maktaba/shared/constants';
import type { SearchSuggestion, SuggestionType } from '@maktaba/shared/schemas/search';
import { clsx } from 'clsx';
import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../ui/button';
import type { Placement } from './autocomplete-logic';
import { SuggestionOption } from './suggestion-option';
import type { AutocompleteStatus } from './use-autocomplete';

/**
 * The order of the groups: "Did you mean …" first (it is there only when the text as typed
 * matches nothing), then the search hints (what the reader searched before, what many readers
 * search), then books, authors, categories.
 */
const GROUP_ORDER: readonly SuggestionType[] = [
  'correction',
  'recent',
  'popular',
  'book',
  'author',
  'category',
  'suggestion',
];

/** Suggestions grouped by type, each with its index in the flat order the arrow keys follow. */
export function groupSuggestions(suggestions: readonly SearchSuggestion[]) {
  const groups: Array<{ type: SuggestionType; items: Array<{ suggestion: SearchSuggestion; index: number }> }> = [];
  let index = 0;
  for (const type of GROUP_ORDER) {
    const items = suggestions.filter((suggestion) => suggestion.type === type);
    if (items.length === 0) continue;
    groups.push({ type, items: items.map((suggestion) => ({ suggestion, index: index++ })) });
  }
  return groups;
}

type SuggestionPanelProps = {
  listboxId: string;
  /** The query the options answer (data-query, for the end-to-end tests to wait on). */
  query: string;
  optionId: (index: number) => string;
  groups: ReturnType<typeof groupSuggestions>;
  lang: Language;
  terms: readonly string[];
  status: AutocompleteStatus;
  isShown: boolean;
  isSpinnerVisible: boolean;
  activeIndex: number;
  placement: { side: Placement; room: number };
  onHover: (index: number) => void;
  onChoose: (suggestion: SearchSuggestion) => void;
  onRetry: () => void;
};

/** The dropdown: the grouped listbox, or what is happening instead (searching, nothing found, an error). */
export function SuggestionPanel({
  listboxId,
  query,
  optionId,
  groups,
  lang,
  terms,
  status,
  isShown,
  isSpinnerVisible,
  activeIndex,
  placement,
  onHover,
  onChoose,
  onRetry,
}: SuggestionPanelProps) {
  const { t } = useTranslation();
  const hasOptions = groups.length > 0;
  const isEmpty = status === 'ready' && !hasOptions;
  const isError = status === 'error';
  const isVisible = isShown && (hasOptions || isEmpty || isError || isSpinnerVisible);
  const maxHeight = Math.max(160, Math.min(placement.room - 12, 448));
  return (
    <div
      hidden={!isVisible}
      data-testid="autocomplete-panel"
      data-placement={placement.side}
      className={clsx(
        'absolute inset-x-0 z-40 overflow-y-auto rounded-app border border-border bg-surface p-1 text-start shadow-lg',
        placement.side === 'below' ? 'top-full mt-1' : 'bottom-full mb-1',
      )}
      style={{ maxHeight }}
    >
      <div
        id={listboxId}
        role="listbox"
        aria-label={t('search.autocomplete.listLabel')}
        hidden={!hasOptions}
        data-query={query}
      >
        {groups.map((group) => (
          // biome-ignore lint/a11y/useSemanticElements: the APG's grouped listbox: a group of options, not of form controls.
          <div key={group.type} role="group" aria-labelledby={`${listboxId}-${group.type}`}>
            <div
              role="presentation"
              id={`${listboxId}-${group.type}`}
              className="px-3 pt-2 pb-1 text-xs font-semibold text-muted"
            >
              {t(`search.autocomplete.groups.${group.type}`)}
            </div>
            {group.items.map(({ suggestion, index }) => (
              <SuggestionOption
                key={`${suggestion.type}:${suggestion.id}`}
                id={optionId(index)}
                suggestion={suggestion}
                lang={lang}
                terms={terms}
                isActive={index === activeIndex}
                onHover={() => onHover(index)}
                onChoose={() => onChoose(suggestion)}
              />
            ))}
          </div>
        ))}
      </div>
      {isSpinnerVisible ? (
        <p className="flex items-center gap-2 px-3 py-2 text-sm text-muted" data-testid="autocomplete-searching">
          <LoaderCircle aria-hidden className="size-4 motion-safe:animate-spin" />
          {t('search.autocomplete.searching')}
        </p>
      ) : isEmpty ? (
        <p className="px-3 py-2 text-sm text-muted" data-testid="autocomplete-empty">
          {t('search.autocomplete.noResults')}
        </p>
      ) : isError ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2" data-testid="autocomplete-error">
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold text-danger">{t('search.autocomplete.error')}</p>
            <p className="text-xs text-muted">{t('search.autocomplete.errorDetail')}</p>
          </div>
          <button
            type="button"
            className={buttonClass('secondary', 'min-h-9 px-3')}
            // Keep the focus in the input while the retry runs.
            onMouseDown={(event) => event.preventDefault()}
            onClick={onRetry}
          >
            {t('search.autocomplete.retry')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
