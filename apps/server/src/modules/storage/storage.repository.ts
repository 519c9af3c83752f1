import { publicObjectUrl } from '@maktaba/shared/schemas/storage';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { authors, books, profiles, scholars } from '../../db/schema/index.js';

/** The image columns an upload can set. */
export type ImageTarget = 'book-cover' | 'author-photo' | 'scholar-photo' | 'avatar';

/** The database or an open transaction. */
type Tx = Pick<Database, 'select' | 'update'>;
type Queries = {
  /** The current key, with the row locked until the transaction ends; undefined when there is no row. */
  lock(tx: Tx, id: string): Promise<{ key: string | null }[]>;
  write(tx: Tx, id: string, key: string | null, now: Date): Promise<unknown>;
};

const QUERIES: Record<ImageTarget, Queries> = {
  'book-cover': {
    lock: (tx, id) => tx.select({ key: books.coverKey }).from(books).where(eq(books.id, id)).for('update'),
    write: (tx, id, key, now) => tx.update(books).set({ coverKey: key, updatedAt: now }).where(eq(books.id, id)),
  },
  'author-photo': {
    lock: (tx, id) => tx.select({ key: authors.photoKey }).from(authors).where(eq(authors.id, id)).for('update'),
    write: (tx, id, key, now) => tx.update(authors).set({ photoKey: key, updatedAt: now }).where(eq(authors.id, id)),
  },
  'scholar-photo': {
    lock: (tx, id) => tx.select({ key: scholars.photoKey }).from(scholars).where(eq(scholars.id, id)).for('update'),
    write: (tx, id, key, now) => tx.update(scholars).set({ photoKey: key, updatedAt: now }).where(eq(scholars.id, id)),
  },
  avatar: {
    lock: (tx, id) => tx.select({ key: profiles.avatarKey }).from(profiles).where(eq(profiles.id, id)).for('update'),
    write: (tx, id, key, now) =>
      tx
        .update(profiles)
        .set({ avatarKey: key, avatarUrl: publicObjectUrl('avatars', key), updatedAt: now })
        .where(eq(profiles.id, id)),
  },
};

/** Whether the row an image belongs to exists. */
export async function imageOwnerExists(db: Database, target: ImageTarget, id: string): Promise<boolean> {
  return (await QUERIES[target].lock(db, id)).length > 0;
}

/**
 * Sets (or clears, with null) the image key of a row and its updated_at; returns the key it
 * replaced, or undefined when there is no such row.
 */
export async function swapImageKey(
  db: Database,
  target: ImageTarget,
  id: string,
  key: string | null,
): Promise<{ previous: string | null } | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await QUERIES[target].lock(tx, id);
    if (!row) return undefined;
    await QUERIES[target].write(tx, id, key, new Date());
    return { previous: row.key };
  });
}
