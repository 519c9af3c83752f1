import { LayoutGrid, List } from 'lucide-react';
import { ToggleGroup } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import type { BookViewMode } from './book-card';

const ITEM =
  'inline-flex size-10 items-center justify-center rounded-app text-muted hover:bg-surface-2 hover:text-fg data-[state=on]:bg-primary-soft data-[state=on]:text-primary';

/** Grid or list: one of two pressed buttons. */
export function ViewModeToggle({ mode, onChange }: { mode: BookViewMode; onChange: (mode: BookViewMode) => void }) {
  const { t } = useTranslation();
  return (
    <ToggleGroup.Root
      type="single"
      value={mode}
      onValueChange={(value) => {
        if (value === 'grid' || value === 'list') onChange(value);
      }}
      aria-label={t('catalogue.view.label')}
      className="inline-flex gap-1 rounded-app border border-border bg-surface p-1"
    >
      <ToggleGroup.Item value="grid" aria-label={t('catalogue.view.grid')} className={ITEM}>
        <LayoutGrid aria-hidden className="size-5" />
      </ToggleGroup.Item>
      <ToggleGroup.Item value="list" aria-label={t('catalogue.view.list')} className={ITEM}>
        <List aria-hidden className="size-5" />
      </ToggleGroup.Item>
    </ToggleGroup.Root>
  );
}
