import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, compression } from './compress.js';

const big = {
  items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Al-Kafi ${i}`, title_ar: `الكافي ${i}` })),
};

function app() {
  const hono = new Hono();
  hono.use('*', compression());
  hono.get('/big', (c) => c.json(big));
  hono.get('/small', (c) => c.json({ ok: true }));
  hono.get('/no-transform', (c) => {
    c.header('Cache-Control', 'no-transform');
    return c.json(big);
  });
  hono.get('/huge', (c) => c.json({ text: 'x'.repeat(200_000) }));
  hono.get('/streamed', () => {
    const parts = [
      '[',
      ...Array.from({ length: 50 }, (_, i) => `${i ? ',' : ''}{"n":${i},"pad":"${'p'.repeat(100)}"}`),
      ']',
    ];
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const part = parts.shift();
        if (part === undefined) controller.close();
        else controller.enqueue(encoder.encode(part));
      },
    });
    return new Response(stream, { headers: { 'Content-Type': 'application/json' } });
  });
  return hono;
}

describe('response compression', () => {
  it('reads Accept-Encoding with its qualities', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('deflate')).toBe(false);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('*;q=0, gzip')).toBe(true);
    expect(acceptsGzip(undefined)).toBe(false);
  });

  it('gzips a JSON answer in one piece, with its length and Vary', async () => {
    const response = await app().request('/big', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.headers.get('Content-Encoding')).toBe('gzip');
    expect(response.headers.get('Vary')).toMatch(/accept-encoding/i);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('Content-Length'))).toBe(bytes.length);
    expect(JSON.parse(gunzipSync(bytes).toString('utf8'))).toEqual(big);
  });

  it('gzips a large answer too (on the thread pool), and leaves small ones and no-transform alone', async () => {
    const huge = await app().request('/huge', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(huge.headers.get('Content-Encoding')).toBe('gzip');
    const text = JSON.parse(gunzipSync(Buffer.from(await huge.arrayBuffer())).toString('utf8')).text as string;
    expect(text).toHaveLength(200_000);

    const small = await app().request('/small', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(small.headers.get('Content-Encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true });

    const kept = await app().request('/no-transform', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(kept.headers.get('Content-Encoding')).toBeNull();
    expect(await kept.json()).toEqual(big);
  });

  it('keeps a JSON answer written piece by piece a stream, compressed as it comes', async () => {
    const response = await app().request('/streamed', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.headers.get('Content-Encoding')).toBe('gzip');
    expect(response.headers.get('Content-Length')).toBeNull();
    const rows = JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8')) as { n: number }[];
    expect(rows.map((row) => row.n)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('sends the answer as it is to a client that takes no compression', async () => {
    const response = await app().request('/big', { headers: { 'Accept-Encoding': 'identity' } });
    expect(response.headers.get('Content-Encoding')).toBeNull();
    expect(await response.json()).toEqual(big);
  });
});
