/**
 * The system settings through HTTP: their defaults, a whole-object save audited with what changed,
 * what is refused as invalid, the public configuration the web app reads, registration closed and
 * open again, the shipping countries a reader's address must be in, and phone numbers read in the
 * address's country.
 */
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, profiles } from '../src/db/schema/index.js';
import { clientFrom, expectError, signUpBody } from './api-client.js';
import { accountAs, describeEachDriver, type TestAccount, useTestServer } from './helpers.js';

const PATH = '/api/admin/system-settings';

const SETTINGS = {
  library_name_en: 'Maktaba of Ottawa',
  library_name_ar: 'مكتبة أوتاوا',
  contact_email: 'desk@example.org',
  return_address: {
    address_line_1: '1 Library Lane',
    address_line_2: '',
    city: 'Ottawa',
    state_province: 'ON',
    postal_code: 'K1A 0B1',
    country: 'CA',
  },
  registration_open: true,
  shipping_countries: ['US', 'CA', 'GB'],
};

const ADDRESS = {
  phone_number: '+1 613 555 0123',
  address_line_1: '5 Elm St',
  address_line_2: '',
  city: 'Ottawa',
  state_province: 'ON',
  postal_code: 'K1A 0B1',
  country: 'Canada',
};

describeEachDriver('system settings over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1', DEMO_CATALOGUE: 'false' } });
  let admin: TestAccount;
  let librarian: TestAccount;
  let patron: TestAccount;

  const save = (body: unknown) => admin.client.put(PATH, body);
  const fieldErrors = (response: { body: { error: { details: { fieldErrors: Record<string, string[]> } } } }) =>
    response.body.error.details.fieldErrors;

  beforeAll(async () => {
    [admin, librarian, patron] = await Promise.all([
      accountAs(server, 'admin'),
      accountAs(server, 'librarian'),
      accountAs(server, 'patron'),
    ]);
  });

  it('answers the defaults, admins only, and the public configuration carries them', async () => {
    const response = await admin.client.get(PATH);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      library_name_en: 'Maktaba',
      library_name_ar: 'مكتبة',
      return_address: null,
      registration_open: true,
      shipping_countries: ['US', 'CA'],
    });
    expect(response.body.contact_email).toMatch(/@/);
    expectError(await librarian.client.get(PATH), 403, 'FORBIDDEN');
    expectError(await patron.client.put(PATH, SETTINGS), 403, 'FORBIDDEN');
    expectError(await clientFrom(server.url).get(PATH), 401, 'UNAUTHENTICATED');

    const config = await clientFrom(server.url).get('/api/config');
    expect(config.body).toMatchObject({
      libraryName: { en: 'Maktaba', ar: 'مكتبة' },
      registrationOpen: true,
      shippingCountries: ['US', 'CA'],
      returnAddress: null,
      contactEmail: response.body.contact_email,
    });
  });

  it('refuses invalid settings with an error per field, and saves nothing', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ library_name_en: '  ' }, 'library_name_en', 'validation.systemSettings.nameRequired'],
      [{ library_name_ar: 'م'.repeat(81) }, 'library_name_ar', 'validation.systemSettings.nameMax'],
      [{ contact_email: 'not-an-address' }, 'contact_email', 'validation.emailInvalid'],
      [{ shipping_countries: [] }, 'shipping_countries', 'validation.systemSettings.countriesRequired'],
      [{ shipping_countries: ['US', 'ZZ'] }, 'shipping_countries.1', 'validation.systemSettings.countryUnknown'],
      [{ shipping_countries: ['United Kingdom'] }, 'shipping_countries.0', 'validation.systemSettings.countryUnknown'],
      [{ return_address: { ...SETTINGS.return_address, city: '' } }, 'return_address.city', 'validation.cityRequired'],
    ];
    for (const [change, field, key] of cases) {
      const response = await save({ ...SETTINGS, ...change });
      expectError(response, 422, 'VALIDATION_FAILED');
      expect(fieldErrors(response)[field], field).toContain(key);
    }
    const nul = await save({ ...SETTINGS, library_name_en: 'Mak\u0000taba' });
    expectError(nul, 422, 'VALIDATION_FAILED');
    expectError(await save({ ...SETTINGS, surprise: true }), 422, 'VALIDATION_FAILED');
    expect((await admin.client.get(PATH)).body.library_name_en).toBe('Maktaba');
  });

  it('saves the whole object and audits what changed, before and after', async () => {
    const response = await save({ ...SETTINGS, shipping_countries: ['US', 'CA', 'GB', 'GB'] });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual(SETTINGS);
    expect((await admin.client.get(PATH)).body).toEqual(SETTINGS);
    const [entry] = await server.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.actorId, admin.id), eq(adminAuditLog.actionType, 'update_system_settings')))
      .orderBy(desc(adminAuditLog.createdAt));
    expect(entry?.targetType).toBe('settings');
    const changes = entry?.changes as { before: Record<string, unknown>; after: Record<string, unknown> };
    expect(changes.before).toMatchObject({
      library_name_en: 'Maktaba',
      return_address: null,
      shipping_countries: ['US', 'CA'],
    });
    expect(changes.after).toMatchObject({
      library_name_en: 'Maktaba of Ottawa',
      return_address: SETTINGS.return_address,
      shipping_countries: ['US', 'CA', 'GB'],
    });
    expect(Object.keys(changes.after)).not.toContain('registration_open');

    const config = await clientFrom(server.url).get('/api/config');
    expect(config.body).toMatchObject({
      libraryName: { en: 'Maktaba of Ottawa', ar: 'مكتبة أوتاوا' },
      contactEmail: 'desk@example.org',
      shippingCountries: ['US', 'CA', 'GB'],
      returnAddress: SETTINGS.return_address,
    });
  });

  it('refuses sign-up while registration is closed; existing accounts still sign in', async () => {
    expect((await save({ ...SETTINGS, registration_open: false })).status).toBe(200);
    expect((await clientFrom(server.url).get('/api/config')).body.registrationOpen).toBe(false);
    const refused = await clientFrom(server.url).signUp(signUpBody());
    expectError(refused, 403, 'REGISTRATION_CLOSED');
    const signIn = await clientFrom(server.url).post('/api/auth/sign-in', {
      email: patron.email,
      password: patron.password,
    });
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);

    expect((await save(SETTINGS)).status).toBe(200);
    expect((await clientFrom(server.url).signUp(signUpBody())).status).toBe(201);
  });

  describe('a reader address', () => {
    it('must be in a country the library ships to', async () => {
      const reader = await accountAs(server, 'patron');
      const iraq = { ...ADDRESS, phone_number: '+964 770 123 4567', country: 'IQ' };
      const refused = await reader.client.put(`/api/profiles/${reader.id}/address`, iraq);
      expectError(refused, 422, 'VALIDATION_FAILED');
      expect(fieldErrors(refused).country).toEqual(['validation.countryNotShipped']);
      const patch = await reader.client.patch(`/api/profiles/${reader.id}`, { country: 'Iraq' });
      expect(fieldErrors(patch).country).toEqual(['validation.countryNotShipped']);
      const signUp = await clientFrom(server.url).signUp(signUpBody(iraq));
      expect(fieldErrors(signUp).country).toEqual(['validation.countryNotShipped']);

      // The United Kingdom is one now: its code or its name, stored by name.
      const uk = { ...ADDRESS, phone_number: '020 7946 0958', postal_code: 'SW1A 1AA', city: 'London', country: 'GB' };
      const saved = await reader.client.put(`/api/profiles/${reader.id}/address`, uk);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body).toMatchObject({ country: 'United Kingdom', phone_number: '+442079460958' });
    });

    it('stays readable once its country is no longer shipped to, and must change at the next edit', async () => {
      const reader = await accountAs(server, 'patron');
      const uk = { ...ADDRESS, phone_number: '+44 20 7946 0958', country: 'United Kingdom' };
      expect((await reader.client.put(`/api/profiles/${reader.id}/address`, uk)).status).toBe(200);
      expect((await save({ ...SETTINGS, shipping_countries: ['US', 'CA'] })).status).toBe(200);
      try {
        const profile = await reader.client.get(`/api/profiles/${reader.id}`);
        expect(profile.body.country).toBe('United Kingdom');
        // A change of something else leaves the address alone.
        expect((await reader.client.patch(`/api/profiles/${reader.id}`, { display_name: 'Still Here' })).status).toBe(
          200,
        );
        const again = await reader.client.put(`/api/profiles/${reader.id}/address`, uk);
        expect(fieldErrors(again).country).toEqual(['validation.countryNotShipped']);
      } finally {
        await save(SETTINGS);
      }
    });

    it('reads a phone number without a country code in the chosen country', async () => {
      const reader = await accountAs(server, 'patron');
      const canadian = await reader.client.put(`/api/profiles/${reader.id}/address`, {
        ...ADDRESS,
        phone_number: '604 555 0123',
        country: 'CA',
      });
      expect(canadian.status, JSON.stringify(canadian.body)).toBe(200);
      expect(canadian.body).toMatchObject({ phone_number: '+16045550123', country: 'Canada' });
      const [row] = await server.db.select().from(profiles).where(eq(profiles.id, reader.id));
      expect(row?.phoneNumber).toBe('+16045550123');

      // Not a number in the United Kingdom.
      const british = await reader.client.put(`/api/profiles/${reader.id}/address`, {
        ...ADDRESS,
        phone_number: '604 555 0123',
        country: 'GB',
      });
      expectError(british, 422, 'VALIDATION_FAILED');
      expect(fieldErrors(british).phone_number).toEqual(['validation.phoneInvalid']);
      // The safe update reads it in the stored country when the country is not sent.
      const patched = await reader.client.patch(`/api/profiles/${reader.id}`, { phone_number: '613 555 0199' });
      expect(patched.body.phone_number).toBe('+16135550199');
    });
  });
});
