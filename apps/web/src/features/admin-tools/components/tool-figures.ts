import type { AdminOverview } from '@maktaba/shared/schemas/admin-overview';

type Figures = AdminOverview['figures'];
export type FigureKey = Exclude<keyof Figures, never>;

/**
 * Which live figures each tool's card shows (by tool id). A tool not listed shows none; a figure
 * that is null (source validation never ran) shows its "never" sentence.
 */
export const TOOL_FIGURES: Record<string, FigureKey[]> = {
  sourceValidation: ['sourceValidationProblems'],
  profilesEditor: ['stuckWithoutAddress'],
  users: ['accounts', 'pendingLoanRequests'],
  feedbackInbox: ['openFeedback'],
  registrationMonitoring: ['signUpsBlockedToday'],
  analytics: ['activeReadersToday', 'zeroResultSearchesToday'],
  securityMonitoring: ['failedSignInsToday', 'currentLockouts'],
  auditLog: ['auditEntriesToday'],
};

/** Figures worth an admin's look (shown emphasised, with words, not colour alone). */
export const NEEDS_ATTENTION: ReadonlySet<FigureKey> = new Set([
  'currentLockouts',
  'stuckWithoutAddress',
  'sourceValidationProblems',
  'pendingLoanRequests',
  'openFeedback',
]);
