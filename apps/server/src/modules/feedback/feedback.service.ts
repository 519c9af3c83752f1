import { LIMITS } from '@maktaba/shared/constants';
import type {
  DeviceInfo,
  FeedbackInboxPage,
  FeedbackInboxQuery,
  FeedbackReport,
  FeedbackSubmit,
} from '@maktaba/shared/schemas/feedback';
import { UAParser } from 'ua-parser-js';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { RequestMetadata } from '../../request-metadata.js';
import { pickLocale } from '../mail/locale.js';
import { findProfileById } from '../profiles/profiles.repository.js';
import { recordUserActivity } from '../users/user-activity.repository.js';
import {
  type FeedbackRow,
  findFeedbackById,
  findFeedbackPage,
  insertFeedback,
  updateFeedbackStatus,
} from './feedback.repository.js';

/** What the client measured (platform, screen, viewport), with the browser as its User-Agent names it. */
export function describeFeedbackDevice(client: DeviceInfo | undefined, userAgent: string | undefined): DeviceInfo {
  const { browser } = new UAParser(userAgent ?? '').getResult();
  const named = [browser.name, browser.version].filter(Boolean).join(' ');
  const device: DeviceInfo = { ...client };
  if (named) device.browser = named;
  return device;
}

export async function submitFeedback(
  db: Database,
  actor: Actor | null,
  input: FeedbackSubmit,
  request: RequestMetadata,
): Promise<string> {
  const profile = actor ? await findProfileById(db, actor.id) : undefined;
  const id = await insertFeedback(db, {
    kind: input.kind,
    userId: actor?.id ?? null,
    // Who sent it comes from the account, never from the request body.
    name: actor ? (profile?.displayName ?? null) : null,
    email: actor ? (profile?.email ?? actor.email) : null,
    fields: input.fields,
    severity: input.kind === 'bug' ? input.fields.severity : null,
    pageContext: input.page_context || null,
    device: describeFeedbackDevice(input.device, request.userAgent),
    language: pickLocale(input.language, request.acceptLanguage),
  });
  if (actor) await recordUserActivity(db, actor.id, 'feedback_sent', { kind: input.kind });
  return id;
}

function toReport(row: FeedbackRow): FeedbackReport {
  return {
    id: row.id,
    kind: row.kind as FeedbackReport['kind'],
    user_id: row.userId,
    name: row.name,
    email: row.email,
    fields: row.fields,
    severity: row.severity as FeedbackReport['severity'],
    page_context: row.pageContext,
    device: row.device ?? null,
    language: row.language,
    status: row.status as FeedbackReport['status'],
    handled_by: row.handledBy,
    handled_at: row.handledAt ? row.handledAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listFeedback(db: Database, query: FeedbackInboxQuery): Promise<FeedbackInboxPage> {
  const pageSize = LIMITS.adminPageSize;
  const { rows, total } = await findFeedbackPage(
    db,
    { kind: query.kind, status: query.status, severity: query.severity },
    pageSize,
    (query.page - 1) * pageSize,
  );
  return { items: rows.map(toReport), total, page: query.page, page_size: pageSize };
}

export async function getFeedback(db: Database, id: string): Promise<FeedbackReport> {
  const row = await findFeedbackById(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toReport(row);
}

export async function setFeedbackStatus(
  db: Database,
  actor: Actor,
  id: string,
  status: 'new' | 'handled',
): Promise<FeedbackReport> {
  const row = await updateFeedbackStatus(db, id, status, actor.id);
  if (!row) throw new AppError('NOT_FOUND');
  return toReport(row);
}
