import { zodResolver } from '@hookform/resolvers/zod';
import { LANGUAGES, type Language } from '@maktaba/shared/constants';
import {
  type BugReportForm,
  BugReportFormSchema,
  type FeedbackForm,
  FeedbackFormSchema,
  type FeedbackSubmit,
} from '@maktaba/shared/schemas/feedback';
import type { BaseSyntheticEvent } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { useSubmitFeedback } from '../api/submit-feedback';
import { collectDeviceInfo } from '../lib/device-info';
import type { FeedbackTab } from './feedback-store';

export type TabFormApi<T extends FieldValues> = {
  form: UseFormReturn<T>;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  isPending: boolean;
  /** Untouched, or still invalid after a submit attempt (reader-area §4.1). */
  isDisabled: boolean;
  error: unknown;
  reset: (values: DefaultValues<T>) => void;
};
export type FeedbackFormApi = TabFormApi<FeedbackForm>;
export type BugFormApi = TabFormApi<BugReportForm>;

function useTabForm<T extends FieldValues>(options: {
  resolver: Resolver<T>;
  defaultValues: DefaultValues<T>;
  fields: readonly Path<T>[];
  toBody: (values: T) => FeedbackSubmit;
  onSent: () => void;
}): TabFormApi<T> {
  const form = useForm<T>({ resolver: options.resolver, defaultValues: options.defaultValues });
  const mutation = useSubmitFeedback();
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(options.toBody(values));
      options.onSent();
    } catch (error) {
      // The values stay as typed; the server's field errors go beside their fields.
      applyFieldErrors(error, form.setError, options.fields);
    }
  });
  const { isDirty, isSubmitted, isValid } = form.formState;
  return {
    form,
    onSubmit,
    isPending: mutation.isPending,
    isDisabled: !isDirty || (isSubmitted && !isValid),
    error: mutation.error,
    reset: (values) => {
      form.reset(values);
      mutation.reset();
    },
  };
}

const FEEDBACK_FIELDS = ['goal', 'helpful', 'improvements', 'topic_requests'] as const;
const BUG_FIELDS = [
  'bug_description',
  'steps_to_reproduce',
  'expected_behavior',
  'actual_behavior',
  'severity',
  'page_url',
] as const;

/** Both tabs' forms, kept side by side so switching tab keeps what each holds. */
export function useFeedbackForms({
  pageContext,
  onSent,
}: {
  pageContext: string | null;
  onSent: (tab: FeedbackTab) => void;
}) {
  const { i18n } = useTranslation();
  const language = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : undefined;
  const common = { page_context: pageContext ?? undefined, language };
  const feedback = useTabForm<FeedbackForm>({
    resolver: zodResolver(FeedbackFormSchema) as Resolver<FeedbackForm>,
    defaultValues: FEEDBACK_DEFAULTS,
    fields: FEEDBACK_FIELDS,
    toBody: (fields) => ({ kind: 'feedback', fields, ...common }),
    onSent: () => onSent('feedback'),
  });
  const bug = useTabForm<BugReportForm>({
    resolver: zodResolver(BugReportFormSchema) as Resolver<BugReportForm>,
    defaultValues: bugDefaults(pageContext),
    fields: BUG_FIELDS,
    toBody: (fields) => ({ kind: 'bug', fields, device: collectDeviceInfo(), ...common }),
    onSent: () => onSent('bug'),
  });
  /** Empty forms for a new opening. */
  const reset = () => {
    feedback.reset(FEEDBACK_DEFAULTS);
    bug.reset(bugDefaults(pageContext));
  };
  return { feedback, bug, isPending: feedback.isPending || bug.isPending, reset };
}

/**
 * `helpful` is null, not missing: a radio group with nothing chosen reads as null once its inputs
 * are registered, and a form whose values differ from its defaults counts as changed. After a
 * reset the inputs register again at once, so a missing default made a fresh form "changed" and
 * its submit button enabled.
 */
const FEEDBACK_DEFAULTS = {
  goal: '',
  improvements: '',
  topic_requests: '',
  helpful: null,
} as unknown as DefaultValues<FeedbackForm>;

function bugDefaults(pageContext: string | null): DefaultValues<BugReportForm> {
  return {
    bug_description: '',
    steps_to_reproduce: '',
    expected_behavior: '',
    actual_behavior: '',
    // Opened about a page: the report is about this address.
    page_url: pageContext ? window.location.href : '',
  };
}
