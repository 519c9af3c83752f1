import { useTranslation } from 'react-i18next';
import { useCategories } from '../api/list-categories';
import { useEditorContext } from '../hooks/use-editor-context';
import { flattenCategories } from '../lib/category-tree';
import { nameLabel } from '../lib/names';

type CategoryPickerProps = { value: string[]; onChange: (ids: string[]) => void; error?: string };

/** The categories as an indented tree of checkboxes; the order they were ticked is kept. */
export function CategoryPicker({ value, onChange, error }: CategoryPickerProps) {
  const { t } = useTranslation();
  const { language } = useEditorContext();
  const categories = useCategories();
  const chosen = new Set(value);
  const tree = flattenCategories(categories.data ?? [], (c) => nameLabel(c.name, c.name_ar, language));
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? 'book-categories-error' : undefined}>
      <legend className="mb-1 text-sm font-semibold">{t('catalogueAdmin.fields.categories')}</legend>
      <div className="max-h-64 overflow-y-auto rounded-app border border-border p-2">
        {tree.length === 0 ? <p className="text-sm text-muted">{t('catalogueAdmin.editor.noCategories')}</p> : null}
        {tree.map((category) => (
          <label
            key={category.id}
            className="flex min-h-11 cursor-pointer items-center gap-2"
            style={{ paddingInlineStart: `${category.depth * 1.25}rem` }}
          >
            <input
              type="checkbox"
              className="size-4"
              checked={chosen.has(category.id)}
              onChange={(event) =>
                onChange(event.target.checked ? [...value, category.id] : value.filter((id) => id !== category.id))
              }
            />
            <bdi>{nameLabel(category.name, category.name_ar, language)}</bdi>
          </label>
        ))}
      </div>
      {error ? (
        <p id="book-categories-error" className="text-sm font-medium text-danger" data-field-error="">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
