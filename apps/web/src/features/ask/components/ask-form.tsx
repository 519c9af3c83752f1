import { zodResolver } from '@hookform/resolvers/zod';
import { QUESTION_DAILY_LIMIT, QUESTION_LIMITS } from '@maktaba/shared/schemas/questions';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useTopics } from '../api/faq-and-catalogue';
import { useAskQuestion } from '../api/reader-questions';
import { ASK_FORM_FIELDS, type AskFormInput, type AskFormValues, askFieldError, askFormSchema } from '../lib/form';
import type { AskInfo, QuestionBook, QuestionDetail } from '../lib/types';
import { BookPicker } from './book-picker';
import { TextField } from './text-field';

type AskFormProps = {
  info: AskInfo | undefined;
  onAsked: (question: QuestionDetail) => void;
};

/**
 * The question form: a subject and the question (with counters), a topic among the catalogue's
 * categories, an optional book, and the reader's consent to publishing it without their name.
 * Errors show on their fields; what was typed stays whatever the failure (over the day's limit too).
 */
export function AskForm({ info, onAsked }: AskFormProps) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const subjectMax = info?.limits.subject_max ?? QUESTION_LIMITS.subjectMax;
  const bodyMax = info?.limits.body_max ?? QUESTION_LIMITS.bodyMax;
  const topics = useTopics();
  const ask = useAskQuestion();
  const [books, setBooks] = useState<QuestionBook[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<AskFormInput, unknown, AskFormValues>({
    resolver: zodResolver(askFormSchema),
    defaultValues: { subject: '', body: '', topic_id: '', publish_consent: false },
  });
  const { errors } = form.formState;
  const number = (value: number) => formatNumber(value, language);
  const error = (field: 'subject' | 'body') => askFieldError(t, errors[field]?.message);
  const nameOf = (topic: { name: string; name_ar: string }) => (language === 'ar' ? topic.name_ar : topic.name);
  const sortedTopics = [...(topics.data ?? [])].sort((a, b) => nameOf(a).localeCompare(nameOf(b), language));

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const question = await ask.mutateAsync({
        subject: values.subject,
        body: values.body,
        publish_consent: values.publish_consent,
        ...(values.topic_id ? { topic_id: values.topic_id } : {}),
        ...(books[0] ? { book_id: books[0].id } : {}),
      });
      onAsked(question);
    } catch (caught) {
      if (!applyFieldErrors(caught, form.setError, ASK_FORM_FIELDS)) {
        // Over the day's limit: the message names the limit, in the reader's digits.
        const isDailyLimit = caught instanceof ApiError && caught.code === 'QUESTION_DAILY_LIMIT';
        setFailure(
          isDailyLimit
            ? t('errors.codes.QUESTION_DAILY_LIMIT', { limit: number(info?.daily_limit ?? QUESTION_DAILY_LIMIT) })
            : apiErrorText(t, caught),
        );
      }
    }
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => void submit(event)}
      aria-labelledby="ask-form-title"
      data-testid="ask-form"
    >
      <TextField
        id="ask-subject"
        label={t('ask.form.subject')}
        registration={form.register('subject')}
        error={error('subject')}
        length={(form.watch('subject') ?? '').length}
        max={subjectMax}
      />
      <TextField
        id="ask-body"
        label={t('ask.form.body')}
        hint={t('ask.form.bodyHint')}
        registration={form.register('body')}
        error={error('body')}
        length={(form.watch('body') ?? '').length}
        max={bodyMax}
        multiline
      />
      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="ask-topic" className="text-sm font-semibold">
            {t('ask.form.topic')}
            <span className="ms-1 font-normal text-muted">({t('ask.form.optional')})</span>
          </label>
          <select id="ask-topic" {...form.register('topic_id')} className={inputClass(false)}>
            <option value="">{t('ask.form.noTopic')}</option>
            {sortedTopics.map((topic) => (
              <option key={topic.id} value={topic.id}>
                {nameOf(topic)}
              </option>
            ))}
          </select>
        </div>
        <BookPicker
          id="ask-book"
          label={t('ask.form.book')}
          hint={t('ask.form.bookHint')}
          value={books}
          onChange={setBooks}
          max={1}
          optional
        />
      </div>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          {...form.register('publish_consent')}
          className="mt-0.5 size-5 shrink-0 accent-primary"
        />
        <span>{t('ask.form.consent')}</span>
      </label>
      {failure ? (
        <Alert variant="destructive" title={t('ask.form.failed')}>
          <span data-testid="ask-failure">{failure}</span>
        </Alert>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={ask.isPending} aria-busy={ask.isPending || undefined}>
          {t('ask.form.send')}
        </Button>
      </div>
    </form>
  );
}
