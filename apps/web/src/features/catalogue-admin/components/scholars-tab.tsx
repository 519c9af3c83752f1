import type { Scholar } from '@maktaba/shared/schemas/catalogue';
import { UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '../../../lib/format';
import { useDeleteScholar } from '../api/delete-scholar';
import { useScholars } from '../api/list-scholars';
import { useEditorContext } from '../hooks/use-editor-context';
import { useRecordDialogs } from '../hooks/use-record-dialogs';
import { nameLabel } from '../lib/names';
import { BilingualText } from './bilingual-text';
import { DeleteConfirm } from './delete-confirm';
import { ListHeader, LoadError, RecordRow } from './record-row';
import { ScholarDialog } from './scholar-dialog';

/** The Our Scholars cards in display order, with create/edit (and photo) dialogs and (admins) delete. */
export function ScholarsTab() {
  const { t } = useTranslation();
  const { language, can } = useEditorContext();
  const scholars = useScholars();
  const remove = useDeleteScholar();
  const dialogs = useRecordDialogs<Scholar>(remove, can('scholars.delete'));
  const labelOf = (scholar: Scholar) => nameLabel(scholar.name, scholar.name_ar, language);
  const all = scholars.data ?? [];
  const number = numberFormat(language);
  return (
    <section className="flex flex-col gap-4" aria-labelledby="scholars-heading">
      <ListHeader
        id="scholars-heading"
        title={t('catalogueAdmin.tabs.scholars')}
        newLabel={t('catalogueAdmin.scholars.new')}
        onNew={can('scholars.create') ? dialogs.openNew : undefined}
      />
      <LoadError query={scholars} />
      <ul>
        {all.map((scholar) => (
          <RecordRow
            key={scholar.id}
            label={labelOf(scholar)}
            onEdit={() => dialogs.openEdit(scholar)}
            onDelete={dialogs.onDelete?.(scholar)}
          >
            <div className="flex items-center gap-3">
              <span
                className="w-8 shrink-0 text-center text-sm font-semibold text-muted"
                title={t('catalogueAdmin.fields.order')}
              >
                {number.format(scholar.order)}
              </span>
              {scholar.image ? (
                <img src={scholar.image} alt="" className="size-10 shrink-0 rounded-full object-cover" />
              ) : (
                <UserRound aria-hidden className="size-10 shrink-0 rounded-full bg-surface-2 p-2 text-muted" />
              )}
              <BilingualText en={scholar.name} ar={scholar.name_ar} language={language} fallback="" />
            </div>
          </RecordRow>
        ))}
      </ul>
      <ScholarDialog
        scholar={dialogs.editing}
        nextOrder={all.reduce((max, s) => Math.max(max, s.order + 1), 0)}
        open={dialogs.isEditOpen}
        onOpenChange={dialogs.onEditOpenChange}
      />
      <DeleteConfirm
        target={dialogs.deleting && { id: dialogs.deleting.id, label: labelOf(dialogs.deleting) }}
        mutation={remove}
        onClose={dialogs.closeDelete}
        doneKey="catalogueAdmin.toasts.scholarDeleted"
      />
    </section>
  );
}
