import { zodResolver } from '@hookform/resolvers/zod';
import { QUOTE_LIMITS, type QuoteReturn, QuoteReturnSchema } from '@maktaba/shared/schemas/quotes';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { apiErrorText } from '../../../lib/api-error-text';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { formatNumber } from '../../../lib/format';
import { useReturnQuote } from '../api/return-quote';
import { quoteFieldError } from '../lib/field-error';

type ReturnDialogProps = { quoteId: string | null; onOpenChange: (open: boolean) => void };

/** Returning a contribution needs a note (what to change); the contributor receives it. */
export function ReturnDialog({ quoteId, onOpenChange }: ReturnDialogProps) {
  const { t, i18n } = useTranslation();
  const returnQuote = useReturnQuote();
  const form = useForm<QuoteReturn>({ resolver: zodResolver(QuoteReturnSchema), defaultValues: { note: '' } });
  const note = form.watch('note') ?? '';
  const number = (value: number) => formatNumber(value, i18n.language);
  const close = (open: boolean) => {
    if (!open) form.reset();
    onOpenChange(open);
  };
  const submit = form.handleSubmit((values) =>
    returnQuote.mutateAsync({ id: quoteId ?? '', note: values.note }).then(
      () => {
        toast.success(t('quotes.review.returned'));
        close(false);
      },
      (error: unknown) => {
        if (!applyFieldErrors(error, form.setError, ['note'])) toast.error(apiErrorText(t, error));
      },
    ),
  );
  return (
    <Modal
      open={quoteId !== null}
      onOpenChange={close}
      title={t('quotes.review.returnTitle')}
      closeLabel={t('common.close')}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <Field
          id="quote-return-note"
          label={t('quotes.review.note')}
          error={quoteFieldError(t, form.formState.errors.note?.message)}
          hint={`${t('quotes.review.noteHint')} · ${t('quotes.form.counter', {
            used: number(note.length),
            max: number(QUOTE_LIMITS.reviewNoteMax),
          })}`}
        >
          {(control) => (
            <textarea
              {...control}
              {...form.register('note')}
              dir="auto"
              rows={4}
              className={inputClass(Boolean(form.formState.errors.note), 'py-2')}
            />
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => close(false)}>
            {t('quotes.form.cancel')}
          </Button>
          <Button type="submit" disabled={returnQuote.isPending}>
            {t('quotes.review.returnSubmit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
