import type { Category } from '@maktaba/shared/schemas/catalogue';
import { clsx } from 'clsx';
import { Check, Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../../components/ui/form-field';
import { formatNumber } from '../../../lib/format';

/** A category's name in the reader's language (the English one when it has no Arabic name). */
export function categoryName(category: Pick<Category, 'name' | 'name_ar'>, language: string): string {
  return language.startsWith('ar') && category.name_ar ? category.name_ar : category.name;
}

/** A choice: a category's key, and its name to show. */
export type CategoryChoice = { value: string; label: string };

/**
 * The choices of a picker: every category (by name in the reader's language), then what the
 * profile holds that is no category (an interest written before they were chosen from a list),
 * so that it can be seen and taken off.
 */
export function categoryChoices(categories: readonly Category[], selected: readonly string[], language: string) {
  const choices: CategoryChoice[] = categories
    .map((category) => ({ value: category.key, label: categoryName(category, language) }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
  const known = new Set(choices.map((choice) => choice.value));
  for (const value of selected) if (!known.has(value)) choices.push({ value, label: value });
  return choices;
}

/**
 * A keyboard-accessible multi-select: a group of checkable chips (real checkboxes: Tab moves
 * between them, Space checks), narrowed by a filter. Chosen chips stay visible whatever the filter.
 */
export function CategoryPicker({
  id,
  legend,
  hint,
  choices,
  value,
  onChange,
  disabled,
}: {
  id: string;
  legend: string;
  hint: string;
  choices: readonly CategoryChoice[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState('');
  const hintId = useId();
  const countId = useId();
  const chosen = useMemo(() => new Set(value), [value]);
  const needle = filter.trim().toLocaleLowerCase(i18n.language);
  const shown = choices.filter(
    (choice) => chosen.has(choice.value) || !needle || choice.label.toLocaleLowerCase(i18n.language).includes(needle),
  );
  const toggle = (choice: string, checked: boolean) =>
    onChange(checked ? [...value.filter((item) => item !== choice), choice] : value.filter((item) => item !== choice));

  return (
    <fieldset className="min-w-0" aria-describedby={`${hintId} ${countId}`} disabled={disabled}>
      <legend className="text-sm font-semibold">{legend}</legend>
      <p id={hintId} className="mt-1 text-xs text-muted">
        {hint}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <div className="relative min-w-0 flex-1 basis-56">
          <Search
            aria-hidden
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted"
          />
          <input
            id={`${id}-filter`}
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            aria-label={`${t('settings.profile.filter')}: ${legend}`}
            placeholder={t('settings.profile.filter')}
            className={inputClass(false, 'ps-9')}
          />
        </div>
        <span id={countId} className="text-sm text-muted" aria-live="polite">
          {t('settings.profile.chosen', { number: formatNumber(value.length, i18n.language) })}
        </span>
      </div>
      {shown.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t('settings.profile.noMatch')}</p>
      ) : (
        <ul className="mt-3 flex flex-wrap gap-2" data-testid={`${id}-choices`}>
          {shown.map((choice) => {
            const checked = chosen.has(choice.value);
            return (
              <li key={choice.value} className="min-w-0 max-w-full">
                <label
                  className={clsx(
                    'inline-flex min-h-11 max-w-full cursor-pointer items-center gap-2 rounded-full border px-3 text-sm transition',
                    'has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-(--focus)',
                    checked
                      ? 'border-primary bg-primary-soft font-semibold text-primary'
                      : 'border-border bg-surface hover:bg-surface-2',
                  )}
                >
                  <input
                    type="checkbox"
                    className="sr-only"
                    checked={checked}
                    onChange={(event) => toggle(choice.value, event.target.checked)}
                  />
                  {checked ? <Check aria-hidden className="size-4 shrink-0" /> : null}
                  <span dir="auto" className="min-w-0 break-words">
                    {choice.label}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
