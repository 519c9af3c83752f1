import type { ProfileStatus } from '@maktaba/shared/schemas/profile';
import {
  type BulkSkipReason,
  PROFILES_BULK_LIMITS,
  type ProfileRow,
  type ProfilesBulk,
  type ProfilesBulkResult,
  type ProfilesFilter,
  type ProfilesList,
  type ProfilesListQuery,
} from '@maktaba/shared/schemas/profiles-bulk';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { RequestMetadata } from '../../request-metadata.js';
import { toCsv } from '../lending-reports/csv.js';
import { changedFields } from '../users/audit-diff.js';
import { usersRepository } from '../users/users.service.js';
import { findMatchingIds, findProfiles, lockProfiles, type ProfilesBulkRow } from './profiles-bulk.repository.js';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toRow(row: ProfilesBulkRow): ProfileRow {
  return {
    id: row.id,
    display_name: row.displayName,
    email: row.email,
    role: row.role as ProfileRow['role'],
    status: row.status as ProfileRow['status'],
    country: row.country,
    address_complete: row.addressComplete,
    borrowing_limit: row.borrowingLimit,
    created_at: row.createdAt.toISOString(),
    last_sign_in_at: iso(row.lastSignInAt),
  };
}

const filterOf = ({ page: _page, pageSize: _size, format: _format, ...filter }: ProfilesListQuery): ProfilesFilter =>
  filter;

export async function listProfiles(db: Database, query: ProfilesListQuery, now = new Date()): Promise<ProfilesList> {
  const { rows, total } = await findProfiles(
    db,
    filterOf(query),
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
    now,
  );
  return { rows: rows.map(toRow), total, page: query.page, pageSize: query.pageSize };
}

export const PROFILES_CSV_HEADER = [
  'id',
  'display_name',
  'email',
  'role',
  'status',
  'country',
  'address_complete',
  'borrowing_limit',
  'created_at',
  'last_sign_in_at',
] as const;

/** Every matching account (not one page) as CSV, in the list's order. */
export async function profilesCsv(db: Database, query: ProfilesListQuery, now = new Date()): Promise<string> {
  const { rows } = await findProfiles(db, filterOf(query), { limit: null, offset: 0 }, now);
  return toCsv(
    PROFILES_CSV_HEADER,
    rows
      .map(toRow)
      .map((row) => [
        row.id,
        row.display_name,
        row.email,
        row.role,
        row.status,
        row.country,
        row.address_complete ? 'yes' : 'no',
        row.borrowing_limit,
        row.created_at,
        row.last_sign_in_at,
      ]),
  );
}

/**
 * One change to many accounts, in one transaction, with an audit entry per account and per kind of
 * change (update_borrowing_limit, update_user_status) holding the value before and after. The
 * single edit's rules hold for each account: an admin never changes their own status, the last
 * active admin is never suspended or deactivated (the other admins are locked, as the single edit
 * does), and leaving 'active' ends the account's sessions. An account refused for its status is
 * left entirely unchanged and reported in `skipped` with the reason.
 */
export async function bulkUpdateProfiles(
  db: Database,
  actor: Actor,
  input: ProfilesBulk,
  request: RequestMetadata,
  { repo = usersRepository, now = new Date() } = {},
): Promise<ProfilesBulkResult> {
  const { change } = input;
  return db.transaction(async (tx) => {
    let ids: string[];
    if (input.ids) {
      ids = [...new Set(input.ids)];
    } else {
      ids = await findMatchingIds(tx, input.filter ?? {}, PROFILES_BULK_LIMITS.filterMax, now);
      if (ids.length > PROFILES_BULK_LIMITS.filterMax) {
        throw new AppError(
          'VALIDATION_FAILED',
          `The filter selects more than ${PROFILES_BULK_LIMITS.filterMax} users.`,
          {
            details: { fieldErrors: { filter: ['validation.bulkTooMany'] }, max: PROFILES_BULK_LIMITS.filterMax },
          },
        );
      }
    }
    const rows = await lockProfiles(tx, ids);
    const found = new Set(rows.map((row) => row.id));
    const skipped: ProfilesBulkResult['skipped'] = ids
      .filter((id) => !found.has(id))
      .map((id) => ({ id, reason: 'not_found' as const }));
    const skip = (id: string, reason: BulkSkipReason) => skipped.push({ id, reason });
    const audit = (targetUser: string, actionType: 'update_borrowing_limit' | 'update_user_status', extra: object) =>
      repo.insertAudit(tx, {
        actorId: actor.id,
        actionType,
        targetUser,
        ipAddress: request.clientIp ?? null,
        ...extra,
      });

    let updated = 0;
    for (const row of rows) {
      const statusChanges = change.status !== undefined && change.status !== row.status;
      const limitChanges = change.borrowingLimit !== undefined && change.borrowingLimit !== row.borrowingLimit;
      if (statusChanges) {
        if (row.id === actor.id) {
          skip(row.id, 'self');
          continue;
        }
        if (change.status !== 'active' && row.role === 'admin' && row.status === 'active') {
          const others = await repo.lockOtherActiveAdmins(tx, row.id);
          if (others.length === 0) {
            skip(row.id, 'last_admin');
            continue;
          }
        }
      }
      if (!statusChanges && !limitChanges) {
        skip(row.id, 'unchanged');
        continue;
      }
      await repo.updateProfileRow(tx, row.id, {
        ...(limitChanges ? { borrowingLimit: change.borrowingLimit } : {}),
        ...(statusChanges ? { status: change.status as ProfileStatus } : {}),
      });
      if (limitChanges) {
        const { changes, previous } = changedFields(
          { borrowing_limit: row.borrowingLimit },
          { borrowing_limit: change.borrowingLimit },
        );
        await audit(row.id, 'update_borrowing_limit', { changes, metadata: { previous, bulk: true } });
      }
      if (statusChanges) {
        await audit(row.id, 'update_user_status', {
          changes: { status: change.status },
          metadata: { previous_status: row.status, previous: { status: row.status }, bulk: true },
        });
        if (change.status !== 'active') {
          const endedSessions = await repo.revokeSessions(tx, { userId: row.id, reason: 'admin' });
          await repo.insertActivity(tx, row.id, 'status_changed', { status: change.status, endedSessions });
        }
      }
      updated++;
    }
    return { updated, skipped };
  });
}
