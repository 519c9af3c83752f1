import { FeedbackFormSchema, HELPFUL_ANSWERS } from '@maktaba/shared/schemas/feedback';
import { useTranslation } from 'react-i18next';
import { radioClass } from '../../../components/ui/form-field';
import type { FeedbackFormApi } from '../hooks/use-feedback-forms';
import { describeMissing } from '../lib/missing-fields';
import { FormFooter, SenderFields, TextField } from './form-parts';

/** The Feedback tab (reader-area §3): goal, helpful, improvements, topic requests. */
export function FeedbackForm({ api }: { api: FeedbackFormApi }) {
  const { t } = useTranslation();
  const { form, onSubmit, isPending, isDisabled, error } = api;
  const { register, formState, watch } = form;
  const { errors } = formState;
  const values = watch();
  const missing = describeMissing(t, [
    { label: t('feedback.form.goal'), value: values.goal, minLength: FeedbackFormSchema.shape.goal.minLength },
    { label: t('feedback.form.helpful'), value: values.helpful },
    {
      label: t('feedback.form.improvements'),
      value: values.improvements,
      minLength: FeedbackFormSchema.shape.improvements.minLength,
    },
  ]);
  const text = (name: 'goal' | 'improvements' | 'topic_requests', id: string, label: string, isRequired: boolean) => (
    <TextField
      id={id}
      label={t(`feedback.form.${label}`)}
      isRequired={isRequired}
      registration={register(name)}
      error={errors[name]}
    />
  );
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={t('feedback.tabs.feedback')}>
      <SenderFields idPrefix="feedback" />
      {text('goal', 'feedback-goal', 'goal', true)}
      <fieldset
        className="flex flex-col gap-2"
        aria-invalid={errors.helpful ? true : undefined}
        aria-describedby={errors.helpful ? 'feedback-helpful-error' : undefined}
      >
        <legend className="mb-1 text-sm font-semibold">{`${t('feedback.form.helpful')} *`}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {HELPFUL_ANSWERS.map((answer) => (
            <label key={answer} className="inline-flex min-h-11 min-w-11 items-center gap-2">
              <input type="radio" value={answer} {...register('helpful')} className={radioClass} />
              {t(`feedback.form.helpfulAnswers.${answer}`)}
            </label>
          ))}
        </div>
        {errors.helpful?.message ? (
          <p id="feedback-helpful-error" className="text-sm font-medium text-danger" data-field-error="">
            {t(errors.helpful.message)}
          </p>
        ) : null}
      </fieldset>
      {text('improvements', 'feedback-improvements', 'improvements', true)}
      {text('topic_requests', 'feedback-topics', 'topicRequests', false)}
      <FormFooter
        idPrefix="feedback"
        submitLabel={t('feedback.submit.feedback')}
        isPending={isPending}
        isDisabled={isDisabled}
        error={error}
        missing={missing}
      />
    </form>
  );
}
