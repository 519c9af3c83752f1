import type { AuditAction } from '@maktaba/shared/schemas/admin-users';
import type { Actor } from '../../actor.js';
import type { Queryable } from '../../db/queryable.js';
import type { RequestMetadata } from '../../request-metadata.js';
import { changedFields, filledFields } from '../users/audit-diff.js';
import { insertAudit } from '../users/users.repository.js';
import type { AuthorRow, BookRow, ScholarRow } from './catalogue.repository.js';

/**
 * Catalogue changes in the admin audit log: each record as a snapshot of the fields an editor can
 * change, named as the API names them, so an edit is recorded as the fields that differ.
 */

type Snapshot = Record<string, unknown>;
export type AuditedRecord = { snapshot: Snapshot; label: { en: string | null; ar: string | null } };

const nameOf = (ref: { name: string | null; name_ar: string | null }) => ref.name ?? ref.name_ar;

export function auditedBook(row: BookRow): AuditedRecord {
  return {
    label: { en: row.titleEn, ar: row.titleAr },
    snapshot: {
      title: row.titleEn,
      title_ar: row.titleAr,
      authors: row.authors.map(nameOf),
      categories: row.categories.map(nameOf),
      description: row.descriptionEn,
      description_ar: row.descriptionAr,
      external_id: row.externalId,
      publisher: row.publisher,
      publication_year: row.publicationYear,
      language: row.language,
      format: row.format,
      difficulty: row.difficulty,
      content_type: row.contentType,
      is_digital: row.isDigital,
      copies_total: row.copiesTotal,
      copies_available: row.copiesAvailable,
      status: row.status,
    },
  };
}

export function auditedAuthor(row: AuthorRow): AuditedRecord {
  return {
    label: { en: row.nameEn, ar: row.nameAr },
    snapshot: {
      name: row.nameEn,
      name_ar: row.nameAr,
      key: row.key,
      death_hijri: row.deathHijri,
      death_ce: row.deathCe,
      biography: row.biographyEn,
      biography_ar: row.biographyAr,
    },
  };
}

export function auditedScholar(row: ScholarRow): AuditedRecord {
  return {
    label: { en: row.nameEn, ar: row.nameAr },
    snapshot: {
      name: row.nameEn,
      name_ar: row.nameAr,
      title: row.titleEn,
      title_ar: row.titleAr,
      key: row.key,
      external_link: row.externalLink,
      author_id: row.authorId,
      order: row.sortOrder,
    },
  };
}

type Target = { type: 'book' | 'author' | 'scholar'; id: string };
type Who = { actor: Actor; request: RequestMetadata };

function write(tx: Queryable, who: Who, action: AuditAction, target: Target, entry: object) {
  return insertAudit(tx, {
    actorId: who.actor.id,
    actionType: action,
    targetType: target.type,
    targetId: target.id,
    ipAddress: who.request.clientIp ?? null,
    ...entry,
  });
}

/** A new record: the fields it was given. */
export function auditCreated(tx: Queryable, who: Who, target: Target, record: AuditedRecord) {
  return write(tx, who, `create_${target.type}`, target, {
    changes: filledFields(record.snapshot),
    metadata: { label: record.label },
  });
}

/** An edit: the fields that changed, before and after; nothing is written when none did. */
export async function auditUpdated(
  tx: Queryable,
  who: Who,
  target: Target,
  before: AuditedRecord,
  after: AuditedRecord,
): Promise<void> {
  const { changes, previous } = changedFields(before.snapshot, after.snapshot);
  if (Object.keys(changes).length === 0) return;
  await write(tx, who, `update_${target.type}`, target, { changes, metadata: { label: after.label, previous } });
}

/** A removal: what the record was called. */
export function auditDeleted(tx: Queryable, who: Who, target: Target, record: AuditedRecord) {
  return write(tx, who, `delete_${target.type}`, target, { metadata: { label: record.label } });
}
