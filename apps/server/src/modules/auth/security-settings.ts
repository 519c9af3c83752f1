import type { SecuritySettings } from '@maktaba/shared/schemas/security';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Queryable } from '../../db/queryable.js';
import { authUsers } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { readAppSetting, writeAppSetting } from '../settings/app-settings.repository.js';
import { insertAudit } from '../users/users.repository.js';

const SETTINGS_KEY = 'security';

/** The library's security settings as stored, each unset one at its default. */
export async function getSecuritySettings(db: Queryable): Promise<SecuritySettings> {
  return readAppSetting<SecuritySettings>(db, SETTINGS_KEY, { require_two_factor_for_admins: false });
}

/** Saves the settings and records the change (who, what, from where) in the audit log, in one transaction. */
export async function saveSecuritySettings(
  db: Database,
  value: SecuritySettings,
  { actorId, ipAddress }: { actorId: string; ipAddress: string | null },
): Promise<SecuritySettings> {
  return db.transaction(async (tx) => {
    const before = await getSecuritySettings(tx);
    await writeAppSetting(tx, SETTINGS_KEY, value);
    await insertAudit(tx, {
      actorId,
      actionType: 'update_security_settings',
      targetType: 'settings',
      targetId: null,
      changes: { before, after: value },
      ipAddress,
    });
    return value;
  });
}

export async function isTwoFactorEnabled(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: authUsers.twoFactorEnabled })
    .from(authUsers)
    .where(eq(authUsers.id, userId));
  return row?.enabled ?? false;
}

/** Whether this administrator must still set up two-factor sign-in before using admin routes. */
export async function needsTwoFactorSetup(db: Queryable, actor: { id: string; role: string }): Promise<boolean> {
  if (actor.role !== 'admin') return false;
  const settings = await getSecuritySettings(db);
  if (!settings.require_two_factor_for_admins) return false;
  return !(await isTwoFactorEnabled(db, actor.id));
}

/** Refuses an administrator without two-factor sign-in when the library requires it (TWO_FACTOR_REQUIRED). */
export async function assertTwoFactorSetUp(db: Queryable, actor: { id: string; role: string }): Promise<void> {
  if (await needsTwoFactorSetup(db, actor)) throw new AppError('TWO_FACTOR_REQUIRED');
}
