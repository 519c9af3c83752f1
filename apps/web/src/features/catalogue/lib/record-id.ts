import { z } from 'zod';
import { ApiError } from '../../../lib/api-client';

const RecordId = z.uuid();

/**
 * Books, authors and scholars have UUIDs: an address with anything else (a typo, a cut-off link)
 * names no record. It is answered as not found, as the server answers an unknown one, without
 * asking the server (which would refuse the malformed id as invalid input).
 */
export function ensureRecordId(id: string): void {
  if (!RecordId.safeParse(id).success) throw new ApiError('NOT_FOUND', `No record has the id "${id}".`, 404);
}
