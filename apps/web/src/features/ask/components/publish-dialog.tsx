import { QUESTION_LIMITS } from '@maktaba/shared/schemas/questions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useTopics } from '../api/faq-and-catalogue';
import { usePublish } from '../api/staff-questions';
import { askFieldError } from '../lib/form';
import type { QuestionDetail } from '../lib/types';

type Texts = { question_en: string; question_ar: string; answer_en: string; answer_ar: string };
const FIELDS = ['question_en', 'question_ar', 'answer_en', 'answer_ar'] as const;

/** The texts to start from: the reader's first message and the latest answer, in the language the reader asked in. */
export function prefillOf(question: QuestionDetail): Texts {
  const first = question.messages.find((message) => !message.from_staff)?.body ?? question.subject;
  const answer = [...question.messages].reverse().find((message) => message.from_staff)?.body ?? '';
  const isArabic = question.locale === 'ar';
  return {
    question_en: isArabic ? '' : first,
    question_ar: isArabic ? first : '',
    answer_en: isArabic ? '' : answer,
    answer_ar: isArabic ? answer : '',
  };
}

/**
 * Publishing an answered question to the FAQ (the reader agreed): both texts in both languages,
 * prefilled from the thread and editable, with a reminder to take out names and personal details.
 */
export function PublishDialog({ question, onClose }: { question: QuestionDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const topics = useTopics();
  const publish = usePublish();
  const [texts, setTexts] = useState<Texts>(() => prefillOf(question));
  const [topicId, setTopicId] = useState(question.topic?.id ?? '');
  const [errors, setErrors] = useState<Partial<Record<keyof Texts, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    const local: typeof errors = {};
    if (!texts.question_en.trim() && !texts.question_ar.trim())
      local.question_en = 'questions.validation.faqQuestionRequired';
    if (!texts.answer_en.trim() && !texts.answer_ar.trim()) local.answer_en = 'questions.validation.faqAnswerRequired';
    setErrors(local);
    setFailure(null);
    if (Object.keys(local).length > 0) return;
    try {
      await publish.mutateAsync({ id: question.id, input: { ...texts, topic_id: topicId || null } });
      toast.success(t('ask.publish.done'));
      onClose();
    } catch (caught) {
      const fieldErrors =
        caught instanceof ApiError && caught.code === 'VALIDATION_FAILED'
          ? ((caught.details as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors ?? {})
          : {};
      const server = Object.fromEntries(
        FIELDS.filter((field) => fieldErrors[field]?.[0]).map((field) => [field, fieldErrors[field]?.[0]]),
      );
      if (Object.keys(server).length > 0) setErrors(server);
      else setFailure(apiErrorText(t, caught));
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('ask.publish.title')}
      closeLabel={t('common.close')}
      size="lg"
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Alert title={t('ask.publish.anonymise')} />
        <div className="grid gap-4 md:grid-cols-2">
          {FIELDS.map((field) => {
            const isQuestion = field.startsWith('question');
            const max = isQuestion ? QUESTION_LIMITS.faqQuestionMax : QUESTION_LIMITS.faqAnswerMax;
            return (
              <Field
                key={field}
                id={`faq-${field}`}
                label={t(`ask.publish.${field}`)}
                error={askFieldError(t, errors[field])}
              >
                {(control) => (
                  <textarea
                    {...control}
                    value={texts[field]}
                    maxLength={max}
                    onChange={(event) => setTexts((current) => ({ ...current, [field]: event.target.value }))}
                    dir="auto"
                    lang={field.endsWith('_ar') ? 'ar' : 'en'}
                    rows={isQuestion ? 3 : 6}
                    className={`${inputClass(Boolean(errors[field]))} py-2`}
                  />
                )}
              </Field>
            );
          })}
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="faq-topic-choice" className="text-sm font-semibold">
            {t('ask.form.topic')}
          </label>
          <select
            id="faq-topic-choice"
            value={topicId}
            onChange={(event) => setTopicId(event.target.value)}
            className={inputClass(false)}
          >
            <option value="">{t('ask.form.noTopic')}</option>
            {(topics.data ?? []).map((topic) => (
              <option key={topic.id} value={topic.id}>
                {language === 'ar' ? topic.name_ar : topic.name}
              </option>
            ))}
          </select>
        </div>
        {failure ? <Alert variant="destructive" title={failure} /> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t('ask.publish.cancel')}
          </Button>
          <Button type="submit" disabled={publish.isPending}>
            {t('ask.publish.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
