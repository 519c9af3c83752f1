import type { Language } from '@maktaba/shared/constants';
import type { SearchSuggestion, SuggestionType } from '@maktaba/shared/schemas/search';
import { highlightRanges } from '@maktaba/shared/search-text';
import { clsx } from 'clsx';
import {
  BookOpen,
  FolderOpen,
  History,
  type LucideIcon,
  Search,
  SpellCheck,
  TrendingUp,
  UserRound,
} from 'lucide-react';
import { Fragment } from 'react';
import { type SuggestionText, suggestionText } from './suggestion-text';

const ICONS: Record<SuggestionType, LucideIcon> = {
  book: BookOpen,
  author: UserRound,
  category: FolderOpen,
  recent: History,
  suggestion: Search,
  popular: TrendingUp,
  correction: SpellCheck,
};

/** `text` with the words the reader typed in bold. */
function Emphasised({ text, terms }: { text: SuggestionText; terms: readonly string[] }) {
  const ranges = highlightRanges(text.text, terms, true);
  const parts: Array<{ text: string; isMatch: boolean }> = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push({ text: text.text.slice(at, start), isMatch: false });
    parts.push({ text: text.text.slice(start, end), isMatch: true });
    at = end;
  }
  if (at < text.text.length) parts.push({ text: text.text.slice(at), isMatch: false });
  return (
    <bdi lang={text.lang}>
      {parts.map((part, index) =>
        part.isMatch ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in order.
          <mark key={index} className="bg-transparent font-bold text-inherit">
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in order.
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </bdi>
  );
}

type SuggestionOptionProps = {
  id: string;
  suggestion: SearchSuggestion;
  lang: Language;
  terms: readonly string[];
  isActive: boolean;
  onHover: () => void;
  onChoose: () => void;
};

/** One option of the list: an icon for its type, the label, and the other language or the author under it. */
export function SuggestionOption({ id, suggestion, lang, terms, isActive, onHover, onChoose }: SuggestionOptionProps) {
  const Icon = ICONS[suggestion.type];
  const { label, secondary, author } = suggestionText(suggestion, lang);
  const details = [author, secondary].filter((text): text is SuggestionText => text !== null);
  return (
    // The input keeps the focus (aria-activedescendant); the keyboard reaches options through it.
    // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled on the combobox input.
    <div
      id={id}
      role="option"
      aria-selected={isActive}
      // Options are reached through the input (aria-activedescendant), never by Tab.
      tabIndex={-1}
      data-type={suggestion.type}
      className={clsx(
        'flex cursor-pointer items-start gap-3 rounded-app px-3 py-2 text-start',
        isActive ? 'bg-primary-soft text-fg' : 'text-fg',
      )}
      // Keep the focus in the input so that the click lands before the list closes.
      onMouseDown={(event) => event.preventDefault()}
      onMouseMove={onHover}
      onClick={onChoose}
    >
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted" />
      <span className="min-w-0 flex-1">
        <span className="block truncate" data-testid="suggestion-label">
          <Emphasised text={label} terms={terms} />
        </span>
        {details.length > 0 ? (
          <span className="block truncate text-xs text-muted">
            {details.map((text, index) => (
              <Fragment key={text.text}>
                {index > 0 ? ' · ' : null}
                <Emphasised text={text} terms={terms} />
              </Fragment>
            ))}
          </span>
        ) : null}
      </span>
    </div>
  );
}
