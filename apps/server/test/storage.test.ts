/**
 * Covers, portraits and avatars through HTTP: uploads (who may, what is accepted, metadata
 * stripped, replaced files removed, no orphans), and the public object URLs (transforms, caching,
 * validators, the default cover, paths that try to leave the storage folder).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { IMAGE_VARIANTS } from '@maktaba/shared/constants';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { authors, books, profiles, scholars } from '../src/db/schema/index.js';
import { replaceImage } from '../src/modules/storage/uploads.service.js';
import type { ApiClient } from './api-client.js';
import { accountAs, describeEachDriver, rawRequest, useTestServer } from './helpers.js';

const KEY = /^[0-9a-f-]{36}\/[0-9a-f]{16}\.webp$/;

/** A JPEG that carries what an upload must lose: EXIF with GPS, an ICC profile, a rotation. */
async function photoWithMetadata(): Promise<Buffer> {
  return sharp({ create: { width: 240, height: 120, channels: 3, background: '#6d28d9' } })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { ImageDescription: 'home-address', Copyright: 'someone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .withIccProfile('p3')
    .jpeg()
    .toBuffer();
}

const png = (width: number, height: number, background = '#d8c27a') =>
  sharp({ create: { width, height, channels: 4, background } })
    .png()
    .toBuffer();

describeEachDriver('images over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1', DEMO_CATALOGUE: 'false' } });
  let db: Database;
  let librarian: ApiClient;
  let patron: ApiClient;
  let patronId: string;

  /**
   * A multipart PUT on a connection of its own: an early 413 leaves a connection that the fetch
   * pool would otherwise reuse.
   */
  async function sendForm(client: ApiClient | null, pathname: string, form: FormData, method = 'PUT') {
    const encoded = new Response(form);
    const response = await rawRequest(`${server.url}${pathname}`, {
      method,
      body: Buffer.from(await encoded.arrayBuffer()),
      headers: {
        'content-type': encoded.headers.get('content-type') ?? '',
        ...(client ? { cookie: client.cookieHeader(), ...client.defaultHeaders } : {}),
      },
    });
    const text = response.body.toString();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  function upload(client: ApiClient | null, pathname: string, bytes: Buffer, name = 'image.jpg', type = '') {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    return sendForm(client, pathname, form);
  }

  async function fetchImage(url: string, headers: Record<string, string> = {}, method = 'GET') {
    const response = await rawRequest(`${server.url}${url}`, { headers, method });
    return response;
  }

  async function newBook() {
    const [row] = await db.insert(books).values({ titleEn: 'A book' }).returning({ id: books.id });
    if (!row) throw new Error('no book');
    return row.id;
  }

  const storedFile = (bucket: string, key: string) => path.join(server.dataDir, 'storage', bucket, key);

  beforeAll(async () => {
    db = server.db;
    librarian = (await accountAs(server, 'librarian', { name: 'Librarian' })).client;
    ({ client: patron, id: patronId } = await accountAs(server, 'patron', { name: 'Patron' }));
  });

  it('lets a librarian set a cover, stored as WebP without any metadata and turned upright', async () => {
    const bookId = await newBook();
    const [before] = await db.select().from(books).where(eq(books.id, bookId));
    const source = await photoWithMetadata();
    const sourceMeta = await sharp(source).metadata();
    expect(sourceMeta.exif?.includes('home-address')).toBe(true);
    expect(sourceMeta.icc).toBeDefined();

    const { status, body } = await upload(librarian, `/api/books/${bookId}/cover`, source, 'photo.png', 'image/png');
    expect(status).toBe(200);
    expect(body.key).toMatch(KEY);
    expect(body.key.startsWith(`${bookId}/`)).toBe(true);
    expect(body.url).toBe(`/storage/v1/object/public/covers/${body.key}`);
    const [row] = await db.select().from(books).where(eq(books.id, bookId));
    expect(row?.coverKey).toBe(body.key);
    expect(row?.updatedAt.getTime()).toBeGreaterThan(before?.updatedAt.getTime() ?? 0);

    const served = await fetchImage(body.url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.body).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(served.body.includes('home-address')).toBe(false);
    // Orientation 6 (a quarter turn): the 240 × 120 photo is stored upright, 120 × 240.
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 120, height: 240 });
    expect(fs.readFileSync(storedFile('covers', body.key)).equals(served.body)).toBe(true);
  });

  it('refuses uploads from patrons (403) and signed-out callers (401)', async () => {
    const bookId = await newBook();
    const image = await png(20, 30);
    expect((await upload(patron, `/api/books/${bookId}/cover`, image)).body.error.code).toBe('FORBIDDEN');
    expect((await upload(patron, `/api/books/${bookId}/cover`, image)).status).toBe(403);
    expect((await upload(null, `/api/books/${bookId}/cover`, image)).status).toBe(401);
    const [author] = await db.insert(authors).values({ nameEn: 'An author' }).returning({ id: authors.id });
    expect((await upload(patron, `/api/authors/${author?.id}/photo`, image)).status).toBe(403);
    expect((await patron.delete(`/api/books/${bookId}/cover`)).status).toBe(403);
    const [row] = await db.select().from(books).where(eq(books.id, bookId));
    expect(row?.coverKey).toBeNull();
  });

  it('answers 415 for a file that is not an image, whatever its name and type say', async () => {
    const bookId = await newBook();
    const text = Buffer.from('This is plain text pretending to be a picture.\n'.repeat(20));
    const response = await upload(librarian, `/api/books/${bookId}/cover`, text, 'cover.png', 'image/png');
    expect(response.status).toBe(415);
    expect(response.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(response.body.error.message).toMatch(/JPEG, PNG, WebP, AVIF or GIF/);
    // An SVG is an image, but not one we accept (it can carry scripts).
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>');
    expect((await upload(librarian, `/api/books/${bookId}/cover`, svg, 'x.svg', 'image/svg+xml')).status).toBe(415);
    // A PNG signature followed by garbage.
    const broken = Buffer.concat([(await png(10, 10)).subarray(0, 40), crypto.randomBytes(200)]);
    expect((await upload(librarian, `/api/books/${bookId}/cover`, broken)).status).toBe(415);
    expect(fs.existsSync(path.join(server.dataDir, 'storage', 'covers', bookId))).toBe(false);
  });

  it('answers 413 for a file over 5 MB', async () => {
    const bookId = await newBook();
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), crypto.randomBytes(6 * 1024 * 1024)]);
    const response = await upload(librarian, `/api/books/${bookId}/cover`, big);
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(response.body.error.message).toMatch(/5 MB/);
  });

  it('keeps the small JSON body limit for the rest of the API', async () => {
    const response = await rawRequest(`${server.url}/api/profiles/me`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie: patron.cookieHeader(), ...patron.defaultHeaders },
      body: JSON.stringify({ display_name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
  });

  it('answers 404 for an unknown book and 422 for a form without a file', async () => {
    const image = await png(10, 10);
    expect((await upload(librarian, `/api/books/${crypto.randomUUID()}/cover`, image)).status).toBe(404);
    const form = new FormData();
    form.append('other', 'nothing');
    const response = await sendForm(librarian, `/api/books/${await newBook()}/cover`, form);
    expect(response.status).toBe(422);
  });

  it('replaces and removes covers, deleting the files no row names any more', async () => {
    const bookId = await newBook();
    const first = (await upload(librarian, `/api/books/${bookId}/cover`, await png(30, 40, '#112233'))).body;
    const warm = await fetchImage(`${first.url}?width=10`);
    expect(warm.status).toBe(200);
    const second = (await upload(librarian, `/api/books/${bookId}/cover`, await png(30, 40, '#445566'))).body;
    expect(second.key).not.toBe(first.key);
    expect(fs.existsSync(storedFile('covers', first.key))).toBe(false);
    expect(fs.existsSync(path.join(server.dataDir, 'storage', '.cache', 'covers', first.key))).toBe(false);
    expect(fs.existsSync(storedFile('covers', second.key))).toBe(true);
    // The same image again: the same key, and the file stays.
    const again = (await upload(librarian, `/api/books/${bookId}/cover`, await png(30, 40, '#445566'))).body;
    expect(again.key).toBe(second.key);
    expect(fs.existsSync(storedFile('covers', second.key))).toBe(true);

    expect((await librarian.delete(`/api/books/${bookId}/cover`)).status).toBe(204);
    const [row] = await db.select().from(books).where(eq(books.id, bookId));
    expect(row?.coverKey).toBeNull();
    expect(fs.existsSync(storedFile('covers', second.key))).toBe(false);
    // Its URL now shows the default cover, briefly cached.
    const fallback = await fetchImage(second.url);
    expect(fallback.status).toBe(200);
    expect(fallback.headers['cache-control']).toBe('public, max-age=300');
  });

  it('deleting a book or an author removes its image file', async () => {
    const admin = (await accountAs(server, 'admin', { name: 'Admin' })).client;
    const bookId = await newBook();
    const cover = (await upload(librarian, `/api/books/${bookId}/cover`, await png(30, 40, '#778899'))).body;
    expect(fs.existsSync(storedFile('covers', cover.key))).toBe(true);
    expect((await admin.delete(`/api/books/${bookId}`)).status).toBe(204);
    expect(fs.existsSync(storedFile('covers', cover.key))).toBe(false);

    const [author] = await db.insert(authors).values({ nameEn: 'A passing author' }).returning({ id: authors.id });
    const photo = (await upload(librarian, `/api/authors/${author?.id}/photo`, await png(30, 40))).body;
    expect(fs.existsSync(storedFile('portraits', photo.key))).toBe(true);
    expect((await admin.delete(`/api/authors/${author?.id}`)).status).toBe(204);
    expect(fs.existsSync(storedFile('portraits', photo.key))).toBe(false);
  });

  it('sets author and scholar portraits with the right permission', async () => {
    const [author] = await db.insert(authors).values({ nameEn: 'An author' }).returning({ id: authors.id });
    const [scholar] = await db
      .insert(scholars)
      .values({ nameEn: 'A scholar', nameAr: 'عالم' })
      .returning({ id: scholars.id });
    const image = await png(50, 50);
    const forAuthor = await upload(librarian, `/api/authors/${author?.id}/photo`, image);
    expect(forAuthor.status).toBe(200);
    expect(forAuthor.body.url).toBe(`/storage/v1/object/public/portraits/${forAuthor.body.key}`);
    const forScholar = await upload(librarian, `/api/scholars/${scholar?.id}/photo`, image);
    expect(forScholar.status).toBe(200);
    const [authorRow] = await db
      .select()
      .from(authors)
      .where(eq(authors.id, author?.id ?? ''));
    const [scholarRow] = await db
      .select()
      .from(scholars)
      .where(eq(scholars.id, scholar?.id ?? ''));
    expect(authorRow?.photoKey).toBe(forAuthor.body.key);
    expect(scholarRow?.photoKey).toBe(forScholar.body.key);
    expect((await fetchImage(forScholar.body.url)).status).toBe(200);
  });

  it('lets every signed-in user set only their own avatar', async () => {
    const own = await upload(patron, '/api/profiles/me/avatar', await png(64, 64));
    expect(own.status).toBe(200);
    expect(own.body.key.startsWith(`${patronId}/`)).toBe(true);
    const profile = await patron.get('/api/profiles/me');
    expect(profile.body.avatar_key).toBe(own.body.key);
    expect(profile.body.avatar_url).toBe(own.body.url);
    expect((await fetchImage(own.body.url)).status).toBe(200);

    // Someone else's profile id: 404, and their avatar is untouched.
    const other = await upload(librarian, `/api/profiles/${patronId}/avatar`, await png(64, 64, '#000000'));
    expect(other.status).toBe(404);
    expect((await patron.get('/api/profiles/me')).body.avatar_key).toBe(own.body.key);
    expect((await upload(null, '/api/profiles/me/avatar', await png(8, 8))).status).toBe(401);

    const removed = await patron.delete('/api/profiles/me/avatar');
    expect(removed.status).toBe(204);
    const after = await patron.get('/api/profiles/me');
    expect({ key: after.body.avatar_key, url: after.body.avatar_url }).toEqual({ key: null, url: null });
    expect(fs.existsSync(storedFile('avatars', own.body.key))).toBe(false);
    // A missing avatar is a 404 (only covers have a default).
    const missing = await fetchImage(own.body.url);
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body.toString()).error.code).toBe('NOT_FOUND');
  });

  it("never lets a reader point their profile at another reader's avatar, or delete it", async () => {
    const own = await upload(patron, '/api/profiles/me/avatar', await png(64, 64, '#123456'));
    expect(own.status).toBe(200);
    const other = await accountAs(server, 'patron');

    // avatar_key is not a field readers write: ignored like role or status.
    const patched = await other.client.patch('/api/profiles/me', { avatar_key: own.body.key });
    expect(patched.status).toBe(200);
    expect(patched.body.avatar_key).toBeNull();
    expect((await other.client.delete('/api/profiles/me/avatar')).status).toBe(204);
    expect(fs.existsSync(storedFile('avatars', own.body.key))).toBe(true);

    // Even a row that names another user's file (older data, an import) removes only the
    // caller's own objects.
    await db.update(profiles).set({ avatarKey: own.body.key }).where(eq(profiles.id, other.id));
    expect((await other.client.delete('/api/profiles/me/avatar')).status).toBe(204);
    expect(fs.existsSync(storedFile('avatars', own.body.key))).toBe(true);
    expect((await fetchImage(own.body.url)).status).toBe(200);
    expect((await patron.get('/api/profiles/me')).body.avatar_key).toBe(own.body.key);
  });

  it('transforms to the requested size, caches the result, and answers 304 to a matching ETag', async () => {
    const bookId = await newBook();
    const { body } = await upload(librarian, `/api/books/${bookId}/cover`, await png(400, 600));
    // Sides snap up to the allowed ones (IMAGE_VARIANTS.sides): 300 → 320, 200 → 224, 100 → 128…
    const cases: Array<[string, { width: number; height: number }]> = [
      ['width=300&height=200', { width: 320, height: 224 }],
      ['width=100', { width: 128, height: 192 }],
      ['height=90', { width: 64, height: 96 }],
      ['width=80&height=80&resize=contain', { width: 96, height: 96 }],
      ['width=50&height=70&resize=fill&quality=30', { width: 64, height: 96 }],
    ];
    for (const [query, size] of cases) {
      const response = await fetchImage(`${body.url}?${query}`);
      expect(response.status, query).toBe(200);
      const meta = await sharp(response.body).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }, query).toEqual({
        format: 'webp',
        ...size,
      });
    }
    const cacheDir = path.join(server.dataDir, 'storage', '.cache', 'covers', body.key);
    expect(fs.readdirSync(cacheDir).length).toBe(cases.length);

    const first = await fetchImage(`${body.url}?width=300&height=200`);
    const second = await fetchImage(`${body.url}?width=300&height=200`);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.body.equals(first.body)).toBe(true);
    const original = await fetchImage(body.url);
    expect(original.headers.etag).not.toBe(first.headers.etag);

    for (const url of [`${body.url}?width=300&height=200`, body.url]) {
      const etag = (await fetchImage(url)).headers.etag ?? '';
      const notModified = await fetchImage(url, { 'If-None-Match': etag });
      expect(notModified.status).toBe(304);
      expect(notModified.body.length).toBe(0);
      expect(notModified.headers.etag).toBe(etag);
      expect((await fetchImage(url, { 'If-None-Match': '"something-else"' })).status).toBe(200);
    }
    const head = await fetchImage(`${body.url}?width=100`, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(head.body.length).toBe(0);
  });

  it('makes one variant for all the widths and qualities that snap to the same size', async () => {
    const bookId = await newBook();
    const { body } = await upload(librarian, `/api/books/${bookId}/cover`, await png(400, 600, '#335577'));
    const cacheDir = path.join(server.dataDir, 'storage', '.cache', 'covers', body.key);
    // 40 widths one pixel apart, each at a quality of its own: 290–320 snap to 320, 321–329 to
    // 384; qualities 61–80 to 80.
    const answers = [];
    for (let i = 0; i < 40; i++) {
      const response = await fetchImage(`${body.url}?width=${290 + i}&quality=${61 + (i % 20)}`);
      expect(response.status).toBe(200);
      answers.push(response);
    }
    expect(fs.readdirSync(cacheDir).sort()).toEqual([
      expect.stringMatching(/^w320-h0-q80-cover\.[0-9a-f]{8}\.webp$/),
      expect.stringMatching(/^w384-h0-q80-cover\.[0-9a-f]{8}\.webp$/),
    ]);
    const [first] = answers;
    for (const answer of answers.slice(0, 31)) {
      expect(answer.headers.etag).toBe(first?.headers.etag);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.body.equals(first?.body ?? Buffer.alloc(0))).toBe(true);
    }
    expect((await sharp(first?.body).metadata()).width).toBe(320);
    expect(answers[39]?.headers.etag).not.toBe(first?.headers.etag);
    // The validator of one URL is good for every URL that snaps to the same variant.
    const notModified = await fetchImage(`${body.url}?width=301&quality=77`, {
      'If-None-Match': first?.headers.etag ?? '',
    });
    expect(notModified.status).toBe(304);

    // 40 more widths spread from 5 to 980 px: at most one file per allowed side.
    for (let i = 0; i < 40; i++) expect((await fetchImage(`${body.url}?width=${5 + i * 25}`)).status).toBe(200);
    const files = fs.readdirSync(cacheDir);
    expect(files.length).toBeLessThanOrEqual(IMAGE_VARIANTS.sides.filter((side) => side <= 1024).length);
    for (const file of files) expect(IMAGE_VARIANTS.sides).toContain(Number(/^w(\d+)-/.exec(file)?.[1]));
  });

  it('answers 20 concurrent requests for a new variant with one file and the same image', async () => {
    const bookId = await newBook();
    const { body } = await upload(librarian, `/api/books/${bookId}/cover`, await png(400, 600, '#884422'));
    const cacheDir = path.join(server.dataDir, 'storage', '.cache', 'covers', body.key);
    const same = await Promise.all(Array.from({ length: 20 }, () => fetchImage(`${body.url}?width=512&height=768`)));
    // Twenty different sizes that all snap to 320 × 480.
    const snapping = await Promise.all(
      Array.from({ length: 20 }, (_, i) => fetchImage(`${body.url}?width=${257 + i}&height=${385 + i}`)),
    );
    for (const answers of [same, snapping]) {
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.headers.etag).toBe(answers[0]?.headers.etag);
        expect(answer.body.equals(answers[0]?.body ?? Buffer.alloc(0))).toBe(true);
      }
    }
    expect((await sharp(same[0]?.body).metadata()).width).toBe(512);
    expect((await sharp(snapping[0]?.body).metadata()).width).toBe(320);
    // One file each, under its final name: no temporary file is left or served.
    expect(fs.readdirSync(cacheDir).sort()).toEqual([
      expect.stringMatching(/^w320-h480-q80-cover\.[0-9a-f]{8}\.webp$/),
      expect.stringMatching(/^w512-h768-q80-cover\.[0-9a-f]{8}\.webp$/),
    ]);
    const files = fs.readdirSync(cacheDir).map((file) => fs.readFileSync(path.join(cacheDir, file)));
    expect(files.some((file) => file.equals(same[0]?.body ?? Buffer.alloc(0)))).toBe(true);
    expect(files.some((file) => file.equals(snapping[0]?.body ?? Buffer.alloc(0)))).toBe(true);
  });

  it('answers 400 with a clear message for an invalid transform', async () => {
    const bookId = await newBook();
    const { body } = await upload(librarian, `/api/books/${bookId}/cover`, await png(40, 60));
    for (const query of [
      'width=0',
      'width=2001',
      'height=-5',
      'width=abc',
      'quality=10',
      'quality=101',
      'resize=stretch',
    ]) {
      const response = await fetchImage(`${body.url}?${query}`);
      expect(response.status, query).toBe(400);
      const error = JSON.parse(response.body.toString()).error;
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.message).toMatch(new RegExp(`^Invalid image transform: ${query.split('=')[0]} `));
    }
    // The default cover checks its transform too.
    expect((await fetchImage('/storage/v1/object/public/covers/default?width=99999')).status).toBe(400);
  });

  it('serves the default cover for a missing cover, at the requested size', async () => {
    const missing = await fetchImage(`/storage/v1/object/public/covers/${crypto.randomUUID()}/0123456789abcdef.webp`);
    expect(missing.status).toBe(200);
    expect(missing.headers['content-type']).toBe('image/webp');
    expect(missing.headers['cache-control']).toBe('public, max-age=300');
    const meta = await sharp(missing.body).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 400, height: 600 });

    const sized = await fetchImage('/storage/v1/object/public/covers/default?width=320');
    expect(sized.status).toBe(200);
    const sizedMeta = await sharp(sized.body).metadata();
    expect({ width: sizedMeta.width, height: sizedMeta.height }).toEqual({ width: 320, height: 480 });
    const exact = await sharp(
      (await fetchImage('/storage/v1/object/public/covers/default?width=96&height=128')).body,
    ).metadata();
    expect({ width: exact.width, height: exact.height }).toEqual({ width: 96, height: 128 });
    // Odd sizes snap up to the allowed ones, like stored covers.
    const snapped = await fetchImage('/storage/v1/object/public/covers/default?width=90&height=120');
    const snappedMeta = await sharp(snapped.body).metadata();
    expect({ width: snappedMeta.width, height: snappedMeta.height }).toEqual({ width: 96, height: 128 });
    expect(snapped.headers.etag).toBe(
      (await fetchImage('/storage/v1/object/public/covers/default?width=96&height=128')).headers.etag,
    );
    // Not a single colour: the pattern is drawn.
    const stats = await sharp(sized.body).stats();
    expect(stats.channels[0]?.stdev ?? 0).toBeGreaterThan(5);
    const notModified = await fetchImage('/storage/v1/object/public/covers/default?width=320', {
      'If-None-Match': sized.headers.etag ?? '',
    });
    expect(notModified.status).toBe(304);
    expect((await fetchImage('/storage/v1/object/public/posters/x.webp')).status).toBe(404);
  });

  it('never serves a file outside the buckets, nor one it did not write', async () => {
    const secret = fs.readFileSync(path.join(server.dataDir, 'secrets.json'));
    // A file in a bucket that is not one of our images.
    const planted = path.join(server.dataDir, 'storage', 'avatars', 'planted');
    fs.mkdirSync(planted, { recursive: true });
    fs.writeFileSync(path.join(planted, 'page.html'), '<script>alert(1)</script>');
    fs.writeFileSync(path.join(planted, 'page.webp.html'), '<script>alert(1)</script>');
    const attempts = [
      '/storage/v1/object/public/avatars/..%2F..%2Fsecrets.json',
      '/storage/v1/object/public/avatars/%2e%2e%2f%2e%2e%2fsecrets.json',
      '/storage/v1/object/public/avatars/%2E%2E/%2E%2E/secrets.json',
      '/storage/v1/object/public/avatars/..%5c..%5csecrets.json',
      '/storage/v1/object/public/avatars/x%00.webp',
      '/storage/v1/object/public/avatars/%252e%252e%252fsecrets.json',
      '/storage/v1/object/public/avatars/../../secrets.json',
      '/storage/v1/object/public/covers/..%2F..%2Fsecrets.json',
      '/storage/v1/object/public/covers/..%2F.cache',
      '/storage/v1/object/public/avatars/.cache/x.webp',
      '/storage/v1/object/public/..%2Fsecrets.json/x',
      '/storage/v1/object/public/avatars/planted/page.html',
      '/storage/v1/object/public/avatars/planted/page.webp.html',
      '/storage/v1/object/public/avatars//etc/passwd',
    ];
    for (const rawPath of attempts) {
      const response = await rawRequest(server.url, { rawPath });
      // A NUL is refused before any route, as in every path (422 invalidCharacters).
      expect(rawPath.includes('%00') ? [422] : [400, 404], rawPath).toContain(response.status);
      expect(response.body.includes(secret.subarray(0, 20)), rawPath).toBe(false);
      expect(response.body.toString().includes('<script>'), rawPath).toBe(false);
      expect(response.headers['content-type'], rawPath).toMatch(/^application\/json/);
    }
  });

  it('leaves no file behind when the database write fails', async () => {
    const bookId = await newBook();
    const { deps } = server.running;
    const failing = new Proxy(deps.database.db, {
      get: (target, property, receiver) =>
        property === 'transaction'
          ? () => Promise.reject(new Error('database went away'))
          : Reflect.get(target, property, receiver),
    });
    await expect(
      replaceImage({ ...deps, database: { ...deps.database, db: failing } }, 'book-cover', bookId, await png(12, 18)),
    ).rejects.toThrow('database went away');
    const dir = path.join(server.dataDir, 'storage', 'covers', bookId);
    expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);
  });

  it('documents the image routes as multipart uploads', async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    };
    for (const route of ['/api/books/{id}/cover', '/api/authors/{id}/photo', '/api/scholars/{id}/photo']) {
      expect(Object.keys(document.paths[route] ?? {}).sort(), route).toEqual(['delete', 'put']);
      expect(Object.keys(document.paths[route]?.put?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    }
    expect(document.paths['/api/profiles/{id}/avatar']).toBeDefined();
  });

  describe('with a small image cache', () => {
    const CAP_MB = 0.1;
    const cap = CAP_MB * 1024 * 1024;
    const small = useTestServer(driver, { env: { DEMO_CATALOGUE: 'false', IMAGE_CACHE_MAX_MB: String(CAP_MB) } });

    it('keeps the variants under IMAGE_CACHE_MAX_MB, evicting the least recently used, never an original', async () => {
      // Noise, so that the variants weigh something: from 0.2 KB at 64 px to about 50 KB at 320 px.
      const noise = await sharp({
        create: {
          width: 600,
          height: 900,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma: 40 },
        },
      })
        .webp({ quality: 86 })
        .toBuffer();
      const key = `${crypto.randomUUID()}/0123456789abcdef.webp`;
      await small.running.deps.storage.put('covers', key, noise, 'image/webp');
      const url = `${small.url}/storage/v1/object/public/covers/${key}`;
      const cacheDir = path.join(small.dataDir, 'storage', '.cache', 'covers', key);
      const onDisk = () => (fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir) : []);
      const bytesOnDisk = () => onDisk().reduce((sum, file) => sum + fs.statSync(path.join(cacheDir, file)).size, 0);

      // Least recently used first; 64 is asked for again before 320, so it counts as recent.
      const order = [64, 96, 128, 160, 192, 224, 240, 256, 64, 320];
      const served = new Map<number, Buffer>();
      const etags = new Map<number, string>();
      for (const width of order) {
        const response = await rawRequest(`${url}?width=${width}`);
        expect(response.status).toBe(200);
        served.set(width, response.body);
        etags.set(width, response.headers.etag ?? '');
        expect(bytesOnDisk(), `after width ${width}`).toBeLessThanOrEqual(cap);
      }
      const recency = [...new Set([...order].reverse())]; // most recent first
      expect(recency.reduce((sum, width) => sum + (served.get(width)?.length ?? 0), 0)).toBeGreaterThan(cap);
      // What stays is the most recently used variants that fit under the cap together.
      const kept: number[] = [];
      let total = 0;
      for (const width of recency) {
        total += served.get(width)?.length ?? 0;
        if (total > cap) break;
        kept.push(width);
      }
      expect(kept).toContain(320);
      expect(kept.length).toBeLessThan(recency.length);
      const widthsOnDisk = onDisk().map((file) => Number(/^w(\d+)-/.exec(file)?.[1]));
      expect(widthsOnDisk.sort((a, b) => a - b)).toEqual([...kept].sort((a, b) => a - b));

      // An evicted variant is made again, the same image under the same validator.
      const evicted = recency.find((width) => !kept.includes(width)) ?? 0;
      const again = await rawRequest(`${url}?width=${evicted}`);
      expect(again.status).toBe(200);
      expect(again.headers.etag).toBe(etags.get(evicted));
      expect(again.body.equals(served.get(evicted) ?? Buffer.alloc(0))).toBe(true);
      expect(bytesOnDisk()).toBeLessThanOrEqual(cap);

      // The original is never evicted.
      const original = await rawRequest(url);
      expect(original.status).toBe(200);
      expect(original.body.equals(noise)).toBe(true);
      expect(fs.readFileSync(path.join(small.dataDir, 'storage', 'covers', key)).equals(noise)).toBe(true);
    });
  });
});
