/** The shapes of the Ask a Librarian API (packages/shared/src/schemas/questions.ts), under the names the pages use. */
export {
  type AskInfo,
  type AskSettings,
  type FaqEntry,
  type FaqList,
  type FaqPublish as FaqInput,
  QUESTION_STATUSES,
  type QuestionBookRef as QuestionBook,
  type QuestionCreate as QuestionInput,
  type QuestionDetail,
  type QuestionList,
  type QuestionMessage,
  type QuestionQueue as StaffQueue,
  type QuestionStatus,
  type QuestionSummary,
  type QuestionTopic,
  type QueueQuestion as StaffQuestion,
} from '@maktaba/shared/schemas/questions';
