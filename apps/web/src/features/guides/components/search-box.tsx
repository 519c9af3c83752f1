import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { inputClass } from '../../../components/ui/form-field';

const SEARCH_DELAY_MS = 300;

/** A search box that changes the address after a pause in typing, and follows the address (Back). */
export function SearchBox({
  id,
  label,
  value,
  onSearch,
}: {
  id: string;
  label: string;
  value: string;
  onSearch: (q: string | null) => void;
}) {
  const [search, setSearch] = useState(value);
  useEffect(() => {
    const trimmed = search.trim();
    if (trimmed === value) return;
    const timer = setTimeout(() => onSearch(trimmed || null), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, value, onSearch]);
  useEffect(() => setSearch((current) => (current.trim() === value ? current : value)), [value]);
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute inset-y-0 start-3 my-auto size-5 text-muted" />
        <input
          id={id}
          type="search"
          dir="auto"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className={inputClass(false, 'ps-11')}
        />
      </div>
    </div>
  );
}
