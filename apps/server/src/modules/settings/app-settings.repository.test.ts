import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/queryable.js';
import { findAppSetting, readAppSetting, writeAppSetting } from './app-settings.repository.js';

/** A stand-in for the database holding one stored value, recording what is written. */
function fakeDb(stored: unknown) {
  const writes: Array<{ values: unknown; set: unknown }> = [];
  const db = {
    select: () => ({ from: () => ({ where: async () => (stored === undefined ? [] : [{ value: stored }]) }) }),
    insert: () => ({
      values: (values: unknown) => ({
        onConflictDoUpdate: async ({ set }: { set: unknown }) => {
          writes.push({ values, set });
        },
      }),
    }),
  } as unknown as Queryable;
  return { db, writes };
}

const DEFAULTS = { name: 'Maktaba', open: true, countries: ['US', 'CA'], address: null as string | null };

describe('app settings repository', () => {
  it('answers the defaults when nothing is stored', async () => {
    expect(await readAppSetting(fakeDb(undefined).db, 'system', DEFAULTS)).toEqual(DEFAULTS);
    expect(await findAppSetting(fakeDb(undefined).db, 'system')).toBeUndefined();
  });

  it('takes each stored setting over its default, and keeps the defaults of the others', async () => {
    const { db } = fakeDb({ open: false, countries: ['GB'] });
    expect(await readAppSetting(db, 'system', DEFAULTS)).toEqual({ ...DEFAULTS, open: false, countries: ['GB'] });
  });

  it('drops keys the defaults do not name, and a null where the default is not null', async () => {
    const { db } = fakeDb({ name: null, address: null, retired: 'x' });
    expect(await readAppSetting(db, 'system', DEFAULTS)).toEqual(DEFAULTS);
    const withAddress = fakeDb({ address: '1 Library Lane' });
    expect((await readAppSetting(withAddress.db, 'system', DEFAULTS)).address).toBe('1 Library Lane');
  });

  it('reads a stored value that is not an object as nothing stored', async () => {
    for (const stored of [null, 'text', 42, ['a']]) {
      expect(await readAppSetting(fakeDb(stored).db, 'system', DEFAULTS), JSON.stringify(stored)).toEqual(DEFAULTS);
    }
  });

  it('writes the value under its key and stamps updated_at on a replace', async () => {
    const { db, writes } = fakeDb(undefined);
    const before = Date.now();
    await writeAppSetting(db, 'system', { open: false });
    expect(writes).toHaveLength(1);
    expect(writes[0]?.values).toEqual({ key: 'system', value: { open: false } });
    const set = writes[0]?.set as { value: unknown; updatedAt: Date };
    expect(set.value).toEqual({ open: false });
    expect(set.updatedAt.getTime()).toBeGreaterThanOrEqual(before);
  });
});
