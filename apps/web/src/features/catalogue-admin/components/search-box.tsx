import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../../lib/hooks/use-debounced-value';

type SearchBoxProps = { id: string; label: string; value: string; onSearch: (value: string) => void };

/** A search input that reports what was typed once typing pauses. */
export function SearchBox({ id, label, value, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text.trim());
  useEffect(() => {
    if (debounced !== value) onSearch(debounced);
  }, [debounced, value, onSearch]);
  return (
    <div className="relative min-w-0 sm:min-w-64 sm:flex-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search aria-hidden className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted" />
      <input
        id={id}
        type="search"
        dir="auto"
        value={text}
        placeholder={label}
        onChange={(event) => setText(event.target.value)}
        className="min-h-11 w-full rounded-app border border-border bg-surface ps-9 pe-3 text-base"
      />
    </div>
  );
}
