import type { UserListItem } from '@maktaba/shared/schemas/admin-users';
import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailText } from '../../../components/email-text';
import { inputClass } from '../../../components/ui/form-field';
import { useDebouncedValue } from '../../../lib/hooks/use-debounced-value';
import { useUserMatches } from '../api/find-users';
import { useUser } from '../api/get-user';

/** Typing waits this long before asking, so a word typed fast is one request. */
const SEARCH_DELAY_MS = 250;

type UserPickerProps = {
  id: string;
  label: string;
  /** The chosen user's id, or null. */
  value: string | null;
  onChange: (id: string | null) => void;
};

/**
 * A person chosen by typing part of their name or e-mail (a combobox with its list of matches:
 * arrows move, Enter chooses, Escape closes). The chosen person shows by name, with a button to
 * clear the choice.
 */
export function UserPicker({ id, label, value, onChange }: UserPickerProps) {
  const { t } = useTranslation();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [isOpen, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const search = useDebouncedValue(text, SEARCH_DELAY_MS);
  const matches = useUserMatches(search);
  const users = text.trim() ? (matches.data?.users ?? []) : [];
  const isSearching = text.trim() !== search.trim() || matches.isFetching;

  const choose = (user: UserListItem) => {
    onChange(user.id);
    setText('');
    setOpen(false);
    setActive(-1);
  };
  // The input comes back once the cleared choice reaches the address; focus follows it there.
  const isClearing = useRef(false);
  useEffect(() => {
    if (value || !isClearing.current) return;
    isClearing.current = false;
    inputRef.current?.focus();
  }, [value]);
  const clear = () => {
    isClearing.current = true;
    onChange(null);
  };

  if (value) return <ChosenUser id={id} label={label} userId={value} onClear={clear} />;

  const showList = isOpen && text.trim().length > 0;
  return (
    <div className="relative flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        dir="auto"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        placeholder={t('audit.filters.targetPlaceholder')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
            if (users.length === 0) return;
            const step = event.key === 'ArrowDown' ? 1 : -1;
            setActive((current) => (current + step + users.length) % users.length);
          } else if (event.key === 'Enter') {
            const user = users[active] ?? (users.length === 1 ? users[0] : undefined);
            if (showList && user) {
              event.preventDefault();
              choose(user);
            }
          } else if (event.key === 'Escape') {
            if (showList) setOpen(false);
            else setText('');
            setActive(-1);
          }
        }}
        className={inputClass(false, 'w-80 max-w-full')}
      />
      <div
        className={
          showList
            ? 'absolute inset-x-0 top-full z-20 mt-1 rounded-app border border-border bg-surface shadow-lg'
            : 'hidden'
        }
      >
        <div id={listId} role="listbox" aria-label={label} className="max-h-72 overflow-y-auto py-1">
          {users.map((user, index) => (
            <div
              key={user.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              tabIndex={-1}
              // Chosen on mouse down, before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(user);
              }}
              onMouseEnter={() => setActive(index)}
              className={`flex cursor-pointer flex-col px-3 py-2 text-start ${index === active ? 'bg-surface-2' : ''}`}
            >
              <bdi className="font-medium">{user.display_name || user.email}</bdi>
              <EmailText email={user.email} className="text-xs text-muted" />
            </div>
          ))}
        </div>
        {users.length === 0 ? (
          <p role="status" className="px-3 py-2 text-sm text-muted">
            {isSearching ? t('audit.filters.targetSearching') : t('audit.filters.targetNone')}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** The chosen person by name and e-mail, with the button that clears the choice. */
function ChosenUser({
  id,
  label,
  userId,
  onClear,
}: {
  id: string;
  label: string;
  userId: string;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const user = useUser(userId);
  const profile = user.data?.profile;
  return (
    <div className="flex flex-col gap-1">
      <span id={`${id}-label`} className="text-sm font-semibold">
        {label}
      </span>
      <div
        data-testid="audit-target-chosen"
        className="flex min-h-11 w-80 max-w-full items-center gap-2 rounded-app border border-border bg-surface-2 ps-3 pe-1"
      >
        <span className="flex min-w-0 flex-1 flex-col leading-tight">
          <bdi className="truncate font-medium">{profile?.display_name || profile?.email || userId}</bdi>
          {profile?.display_name ? (
            <bdi dir="ltr" className="truncate text-xs text-muted">
              {profile.email}
            </bdi>
          ) : null}
        </span>
        <button
          type="button"
          onClick={onClear}
          aria-label={t('audit.filters.targetClear')}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-app text-muted hover:text-fg"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
    </div>
  );
}
