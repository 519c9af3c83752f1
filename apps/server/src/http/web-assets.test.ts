import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { acceptedEncodings, webAssets } from './web-assets.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'maktaba-assets-'));
const script = `export const words = ${JSON.stringify('كتاب '.repeat(2000))};\n`;
fs.writeFileSync(path.join(dir, 'app-abc123.js'), script);
fs.writeFileSync(path.join(dir, 'app-abc123.js.br'), brotliCompressSync(script));
fs.writeFileSync(path.join(dir, 'app-abc123.js.gz'), gzipSync(script));
fs.writeFileSync(path.join(dir, 'plain-def456.css'), 'body{margin:0}');
fs.writeFileSync(path.join(dir, 'app-abc123.js.map'), '{}');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const app = new Hono();
app.use('/assets/*', webAssets(dir));
app.all('*', (c) => c.text('passed on', 404));

const get = (name: string, init: RequestInit = {}) => app.request(`/assets/${name}`, init);

describe('web assets from memory', () => {
  it('answers Brotli, gzip or the file itself, as the client takes them', async () => {
    const br = await get('app-abc123.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(script);

    const gzip = await get('app-abc123.js', { headers: { 'Accept-Encoding': 'gzip, br;q=0' } });
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(script);

    const plain = await get('app-abc123.js');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(script);

    for (const response of [br, gzip, plain]) {
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toMatch(/^text\/javascript/);
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('Vary')).toBe('Accept-Encoding');
    }
    expect(Number(br.headers.get('Content-Length'))).toBeLessThan(script.length / 10);
  });

  it('answers a file without compressed copies as it is, and HEAD without a body', async () => {
    const css = await get('plain-def456.css', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(css.headers.get('Content-Encoding')).toBeNull();
    expect(css.headers.get('Vary')).toBeNull();
    expect(await css.text()).toBe('body{margin:0}');

    const head = await get('app-abc123.js', { method: 'HEAD', headers: { 'Accept-Encoding': 'gzip' } });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('Content-Length'))).toBe(gzipSync(script).byteLength);
    expect(await head.text()).toBe('');
  });

  it('passes on what it does not keep: missing files, odd names, source maps, ranges, writes', async () => {
    const passedOn = [
      await get('missing-zzz.js'),
      await get('..%2Fsecret.txt'),
      await get('.hidden'),
      await get('app-abc123.js.map'),
      await get('app-abc123.js', { headers: { Range: 'bytes=0-10' } }),
      await get('app-abc123.js', { method: 'POST' }),
    ];
    for (const response of passedOn) expect(await response.text()).toBe('passed on');
  });

  it('keeps what it read: a file changed on disk is still answered as first read', async () => {
    const name = 'kept-111.js';
    fs.writeFileSync(path.join(dir, name), 'first();');
    expect(await (await get(name)).text()).toBe('first();');
    fs.writeFileSync(path.join(dir, name), 'second();');
    expect(await (await get(name)).text()).toBe('first();');
  });

  it('reads Accept-Encoding with its qualities and wildcard', () => {
    expect([...acceptedEncodings('gzip, deflate, br, zstd')].sort()).toEqual(['br', 'gzip']);
    expect([...acceptedEncodings('br;q=0, gzip;q=0.5')]).toEqual(['gzip']);
    expect([...acceptedEncodings('*')].sort()).toEqual(['br', 'gzip']);
    expect([...acceptedEncodings('*, gzip;q=0')]).toEqual(['br']);
    expect([...acceptedEncodings('identity')]).toEqual([]);
    expect([...acceptedEncodings(undefined)]).toEqual([]);
  });
});
