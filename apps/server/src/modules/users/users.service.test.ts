import { describe, expect, it, vi } from 'vitest';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import type { RequestMetadata } from '../../request-metadata.js';
import type { ProfileRow } from '../profiles/profiles.mapper.js';
import { createUsersService, type UsersRepository } from './users.service.js';

const ADMIN: Actor = { id: 'admin-1', email: 'admin@example.org', role: 'admin', sessionId: 'session-1' };
const REQUEST: RequestMetadata = { clientIp: '203.0.113.7', userAgent: 'test', acceptLanguage: 'ar' };
const NOW = new Date('2026-01-01T00:00:00Z');

function profileRow(overrides: Partial<ProfileRow> = {}): ProfileRow {
  return {
    id: 'user-1',
    email: 'user@example.org',
    displayName: 'A User',
    role: 'patron',
    status: 'active',
    avatarKey: null,
    avatarUrl: null,
    biography: null,
    phoneNumber: null,
    borrowingLimit: 3,
    creationSource: 'admin',
    createdBy: null,
    createdAt: NOW,
    updatedAt: NOW,
    lastActivityAt: null,
    addressLine1: null,
    addressLine2: null,
    city: null,
    stateProvince: null,
    postalCode: null,
    country: null,
    addressVerified: false,
    addressUpdatedAt: null,
    registrationCompleted: false,
    registrationComplete: false,
    interests: [],
    favoriteGenres: [],
    preferredLanguage: null,
    theme: null,
    style: null,
    notificationPreferences: {},
    ...overrides,
  };
}

/**
 * The users service on a fake repository (the real one is exercised by the HTTP tests): `users`
 * are the accounts and profiles it finds; a query a test does not fake fails the test.
 */
function newTestService(users: ProfileRow[], fakes: Partial<UsersRepository> = {}) {
  const byId = (id: string) => users.find((user) => user.id === id);
  const repo = new Proxy(
    {
      findAuthUserById: vi.fn(async (_db: unknown, id: string) => {
        const user = byId(id);
        return user && { id: user.id, email: user.email, name: user.displayName, createdAt: user.createdAt };
      }),
      findProfileById: vi.fn(async (_db: unknown, id: string) => byId(id)),
      findUserProviders: vi.fn(async () => ['credential']),
      countActiveSessions: vi.fn(async () => 1),
      lockOtherActiveAdmins: vi.fn(async (_db: unknown, exceptId: string) =>
        users
          .filter((user) => user.role === 'admin' && user.status === 'active' && user.id !== exceptId)
          .map((u) => u.id),
      ),
      updateProfileRow: vi.fn(async () => undefined),
      insertAudit: vi.fn(async () => undefined),
      insertActivity: vi.fn(async () => undefined),
      revokeSessions: vi.fn(async () => 2),
      enqueueEmail: vi.fn(async () => 1),
      setUserEmail: vi.fn(async () => undefined),
      ...fakes,
    } as Record<string, unknown>,
    {
      get(target, name: string) {
        if (!(name in target)) throw new Error(`the test does not fake ${name}`);
        return target[name];
      },
    },
  ) as unknown as { [K in keyof UsersRepository]: UsersRepository[K] & ReturnType<typeof vi.fn> };
  const db = { transaction: async (work: (tx: unknown) => Promise<unknown>) => work({}) } as unknown as Database;
  const mailer = { wake: vi.fn(async () => undefined) };
  const service = createUsersService({ db, mailer, publicUrl: 'https://library.example', repo, now: () => NOW });
  return { service, repo, mailer };
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error) => error.code as string,
  );

describe('users service: the last active admin', () => {
  const lastAdmin = profileRow({ id: 'admin-2', role: 'admin' });

  it.each([
    ['demoted', { role: 'librarian' as const }],
    ['suspended', { status: 'suspended' as const }],
  ])('cannot be %s, and nothing is written', async (_, update) => {
    const { service, repo } = newTestService([lastAdmin]);
    expect(await rejection(service.updateUser(ADMIN, 'admin-2', update, REQUEST))).toBe('LAST_ADMIN');
    expect(repo.updateProfileRow).not.toHaveBeenCalled();
    expect(repo.insertAudit).not.toHaveBeenCalled();
  });

  it('cannot be deleted', async () => {
    const { service, repo } = newTestService([lastAdmin], { deleteAuthUser: vi.fn() });
    expect(await rejection(service.deleteUser(ADMIN, 'admin-2', REQUEST))).toBe('LAST_ADMIN');
    expect(repo.deleteAuthUser).not.toHaveBeenCalled();
  });

  it('can be demoted while another admin stays active, audited with the actor and their address', async () => {
    const other = profileRow({ id: 'admin-3', role: 'admin' });
    const { service, repo } = newTestService([lastAdmin, other]);
    await service.updateUser(ADMIN, 'admin-2', { role: 'librarian' }, REQUEST);
    expect(repo.updateProfileRow).toHaveBeenCalledWith({}, 'admin-2', { role: 'librarian' });
    expect(repo.insertAudit).toHaveBeenCalledWith(
      {},
      expect.objectContaining({
        actorId: ADMIN.id,
        actionType: 'update_user_role',
        targetUser: 'admin-2',
        ipAddress: REQUEST.clientIp,
        metadata: { previous_role: 'admin' },
      }),
    );
  });

  it('may be suspended only by another admin while one stays active, and their sessions end', async () => {
    const other = profileRow({ id: 'admin-3', role: 'admin' });
    const { service, repo } = newTestService([lastAdmin, other]);
    await service.updateUser(ADMIN, 'admin-2', { status: 'suspended' }, REQUEST);
    expect(repo.revokeSessions).toHaveBeenCalledWith({}, { userId: 'admin-2', reason: 'admin' });
    expect(repo.insertActivity).toHaveBeenCalledWith({}, 'admin-2', 'status_changed', {
      status: 'suspended',
      endedSessions: 2,
    });
  });
});

describe('users service: an admin changing themselves', () => {
  const self = profileRow({ id: ADMIN.id, role: 'admin' });
  const other = profileRow({ id: 'admin-3', role: 'admin' });

  it.each([
    ['their own role', { role: 'librarian' as const }],
    ['their own status', { status: 'suspended' as const }],
  ])('cannot change %s, even with another admin left', async (_, update) => {
    const { service, repo } = newTestService([self, other]);
    expect(await rejection(service.updateUser(ADMIN, ADMIN.id, update, REQUEST))).toBe('SELF_CHANGE');
    expect(repo.updateProfileRow).not.toHaveBeenCalled();
  });

  it('cannot promote themselves either, while setting the role they already have is no change', async () => {
    const librarian = profileRow({ id: 'lib-1', role: 'librarian' });
    const actor: Actor = { ...ADMIN, id: 'lib-1' };
    const { service } = newTestService([librarian, self, other]);
    expect(await rejection(service.updateUser(actor, 'lib-1', { role: 'admin' }, REQUEST))).toBe('SELF_CHANGE');
    expect(await rejection(service.updateUser(ADMIN, ADMIN.id, { role: 'admin' }, REQUEST))).toBe('resolved');
  });

  it('cannot delete their own account', async () => {
    const { service, repo } = newTestService([self, other], { deleteAuthUser: vi.fn() });
    expect(await rejection(service.deleteUser(ADMIN, ADMIN.id, REQUEST))).toBe('SELF_CHANGE');
    expect(repo.deleteAuthUser).not.toHaveBeenCalled();
  });

  it('may change their own profile fields', async () => {
    const { service, repo } = newTestService([self]);
    await service.updateUser(ADMIN, ADMIN.id, { display_name: 'New Name' }, REQUEST);
    expect(repo.updateProfileRow).toHaveBeenCalledWith({}, ADMIN.id, { displayName: 'New Name' });
  });
});

describe('users service: an e-mail already in use', () => {
  const user = profileRow();

  it('is refused when changing a user to it, and nothing is written or sent', async () => {
    const { service, repo, mailer } = newTestService([user], {
      findUserByEmailExcept: vi.fn(async () => ({ id: 'someone-else' })),
    });
    const change = service.changeUserEmail(ADMIN, user.id, { email: ' Taken@Example.org ' }, REQUEST);
    expect(await rejection(change)).toBe('EMAIL_TAKEN');
    expect(repo.findUserByEmailExcept).toHaveBeenCalledWith({}, 'taken@example.org', user.id);
    expect(repo.setUserEmail).not.toHaveBeenCalled();
    expect(repo.enqueueEmail).not.toHaveBeenCalled();
    expect(mailer.wake).not.toHaveBeenCalled();
  });

  it('is refused when a concurrent change takes it first (the unique index), as if it came second', async () => {
    const { service } = newTestService([user], {
      findUserByEmailExcept: vi.fn(async () => undefined),
      setUserEmail: vi.fn(async () => {
        throw Object.assign(new Error('duplicate key'), { code: '23505' });
      }),
    });
    expect(await rejection(service.changeUserEmail(ADMIN, user.id, { email: 'new@example.org' }, REQUEST))).toBe(
      'EMAIL_TAKEN',
    );
  });

  it('is refused when creating a user with it', async () => {
    const { service, repo } = newTestService([], {
      findUserByEmail: vi.fn(async () => ({ id: 'someone-else', email: 'taken@example.org' })),
      insertAuthUser: vi.fn(),
    });
    const create = service.createUser(
      ADMIN,
      { email: 'taken@example.org', display_name: 'Someone', role: 'patron' },
      REQUEST,
    );
    expect(await rejection(create)).toBe('EMAIL_TAKEN');
    expect(repo.insertAuthUser).not.toHaveBeenCalled();
  });

  it('sends the notice of a change to the old address, in the language of the request', async () => {
    const { service, repo, mailer } = newTestService([user], { findUserByEmailExcept: vi.fn(async () => undefined) });
    await service.changeUserEmail(ADMIN, user.id, { email: 'new@example.org' }, REQUEST);
    expect(repo.setUserEmail).toHaveBeenCalledWith({}, user.id, 'new@example.org');
    expect(repo.enqueueEmail).toHaveBeenCalledWith(
      {},
      {
        to: 'user@example.org',
        locale: 'ar',
        template: 'email_changed',
        data: { signInUrl: 'https://library.example/signin' },
      },
    );
    expect(mailer.wake).toHaveBeenCalledOnce();
  });
});
