import { QUESTION_LIMITS, QuestionCreateSchema } from '@maktaba/shared/schemas/questions';
import { z } from 'zod';

export const REPLY_MAX = QUESTION_LIMITS.replyMax;
export const ANSWER_MAX = QUESTION_LIMITS.answerMax;
export const ANSWER_BOOKS_MAX = QUESTION_LIMITS.answerBooksMax;

/**
 * The ask form: the subject and the question checked as the server checks them (the shared
 * schema's rules and messages); the topic is the select's value ('' for none).
 */
export const askFormSchema = QuestionCreateSchema.pick({ subject: true, body: true }).extend({
  topic_id: z.string(),
  publish_consent: z.boolean(),
});

export type AskFormInput = z.input<typeof askFormSchema>;
export type AskFormValues = z.output<typeof askFormSchema>;
export const ASK_FORM_FIELDS = ['subject', 'body', 'topic_id', 'publish_consent'] as const;

/** A field's message: catalogue keys (the questions' own, the shared `validation.*`) are translated; anything else is general. */
export function askFieldError(t: (key: string) => string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return message.startsWith('questions.') || message.startsWith('validation.') || message.startsWith('ask.')
    ? t(message)
    : t('validation.invalidInput');
}
