import { BugReportFormSchema, SEVERITIES } from '@maktaba/shared/schemas/feedback';
import { useTranslation } from 'react-i18next';
import { Field, inputClass } from '../../../components/ui/form-field';
import type { BugFormApi } from '../hooks/use-feedback-forms';
import { describeMissing } from '../lib/missing-fields';
import { FormFooter, SenderFields, TextField } from './form-parts';

type RequiredText = 'bug_description' | 'steps_to_reproduce' | 'expected_behavior' | 'actual_behavior';

const REQUIRED_TEXTS: [RequiredText, string][] = [
  ['bug_description', 'bugDescription'],
  ['steps_to_reproduce', 'steps'],
  ['expected_behavior', 'expected'],
  ['actual_behavior', 'actual'],
];

/** The Report Bug tab (reader-area §3); device information goes with it. */
export function BugReportForm({ api }: { api: BugFormApi }) {
  const { t } = useTranslation();
  const { form, onSubmit, isPending, isDisabled, error } = api;
  const { register, formState, watch } = form;
  const { errors } = formState;
  const values = watch();
  const missing = describeMissing(t, [
    ...REQUIRED_TEXTS.map(([name, label]) => ({
      label: t(`feedback.form.${label}`),
      value: values[name],
      minLength: BugReportFormSchema.shape[name].minLength,
    })),
    { label: t('feedback.form.severity'), value: values.severity },
  ]);
  const text = (name: RequiredText, id: string, label: string) => (
    <TextField
      id={id}
      label={t(`feedback.form.${label}`)}
      isRequired
      registration={register(name)}
      error={errors[name]}
    />
  );
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={t('feedback.tabs.bug')}>
      <SenderFields idPrefix="bug" />
      {text('bug_description', 'bug-description', 'bugDescription')}
      {text('steps_to_reproduce', 'bug-steps', 'steps')}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('expected_behavior', 'bug-expected', 'expected')}
        {text('actual_behavior', 'bug-actual', 'actual')}
      </div>
      <Field
        id="bug-severity"
        label={`${t('feedback.form.severity')} *`}
        error={errors.severity?.message ? t(errors.severity.message) : undefined}
      >
        {(control) => (
          <select {...control} {...register('severity')} aria-required className={inputClass(Boolean(errors.severity))}>
            <option value="">{t('feedback.form.severityPlaceholder')}</option>
            {SEVERITIES.map((severity) => (
              <option key={severity} value={severity}>
                {t(`feedback.severities.${severity}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField
        id="bug-page-url"
        label={t('feedback.form.pageUrl')}
        isUrl
        registration={register('page_url')}
        error={errors.page_url}
      />
      <FormFooter
        idPrefix="bug"
        submitLabel={t('feedback.submit.bug')}
        isPending={isPending}
        isDisabled={isDisabled}
        error={error}
        missing={missing}
      >
        <p className="text-xs text-muted" data-testid="device-note">
          {t('feedback.form.deviceNote')}
        </p>
      </FormFooter>
    </form>
  );
}
