import { can } from '@maktaba/shared/permissions';
import type { CompleteProfileInput } from '@maktaba/shared/schemas/auth';
import type { ActivityInput, Profile, ProfileSafeUpdate } from '@maktaba/shared/schemas/profile';
import { isProfileComplete } from '@maktaba/shared/schemas/profile';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { creationSourceOf, findUserProviders, primaryProvider } from '../auth/accounts.repository.js';
import { shippingCountryName } from '../settings/system-settings.service.js';
import { recordUserActivity } from '../users/user-activity.repository.js';
import { assertNoInjection, toAddressColumns, toSafeUpdateColumns, withAddressChange } from './profile-input.js';
import { toProfile } from './profiles.mapper.js';
import {
  deleteIncompleteProfile,
  ensureDefaultProfile,
  findAuthUserById,
  findProfileById,
  insertActivity,
  touchLastActivity,
  updateProfileRow,
} from './profiles.repository.js';

/**
 * Resolves the `:id` of a profile route. Users act on their own profile only; another id answers
 * 404 — not 403 — so ids of other accounts cannot be probed. Reading other profiles is for those
 * with users.view_all.
 */
function resolveTarget(actor: Actor, id: string, mode: 'read' | 'write'): string {
  if (id === 'me' || id === actor.id) return actor.id;
  if (mode === 'read' && can(actor.role, 'users.view_all')) return id;
  throw new AppError('PROFILE_NOT_FOUND');
}

async function requireProfile(db: Database, id: string) {
  const row = await findProfileById(db, id);
  if (!row) throw new AppError('PROFILE_NOT_FOUND');
  return row;
}

export async function getProfile(db: Database, actor: Actor, id: string): Promise<Profile> {
  return toProfile(await requireProfile(db, resolveTarget(actor, id, 'read')));
}

export async function updateOwnProfile(
  db: Database,
  actor: Actor,
  id: string,
  update: ProfileSafeUpdate,
): Promise<Profile> {
  const target = resolveTarget(actor, id, 'write');
  assertNoInjection(update);
  const current = await requireProfile(db, target);
  const safe = toSafeUpdateColumns(update, current.country);
  if (update.country !== undefined) safe.country = await shippingCountryName(db, update.country);
  const columns = withAddressChange(safe, current);
  const row = await db.transaction(async (tx) => {
    const updated = await updateProfileRow(tx, target, columns);
    await recordUserActivity(tx, target, 'profile_updated', { fields: Object.keys(update) });
    return updated;
  });
  if (!row) throw new AppError('PROFILE_NOT_FOUND');
  return toProfile(row);
}

/** Step 2 for a signed-in user: the shipping address, and registration marked complete. */
export async function completeOwnProfile(
  db: Database,
  actor: Actor,
  id: string,
  input: CompleteProfileInput,
): Promise<Profile> {
  const target = resolveTarget(actor, id, 'write');
  assertNoInjection(input);
  const fields = { ...toAddressColumns(input), country: await shippingCountryName(db, input.country) };
  await setupProfile(db, actor, target);
  const columns = withAddressChange(fields, await requireProfile(db, target));
  const row = await db.transaction(async (tx) => {
    const updated = await updateProfileRow(tx, target, { ...columns, registrationCompleted: true });
    await recordUserActivity(tx, target, 'registration_completed');
    return updated;
  });
  if (!row) throw new AppError('PROFILE_NOT_FOUND');
  return toProfile(row);
}

/** `handle_new_user_setup`: makes sure the profile row exists; true when it does. */
export async function setupProfile(db: Database, actor: Actor, id: string): Promise<boolean> {
  const target = resolveTarget(actor, id, 'write');
  const user = await findAuthUserById(db, target);
  if (!user) throw new AppError('PROFILE_NOT_FOUND');
  const providers = await findUserProviders(db, target);
  const source = creationSourceOf(primaryProvider(providers));
  return ensureDefaultProfile(db, { id: user.id, email: user.email, name: user.name }, source);
}

export async function checkCompleteness(db: Database, actor: Actor, id: string): Promise<boolean> {
  const target = resolveTarget(actor, id, 'read');
  const row = await findProfileById(db, target);
  if (!row) return false;
  const providers = await findUserProviders(db, target);
  return isProfileComplete(toProfile(row), primaryProvider(providers));
}

/** Sets the completion flag; for password accounts completeness still needs the address. */
export async function markComplete(db: Database, actor: Actor, id: string): Promise<boolean> {
  const target = resolveTarget(actor, id, 'write');
  await requireProfile(db, target);
  await updateProfileRow(db, target, { registrationCompleted: true });
  return checkCompleteness(db, actor, target);
}

/**
 * Sign-out from the complete-profile step deletes the unfinished profile (accounts-and-auth §4).
 * A complete profile is never deleted this way: that is account deletion, with its own rules.
 * The unfinished profile of an account that did not register itself (made by an admin or on the
 * command line, or a reader since promoted) is kept as it is: the sign-out succeeds, and the role
 * and creation source it holds stay.
 */
export async function deleteOwnIncompleteProfile(db: Database, actor: Actor, id: string): Promise<void> {
  const target = resolveTarget(actor, id, 'write');
  if (await deleteIncompleteProfile(db, target)) return;
  const row = await findProfileById(db, target);
  if (row?.registrationCompleted) throw new AppError('CONFLICT', 'Only an unfinished profile can be removed.');
}

export async function trackActivity(db: Database, actor: Actor, id: string, input: ActivityInput): Promise<void> {
  const target = resolveTarget(actor, id, 'write');
  await insertActivity(db, target, input.activity_type, input.activity_data ?? {});
}

export async function updateLastActivity(db: Database, actor: Actor, id: string): Promise<void> {
  await touchLastActivity(db, resolveTarget(actor, id, 'write'));
}
