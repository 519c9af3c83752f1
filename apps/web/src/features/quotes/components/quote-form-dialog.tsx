import type { Quote } from '@maktaba/shared/schemas/quotes';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Modal } from '../../../components/ui/modal';
import { QuoteForm, type QuoteFormIntent, type QuoteFormMode } from './quote-form';

type QuoteFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: QuoteFormMode;
  quote?: Quote | null;
  canPublish?: boolean;
  onSaved?: (quote: Quote, intent: QuoteFormIntent) => void;
};

const DONE: Record<QuoteFormIntent, string> = {
  draft: 'quotes.form.draftSaved',
  submit: 'quotes.form.submitted',
  publish: 'quotes.form.published',
  save: 'quotes.form.updated',
};

/** The quote form in a dialog (the whole width of a phone, scrolling inside). */
export function QuoteFormDialog({ open, onOpenChange, mode, quote, canPublish, onSaved }: QuoteFormDialogProps) {
  const { t } = useTranslation();
  const title = mode === 'create' ? t('quotes.contribute.title') : t('quotes.contribute.editTitle');
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} closeLabel={t('common.close')} size="lg">
      <QuoteForm
        key={quote?.id ?? 'new'}
        mode={mode}
        quote={quote}
        canPublish={canPublish}
        onCancel={() => onOpenChange(false)}
        onSaved={(saved, intent) => {
          toast.success(t(DONE[intent]));
          onOpenChange(false);
          onSaved?.(saved, intent);
        }}
      />
    </Modal>
  );
}
