import type { Category } from '@maktaba/shared/schemas/catalogue';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { apiErrorText } from '../../../lib/api-error-text';
import { useDeleteCategory } from '../api/delete-category';
import { useCategories } from '../api/list-categories';
import { useReorderCategories } from '../api/reorder-categories';
import { useEditorContext } from '../hooks/use-editor-context';
import { useRecordDialogs } from '../hooks/use-record-dialogs';
import { type CategoryNode, flattenCategories } from '../lib/category-tree';
import { UNKNOWN_FALLBACK } from '../lib/error-text';
import { nameLabel } from '../lib/names';
import { BilingualText } from './bilingual-text';
import { CategoryDialog } from './category-dialog';
import { DeleteConfirm } from './delete-confirm';
import { ListHeader, LoadError, RecordRow } from './record-row';

/**
 * The category hierarchy, indented, with create/edit dialogs, (admins) delete, and (holders of
 * categories.manage) Move up / Move down among siblings: the order of the category guide.
 */
export function CategoriesTab() {
  const { t } = useTranslation();
  const { language, can } = useEditorContext();
  const categories = useCategories();
  const remove = useDeleteCategory();
  const reorder = useReorderCategories();
  const [announcement, setAnnouncement] = useState('');
  // The moved category's button keeps the focus once the list is shown in its new order.
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: string; direction: 'up' | 'down' } | null>(null);
  useEffect(() => {
    if (!focusAfterMove || !categories.data) return;
    const button = (direction: string) =>
      document.querySelector<HTMLButtonElement>(`[data-move="${focusAfterMove.id}"][data-direction="${direction}"]`);
    const same = button(focusAfterMove.direction);
    const other = button(focusAfterMove.direction === 'up' ? 'down' : 'up');
    (same && !same.disabled ? same : other)?.focus();
  }, [categories.data, focusAfterMove]);
  const dialogs = useRecordDialogs<Category>(remove, can('categories.delete'));
  const labelOf = (category: Category) => nameLabel(category.name, category.name_ar, language);
  const all = categories.data ?? [];
  const tree = flattenCategories(all, labelOf);
  const siblingsOf = (category: CategoryNode) =>
    tree.filter((c) => c.depth === category.depth && sameParent(c, category, all));

  const move = (category: CategoryNode, step: -1 | 1) => {
    const ids = siblingsOf(category).map((c) => c.id);
    const from = ids.indexOf(category.id);
    const to = from + step;
    if (reorder.isPending || from < 0 || to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to] as string, ids[from] as string];
    setAnnouncement('');
    reorder.mutate(
      { parent_id: parentOf(category, all), ids },
      {
        onSuccess: () => {
          setFocusAfterMove({ id: category.id, direction: step < 0 ? 'up' : 'down' });
          setAnnouncement(
            t('catalogueAdmin.categories.moved', { name: labelOf(category), position: to + 1, total: ids.length }),
          );
        },
        onError: (error) => setAnnouncement(apiErrorText(t, error, UNKNOWN_FALLBACK)),
      },
    );
  };

  return (
    <section className="flex flex-col gap-4" aria-labelledby="categories-heading">
      <ListHeader
        id="categories-heading"
        title={t('catalogueAdmin.tabs.categories')}
        newLabel={t('catalogueAdmin.categories.new')}
        onNew={can('categories.create') ? dialogs.openNew : undefined}
      />
      <LoadError query={categories} />
      <p className="sr-only" role="status" aria-live="polite" data-testid="reorder-status">
        {announcement}
      </p>
      <ul>
        {tree.map((category) => {
          const siblings = can('categories.manage') ? siblingsOf(category) : [];
          const position = siblings.findIndex((c) => c.id === category.id);
          const label = labelOf(category);
          return (
            <RecordRow
              key={category.id}
              label={label}
              depth={category.depth}
              onEdit={() => dialogs.openEdit(category)}
              onDelete={dialogs.onDelete?.(category)}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="min-w-0">
                  <BilingualText en={category.name} ar={category.name_ar} language={language} fallback={category.key} />
                  <span className="text-xs text-muted">
                    <bdi dir="ltr">{category.key}</bdi> ·{' '}
                    {t('catalogueAdmin.authors.bookCount', { count: category.book_count })}
                  </span>
                </div>
                {siblings.length > 1 ? (
                  <div className="flex gap-1">
                    <Button
                      variant="ghost"
                      className="min-h-11 min-w-11 px-2"
                      aria-label={t('catalogueAdmin.categories.moveUp', { name: label })}
                      title={t('catalogueAdmin.categories.moveUp', { name: label })}
                      data-move={category.id}
                      data-direction="up"
                      disabled={position <= 0}
                      onClick={() => move(category, -1)}
                    >
                      <ArrowUp aria-hidden className="size-4" />
                    </Button>
                    <Button
                      variant="ghost"
                      className="min-h-11 min-w-11 px-2"
                      aria-label={t('catalogueAdmin.categories.moveDown', { name: label })}
                      title={t('catalogueAdmin.categories.moveDown', { name: label })}
                      data-move={category.id}
                      data-direction="down"
                      disabled={position >= siblings.length - 1}
                      onClick={() => move(category, 1)}
                    >
                      <ArrowDown aria-hidden className="size-4" />
                    </Button>
                  </div>
                ) : null}
              </div>
            </RecordRow>
          );
        })}
      </ul>
      <CategoryDialog
        category={dialogs.editing}
        categories={all}
        open={dialogs.isEditOpen}
        onOpenChange={dialogs.onEditOpenChange}
      />
      <DeleteConfirm
        target={dialogs.deleting && { id: dialogs.deleting.id, label: labelOf(dialogs.deleting) }}
        mutation={remove}
        onClose={dialogs.closeDelete}
        doneKey="catalogueAdmin.toasts.categoryDeleted"
      />
    </section>
  );
}

/** The parent a category is shown under: its own, unless that parent is missing (then the top level). */
function parentOf(category: Category, all: readonly Category[]): string | null {
  return category.parent_id && all.some((c) => c.id === category.parent_id) ? category.parent_id : null;
}

const sameParent = (a: Category, b: Category, all: readonly Category[]) => parentOf(a, all) === parentOf(b, all);
