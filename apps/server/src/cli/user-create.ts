import { parseArgs } from 'node:util';
import { ROLES, type Role } from '@maktaba/shared/permissions';
import { EmailSchema, NewPasswordSchema } from '@maktaba/shared/schemas/auth';
import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../db/client.js';
import { adminAuditLog, authUsers, profiles } from '../db/schema/index.js';
import { createAccountWithProfile, EmailTakenError } from '../modules/auth/accounts.repository.js';
import { isCommonPassword } from '../modules/auth/common-passwords.js';
import { toDisplayName } from '../modules/profiles/profile-input.js';
import { english, fail, loadCliConfig } from './cli-support.js';
import { promptHidden, readStdin } from './prompt.js';

const USAGE = `Usage: npm run user:create -- --email <address> [--role admin|librarian|patron] [--name <name>]
                           [--password-stdin] [--promote]

Creates an account (the first admin, for example). The password is asked for on the terminal, or
read from standard input with --password-stdin; it is never a command-line argument. With
--promote, an existing account gets the given role instead.

With the embedded database, stop the server first (it owns the data directory).`;

async function readPassword(fromStdin: boolean): Promise<string> {
  if (fromStdin) return readStdin();
  const first = await promptHidden('Password: ');
  const second = await promptHidden('Repeat the password: ');
  if (first !== second) fail(english('validation.passwordsMismatch'));
  return first;
}

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      role: { type: 'string', default: 'patron' },
      name: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
      promote: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.email) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(values.help ? 0 : 64);
  }
  const email = EmailSchema.safeParse(values.email.toLowerCase());
  if (!email.success) fail(english(email.error.issues[0]?.message ?? 'validation.emailInvalid'));
  if (!(ROLES as readonly string[]).includes(values.role)) fail(`--role must be one of: ${ROLES.join(', ')}`);
  const role = values.role as Role;

  const { config, logger } = loadCliConfig();

  if (values.promote) {
    const database = await openDatabase(config, logger);
    try {
      const [user] = await database.db.select().from(authUsers).where(eq(authUsers.email, email.data));
      if (!user) fail(`No account with the e-mail ${email.data}.`);
      await database.db.transaction(async (tx) => {
        const [before] = await tx.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, user.id));
        await tx.update(profiles).set({ role, updatedAt: new Date() }).where(eq(profiles.id, user.id));
        await tx.insert(adminAuditLog).values({
          actionType: 'update_user_role',
          targetUser: user.id,
          changes: { role },
          metadata: { previous_role: before?.role ?? null, via: 'command line' },
        });
      });
      process.stdout.write(`${email.data} now has the role ${role}.\n`);
    } finally {
      await database.close();
    }
    return;
  }

  const password = await readPassword(values['password-stdin']);
  const valid = NewPasswordSchema.safeParse(password);
  if (!valid.success) fail(valid.error.issues.map((issue) => english(issue.message)).join('\n'));
  if (await isCommonPassword(password)) fail(english('validation.passwordCommon'));

  const database = await openDatabase(config, logger);
  try {
    const displayName = toDisplayName(values.name, email.data);
    await createAccountWithProfile(database.db, {
      email: email.data,
      name: displayName,
      passwordHash: await hashPassword(password),
      // The operator creating the account on the server vouches for the address (as an admin can
      // in the users page): no verification link is sent, and the account can borrow at once.
      emailVerified: true,
      // No shipping address yet: the first sign-in asks for it, as for every account.
      profile: { displayName, role, creationSource: 'cli', registrationCompleted: false },
    });
    process.stdout.write(`Created ${role} ${email.data}. Sign in at ${config.publicUrl}/signin\n`);
  } catch (error) {
    if (error instanceof EmailTakenError)
      fail(`${english('errors.codes.EMAIL_TAKEN')}. Use --promote to change its role.`);
    throw error;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => fail((error as Error).message));
