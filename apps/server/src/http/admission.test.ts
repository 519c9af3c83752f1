import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createAdmission } from './admission.js';

/** An app whose GET /api/wait/:n answers when `open(n)` is called; writes and health answer at once. */
function appWith(options: { concurrency: number; maxQueue: number; maxWaitMs: number }) {
  const admission = createAdmission({ ...options, exempt: (path) => path.startsWith('/api/health') });
  const gates = new Map<string, () => void>();
  const started: string[] = [];
  const app = new Hono();
  app.use('/api/*', admission.middleware);
  app.get('/api/wait/:n', async (c) => {
    const n = c.req.param('n');
    started.push(n);
    await new Promise<void>((resolve) => gates.set(n, resolve));
    return c.json({ n });
  });
  app.post('/api/write', (c) => c.json({ ok: true }));
  app.get('/api/health', (c) => c.json({ ok: true }));
  const open = async (n: string) => {
    for (let i = 0; i < 100 && !gates.has(n); i++) await new Promise((resolve) => setTimeout(resolve, 1));
    gates.get(n)?.();
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 5));
  return { app, admission, started, open, settle };
}

describe('admission of API reads', () => {
  it('runs at most `concurrency` reads at once and lets the others in, in arrival order', async () => {
    const { app, admission, started, open, settle } = appWith({ concurrency: 2, maxQueue: 10, maxWaitMs: 5000 });
    const answers = ['1', '2', '3', '4'].map((n) => app.request(`/api/wait/${n}`));
    await settle();
    expect(started).toEqual(['1', '2']);
    expect(admission.stats()).toEqual({ running: 2, waiting: 2 });
    await open('2');
    await settle();
    expect(started).toEqual(['1', '2', '3']);
    await open('1');
    await settle();
    expect(started).toEqual(['1', '2', '3', '4']);
    await open('3');
    await open('4');
    expect((await Promise.all(answers)).map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(admission.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('never holds writes or health checks, however full it is', async () => {
    const { app, open, settle } = appWith({ concurrency: 1, maxQueue: 1, maxWaitMs: 5000 });
    const held = [app.request('/api/wait/1'), app.request('/api/wait/2')];
    await settle();
    expect((await app.request('/api/write', { method: 'POST' })).status).toBe(200);
    expect((await app.request('/api/health')).status).toBe(200);
    await open('1');
    await open('2');
    await Promise.all(held);
  });

  it('answers 503 with Retry-After when the line is full, and when a read has waited too long', async () => {
    const { app, admission, open, settle } = appWith({ concurrency: 1, maxQueue: 1, maxWaitMs: 50 });
    const first = app.request('/api/wait/1');
    const second = app.request('/api/wait/2');
    await settle();
    const refused = await app.request('/api/wait/3');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('Retry-After')).toBe('2');
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('SERVICE_UNAVAILABLE');
    // The second waited past 50 ms behind the first: refused, and its place in line is gone.
    const late = await second;
    expect(late.status).toBe(503);
    expect(admission.stats()).toEqual({ running: 1, waiting: 0 });
    await open('1');
    expect((await first).status).toBe(200);
    expect(admission.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('lets a read through and frees its place when the handler throws', async () => {
    const admission = createAdmission({ concurrency: 1, maxQueue: 1, maxWaitMs: 1000 });
    const app = new Hono();
    app.use('/api/*', admission.middleware);
    app.get('/api/boom', () => {
      throw new Error('boom');
    });
    app.onError((_error, c) => c.json({ error: 'boom' }, 500));
    expect((await app.request('/api/boom')).status).toBe(500);
    expect(admission.stats()).toEqual({ running: 0, waiting: 0 });
  });
});
