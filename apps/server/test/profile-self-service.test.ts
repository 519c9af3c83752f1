/**
 * Settings → Profile and Settings → Address and phone through HTTP (accounts-and-auth §3, §5, §6):
 * what a reader may change about themselves, what is refused and why, the avatar, and the
 * shipping address with `address_updated_at` and the address copies loans keep.
 */
import { LIMITS } from '@maktaba/shared/constants';
import { LoanSchema } from '@maktaba/shared/schemas/loans';
import { ProfileSchema } from '@maktaba/shared/schemas/profile';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { authUsers, profiles } from '../src/db/schema/index.js';
import { type ApiClient, expectError } from './api-client.js';
import { accountAs, describeEachDriver, rawRequest, type TestAccount, useTestServer } from './helpers.js';
import { makeBook, ok, walkLoan } from './lending-fixtures.js';

const OTTAWA = {
  phone_number: '+1 613 555 0143',
  address_line_1: '40 Rideau St',
  address_line_2: 'Unit 5',
  city: 'Ottawa',
  state_province: 'ON',
  postal_code: 'K1N 5Y7',
  country: 'Canada',
};

const png = (size: number, background: string) =>
  sharp({ create: { width: size, height: size, channels: 4, background } })
    .png()
    .toBuffer();

describeEachDriver('profile self-service over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1', DEMO_CATALOGUE: 'false' } });
  let db: Database;
  let librarian: TestAccount;

  const reader = (name = 'Maryam Reader') => accountAs(server, 'patron', { name });
  const row = async (id: string) => (await db.select().from(profiles).where(eq(profiles.id, id)))[0];

  async function upload(client: ApiClient | null, bytes: Buffer, type = 'image/png') {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'avatar.png');
    const encoded = new Response(form);
    const response = await rawRequest(`${server.url}/api/profiles/me/avatar`, {
      method: 'PUT',
      body: Buffer.from(await encoded.arrayBuffer()),
      headers: {
        'content-type': encoded.headers.get('content-type') ?? '',
        ...(client ? { cookie: client.cookieHeader(), ...client.defaultHeaders } : {}),
      },
    });
    const text = response.body.toString();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  beforeAll(async () => {
    db = server.db;
    librarian = await accountAs(server, 'librarian', { name: 'Desk' });
  });

  it('saves name, biography, interests and favourite genres, and answers the whole profile', async () => {
    const a = await reader();
    const response = await a.client.patch('/api/profiles/me', {
      display_name: 'Zahra Haidari',
      biography: 'Reads tafsir.\nLikes poetry.',
      interests: ['history', 'poetry'],
      favorite_genres: ['fiqh'],
    });
    const profile = ProfileSchema.parse(ok(response));
    expect(profile).toMatchObject({
      display_name: 'Zahra Haidari',
      biography: 'Reads tafsir.\nLikes poetry.',
      interests: ['history', 'poetry'],
      favorite_genres: ['fiqh'],
    });
    // The session's name follows (the header reads it).
    expect((await a.client.get('/api/profiles/me')).body.display_name).toBe('Zahra Haidari');
    // Emptying: an empty biography is no biography; empty lists are kept empty.
    const cleared = ok(await a.client.patch('/api/profiles/me', { biography: '', interests: [], favorite_genres: [] }));
    expect(cleared).toMatchObject({ biography: null, interests: [], favorite_genres: [] });
  });

  it('refuses each invalid field with its message, and changes nothing', async () => {
    const a = await reader('Kept Name');
    const before = await row(a.id);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ display_name: 'A' }, 'display_name', 'validation.nameMin'],
      [{ display_name: 'x'.repeat(LIMITS.displayNameMax + 1) }, 'display_name', 'validation.nameMax'],
      [{ biography: 'b'.repeat(LIMITS.biographyMax + 1) }, 'biography', 'validation.biographyMax'],
      [{ phone_number: '' }, 'phone_number', 'validation.phoneRequired'],
      [{ phone_number: '12345' }, 'phone_number', 'validation.phoneInvalid'],
      [{ address_line_1: '   ' }, 'address_line_1', 'validation.streetRequired'],
      [{ city: '' }, 'city', 'validation.cityRequired'],
      [{ state_province: '' }, 'state_province', 'validation.stateRequired'],
      [{ postal_code: '' }, 'postal_code', 'validation.postalRequired'],
      [{ country: 'France' }, 'country', 'validation.countryNotShipped'],
    ];
    for (const [body, field, key] of cases) {
      const error = expectError(await a.client.patch('/api/profiles/me', body), 422, 'VALIDATION_FAILED');
      expect(error.details.fieldErrors[field], JSON.stringify(body)).toContain(key);
    }
    // Only markup: nothing left after sanitising.
    const blank = expectError(await a.client.patch('/api/profiles/me', { city: '<b></b>' }), 422, 'VALIDATION_FAILED');
    expect(blank.details.fieldErrors.city).toEqual(['validation.cityRequired']);
    // Too many interests, or one too long.
    const many = Array.from({ length: 51 }, (_, n) => `topic-${n}`);
    expectError(await a.client.patch('/api/profiles/me', { interests: many }), 422, 'VALIDATION_FAILED');
    expectError(
      await a.client.patch('/api/profiles/me', { favorite_genres: ['g'.repeat(101)] }),
      422,
      'VALIDATION_FAILED',
    );
    // SQL injection patterns: 'Invalid input detected', whatever the field.
    for (const body of [{ display_name: "Robert'); DROP TABLE profiles;--" }, { interests: ["x' OR '1'='1"] }]) {
      expectError(await a.client.patch('/api/profiles/me', body), 400, 'INVALID_INPUT');
    }
    expect(await row(a.id)).toEqual(before);
  });

  it('refuses NUL characters, lone surrogates and oversized bodies with a clear error', async () => {
    const a = await reader('Careful Reader');
    const before = await row(a.id);
    for (const display_name of ['Nul\u0000Name', 'Lone \ud800 half']) {
      const error = expectError(await a.client.patch('/api/profiles/me', { display_name }), 422, 'VALIDATION_FAILED');
      expect(JSON.stringify(error.details)).toContain('validation.invalidCharacters');
    }
    // A body over the JSON limit, on a connection of its own (the server closes it after a 413).
    const huge = await rawRequest(`${server.url}/api/profiles/me`, {
      method: 'PATCH',
      body: JSON.stringify({ biography: 'x'.repeat(LIMITS.jsonBodyBytes + 1) }),
      headers: { 'content-type': 'application/json', cookie: a.client.cookieHeader(), ...a.client.defaultHeaders },
    });
    expect(huge.status).toBe(413);
    expect(JSON.parse(huge.body.toString()).error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await row(a.id)).toEqual(before);
  });

  it('never changes role, status, limit, e-mail or avatar through the profile route', async () => {
    const a = await reader();
    const other = await reader('Other Reader');
    const response = await a.client.patch('/api/profiles/me', {
      display_name: 'Only The Name',
      role: 'admin',
      status: 'suspended',
      borrowing_limit: 50,
      email: 'taken-over@example.com',
      avatar_key: 'someone/else.webp',
      avatar_url: '/evil.png',
      address_updated_at: '2001-01-01T00:00:00.000Z',
      address_verified: true,
      preferred_language: 'ar',
      theme: 'dark',
      notification_preferences: { loan_due: { email: false } },
    });
    expect(ok(response)).toMatchObject({
      display_name: 'Only The Name',
      role: 'patron',
      status: 'active',
      borrowing_limit: LIMITS.defaultBorrowingLimit,
      email: a.email,
      avatar_key: null,
      avatar_url: null,
      address_verified: false,
      preferred_language: null,
      theme: null,
      notification_preferences: {},
    });
    expect(response.body.address_updated_at).not.toBe('2001-01-01T00:00:00.000Z');
    const [user] = await db.select().from(authUsers).where(eq(authUsers.id, a.id));
    expect(user?.email).toBe(a.email);
    // Another reader's id: 404 for every write, and their profile stays as it was.
    const otherBefore = await row(other.id);
    expectError(
      await a.client.patch(`/api/profiles/${other.id}`, { display_name: 'Hijacked' }),
      404,
      'PROFILE_NOT_FOUND',
    );
    expectError(await a.client.put(`/api/profiles/${other.id}/address`, OTTAWA), 404, 'PROFILE_NOT_FOUND');
    expect((await a.client.delete(`/api/profiles/${other.id}/avatar`)).status).toBe(404);
    expect(await row(other.id)).toEqual(otherBefore);
  });

  it('uploads, replaces and removes the avatar; refuses what is not an image', async () => {
    const a = await reader();
    const first = await upload(a.client, await png(48, '#2f6f5e'));
    expect(first.status).toBe(200);
    expect(first.body.key).toMatch(new RegExp(`^${a.id}/[0-9a-f]{16}\\.webp$`));
    expect(ok(await a.client.get('/api/profiles/me'))).toMatchObject({
      avatar_key: first.body.key,
      avatar_url: first.body.url,
    });
    expect((await rawRequest(`${server.url}${first.body.url}`)).status).toBe(200);

    const second = await upload(a.client, await png(48, '#aa3344'));
    expect(second.status).toBe(200);
    expect(second.body.key).not.toBe(first.body.key);
    expect((await a.client.get('/api/profiles/me')).body.avatar_url).toBe(second.body.url);

    const notImage = await upload(a.client, Buffer.from('plain text, not a picture'), 'text/plain');
    expect(notImage.status).toBe(415);
    expect(notImage.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await a.client.get('/api/profiles/me')).body.avatar_url).toBe(second.body.url);
    expect((await upload(null, await png(8, '#000000'))).status).toBe(401);

    expect((await a.client.delete('/api/profiles/me/avatar')).status).toBe(204);
    expect(ok(await a.client.get('/api/profiles/me'))).toMatchObject({ avatar_key: null, avatar_url: null });
  });

  describe('address and phone', () => {
    it('stamps address_updated_at when the address changes, not when it is saved unchanged', async () => {
      const a = await reader();
      await db.update(profiles).set({ addressUpdatedAt: null, addressVerified: true }).where(eq(profiles.id, a.id));
      const current = ok(await a.client.get('/api/profiles/me'));
      const same = {
        phone_number: '+1 415 555 0199',
        address_line_1: current.address_line_1,
        address_line_2: current.address_line_2 ?? '',
        city: current.city,
        state_province: current.state_province,
        postal_code: current.postal_code,
        country: current.country,
      };
      // Only the phone changes: a new number, the address untouched and still verified.
      const phoneOnly = ok(await a.client.put('/api/profiles/me/address', same));
      expect(phoneOnly).toMatchObject({
        phone_number: '+14155550199',
        address_updated_at: null,
        address_verified: true,
      });

      const moved = ok(await a.client.put('/api/profiles/me/address', OTTAWA));
      expect(moved).toMatchObject({ city: 'Ottawa', phone_number: '+16135550143', address_verified: false });
      const stamp = Date.parse(moved.address_updated_at);
      expect(Date.now() - stamp).toBeLessThan(60_000);

      // The same address again: the stamp stays.
      const again = ok(await a.client.put('/api/profiles/me/address', OTTAWA));
      expect(again.address_updated_at).toBe(moved.address_updated_at);
      // The second line alone is a change too, through either route.
      const line2 = ok(await a.client.patch('/api/profiles/me', { address_line_2: 'Unit 6' }));
      expect(Date.parse(line2.address_updated_at)).toBeGreaterThan(stamp);
    });

    it('never changes the address an open loan was asked with; the next request uses the new one', async () => {
      const a = await reader();
      const book = await makeBook(db, 'A Book To Ship', 2);
      const requested = await walkLoan(a, librarian, book.id, 'requested');
      const other = await makeBook(db, 'Another Book', 1);
      const shipped = await walkLoan(a, librarian, other.id, 'shipped');
      const snapshots = {
        requested: LoanSchema.parse(ok(await a.client.get(`/api/loans/${requested.id}`))).shipping_address,
        shipped: LoanSchema.parse(ok(await a.client.get(`/api/loans/${shipped.id}`))).shipping_address,
      };
      expect(snapshots.requested.city).toBe('San Francisco');

      ok(await a.client.put('/api/profiles/me/address', OTTAWA));
      ok(await a.client.patch('/api/profiles/me', { city: 'Toronto', postal_code: 'M5V 2T6' }));

      for (const [status, loan] of [
        ['requested', requested],
        ['shipped', shipped],
      ] as const) {
        const after = LoanSchema.parse(ok(await a.client.get(`/api/loans/${loan.id}`)));
        expect(after.shipping_address, status).toEqual(snapshots[status]);
      }
      const third = await makeBook(db, 'A Third Book', 1);
      const next = LoanSchema.parse(ok(await a.client.post('/api/loans', { book_id: third.id }), 201));
      expect(next.shipping_address).toMatchObject({ city: 'Toronto', postal_code: 'M5V 2T6', country: 'Canada' });
    });
  });
});
