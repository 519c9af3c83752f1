import type { Category } from '@maktaba/shared/schemas/catalogue';
import { useTranslation } from 'react-i18next';
import { useDeleteCategory } from '../api/delete-category';
import { useCategories } from '../api/list-categories';
import { useEditorContext } from '../hooks/use-editor-context';
import { useRecordDialogs } from '../hooks/use-record-dialogs';
import { flattenCategories } from '../lib/category-tree';
import { nameLabel } from '../lib/names';
import { BilingualText } from './bilingual-text';
import { CategoryDialog } from './category-dialog';
import { DeleteConfirm } from './delete-confirm';
import { ListHeader, LoadError, RecordRow } from './record-row';

/** The category hierarchy, indented, with create/edit dialogs and (admins) delete. */
export function CategoriesTab() {
  const { t } = useTranslation();
  const { language, can } = useEditorContext();
  const categories = useCategories();
  const remove = useDeleteCategory();
  const dialogs = useRecordDialogs<Category>(remove, can('categories.delete'));
  const labelOf = (category: Category) => nameLabel(category.name, category.name_ar, language);
  const all = categories.data ?? [];
  return (
    <section className="flex flex-col gap-4" aria-labelledby="categories-heading">
      <ListHeader
        id="categories-heading"
        title={t('catalogueAdmin.tabs.categories')}
        newLabel={t('catalogueAdmin.categories.new')}
        onNew={can('categories.create') ? dialogs.openNew : undefined}
      />
      <LoadError query={categories} />
      <ul>
        {flattenCategories(all, labelOf).map((category) => (
          <RecordRow
            key={category.id}
            label={labelOf(category)}
            depth={category.depth}
            onEdit={() => dialogs.openEdit(category)}
            onDelete={dialogs.onDelete?.(category)}
          >
            <BilingualText en={category.name} ar={category.name_ar} language={language} fallback={category.key} />
            <span className="text-xs text-muted">
              <bdi dir="ltr">{category.key}</bdi> ·{' '}
              {t('catalogueAdmin.authors.bookCount', { count: category.book_count })}
            </span>
          </RecordRow>
        ))}
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
