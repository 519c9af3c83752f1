import { zodResolver } from '@hookform/resolvers/zod';
import {
  QUOTE_LIMITS,
  QUOTE_MESSAGES,
  type Quote,
  type QuoteInput,
  type QuoteInputParsed,
  QuoteInputSchema,
} from '@maktaba/shared/schemas/quotes';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { apiErrorText } from '../../../lib/api-error-text';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useCreateQuote } from '../api/create-quote';
import { useUpdateQuote } from '../api/update-quote';
import { quoteFieldError } from '../lib/field-error';
import {
  formLinksOf,
  formValuesOf,
  linkFieldsOf,
  QUOTE_FORM_FIELDS,
  type QuoteFormLinks,
} from '../lib/quote-form-values';
import { RecordPicker } from './record-picker';
import { TextField } from './text-area-field';
import { TopicPicker } from './topic-picker';

/** What the form is for: a new contribution, the contributor's own draft or pending quote, or staff editing any. */
export type QuoteFormMode = 'create' | 'own' | 'staff';
/** Which button was pressed. */
export type QuoteFormIntent = 'draft' | 'submit' | 'publish' | 'save';

type QuoteFormProps = {
  mode: QuoteFormMode;
  quote?: Quote | null;
  /** Staff may publish a new quote at once. */
  canPublish?: boolean;
  onCancel: () => void;
  onSaved: (quote: Quote, intent: QuoteFormIntent) => void;
};

const SECTION = 'flex flex-col gap-4 rounded-app border border-border p-4';

/**
 * The quote form: both texts with their counters, the speaker (and an optional link to an author
 * or scholar record), the source (and an optional catalogue book), reference, translator, web
 * address and up to five topics. Values stay after an error; the server's field errors go on
 * their fields.
 */
export function QuoteForm({ mode, quote, canPublish = false, onCancel, onSaved }: QuoteFormProps) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const create = useCreateQuote();
  const update = useUpdateQuote();
  const [links, setLinks] = useState<QuoteFormLinks>(() => formLinksOf(quote));
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<QuoteInput, unknown, QuoteInputParsed>({
    resolver: zodResolver(QuoteInputSchema),
    defaultValues: formValuesOf(quote),
  });
  const { errors } = form.formState;
  const error = (field: keyof QuoteInput) => quoteFieldError(t, errors[field]?.message);
  const isPending = create.isPending || update.isPending;

  // "Enter the quote in Arabic or English" belongs to both texts: it shows on the first one.
  const textRequired = errors.text_en?.message === QUOTE_MESSAGES.textRequired;
  const textError = {
    text_ar: textRequired && language === 'ar' ? t(QUOTE_MESSAGES.textRequired) : error('text_ar'),
    text_en: textRequired ? (language === 'ar' ? undefined : t(QUOTE_MESSAGES.textRequired)) : error('text_en'),
  };

  const send = (intent: QuoteFormIntent) =>
    form.handleSubmit(async (values) => {
      setFailure(null);
      const body = { ...values, ...linkFieldsOf(links) };
      try {
        const saved =
          mode === 'create'
            ? await create.mutateAsync({
                ...body,
                submit: intent !== 'draft',
                ...(intent === 'publish' ? { status: 'approved' as const } : {}),
              })
            : await update.mutateAsync({
                id: quote?.id ?? '',
                input: mode === 'own' ? { ...body, submit: intent === 'submit' } : body,
              });
        onSaved(saved, intent);
      } catch (caught) {
        if (!applyFieldErrors(caught, form.setError, QUOTE_FORM_FIELDS)) setFailure(apiErrorText(t, caught));
      }
    })();

  const length = (field: 'text_en' | 'text_ar') => (form.watch(field) ?? '').length;
  const texts = [
    <TextField
      key="ar"
      id="quote-text-ar"
      label={t('quotes.form.textAr')}
      registration={form.register('text_ar')}
      error={textError.text_ar}
      length={length('text_ar')}
      max={QUOTE_LIMITS.textMax}
      multiline
      lang="ar"
    />,
    <TextField
      key="en"
      id="quote-text-en"
      label={t('quotes.form.textEn')}
      registration={form.register('text_en')}
      error={textError.text_en}
      length={length('text_en')}
      max={QUOTE_LIMITS.textMax}
      multiline
      lang="en"
    />,
  ];

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        void send(mode === 'staff' ? 'save' : 'submit');
      }}
      data-testid="quote-form"
    >
      {mode === 'staff' ? null : <p className="text-sm text-muted">{t('quotes.form.intro')}</p>}
      <fieldset className={SECTION}>
        <legend className="px-1 font-semibold">{t('quotes.form.sections.text')}</legend>
        <p className="text-xs text-muted">{t('quotes.form.textHint')}</p>
        {language === 'ar' ? texts : texts.reverse()}
      </fieldset>
      <fieldset className={SECTION}>
        <legend className="px-1 font-semibold">{t('quotes.form.sections.speaker')}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="quote-speaker-en"
            label={t('quotes.form.speakerEn')}
            registration={form.register('speaker_en')}
            error={error('speaker_en')}
            max={QUOTE_LIMITS.speakerMax}
            optional
          />
          <TextField
            id="quote-speaker-ar"
            label={t('quotes.form.speakerAr')}
            registration={form.register('speaker_ar')}
            error={error('speaker_ar')}
            max={QUOTE_LIMITS.speakerMax}
            lang="ar"
            optional
          />
        </div>
        <RecordPicker
          id="quote-speaker-record"
          kind="speaker"
          label={t('quotes.form.speakerRecord')}
          hint={t('quotes.form.speakerRecordHint')}
          value={links.speaker}
          onChange={(speaker) => setLinks((current) => ({ ...current, speaker }))}
        />
      </fieldset>
      <fieldset className={SECTION}>
        <legend className="px-1 font-semibold">{t('quotes.form.sections.source')}</legend>
        <TextField
          id="quote-source-title"
          label={t('quotes.form.sourceTitle')}
          registration={form.register('source_title')}
          error={error('source_title')}
          max={QUOTE_LIMITS.sourceTitleMax}
          optional
        />
        <RecordPicker
          id="quote-source-book"
          kind="book"
          label={t('quotes.form.sourceBook')}
          hint={t('quotes.form.sourceBookHint')}
          value={links.book}
          onChange={(book) => setLinks((current) => ({ ...current, book }))}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="quote-reference"
            label={t('quotes.form.reference')}
            registration={form.register('source_reference')}
            error={error('source_reference')}
            max={QUOTE_LIMITS.sourceReferenceMax}
            optional
          />
          <TextField
            id="quote-translator"
            label={t('quotes.form.translator')}
            registration={form.register('translator')}
            error={error('translator')}
            max={QUOTE_LIMITS.translatorMax}
            optional
          />
        </div>
        <TextField
          id="quote-url"
          label={t('quotes.form.url')}
          hint={t('quotes.form.urlHint')}
          registration={form.register('source_url')}
          error={error('source_url')}
          max={QUOTE_LIMITS.sourceUrlMax}
          inputMode="url"
          optional
        />
      </fieldset>
      <TopicPicker
        value={links.topics}
        onChange={(topics) => setLinks((current) => ({ ...current, topics }))}
        error={quoteFieldError(t, errors.topic_ids?.message)}
      />
      {failure ? (
        <Alert variant="destructive" title={t('quotes.form.failed')}>
          {failure}
        </Alert>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          {t('quotes.form.cancel')}
        </Button>
        {mode === 'staff' ? (
          <Button type="submit" disabled={isPending}>
            {t('quotes.form.saveChanges')}
          </Button>
        ) : (
          <>
            <Button variant="secondary" disabled={isPending} onClick={() => void send('draft')}>
              {t('quotes.form.saveDraft')}
            </Button>
            {canPublish && mode === 'create' ? (
              <Button variant="secondary" disabled={isPending} onClick={() => void send('publish')}>
                {t('quotes.form.publish')}
              </Button>
            ) : null}
            <Button type="submit" disabled={isPending}>
              {t('quotes.form.submit')}
            </Button>
          </>
        )}
      </div>
    </form>
  );
}
