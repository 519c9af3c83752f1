/**
 * The route × role matrix (accounts-and-auth §6, reader-area §6): every route of the OpenAPI
 * document declares what it needs (packages/shared/src/route-access.ts), and every route is called
 * as anonymous, patron, librarian and admin with harmless input (unknown ids, an empty body).
 * A caller without the requirement gets 401 (signed out) or 403 (signed in) and nothing else; a
 * caller with it is never refused. better-auth's own endpoints are closed except the few the
 * product passes through; its admin endpoints give nobody anything.
 */
import crypto from 'node:crypto';
import type { Role } from '@maktaba/shared/permissions';
import {
  AUTH_HANDLER_ACCESS,
  meetsRequirement,
  ROUTE_ACCESS,
  type RouteRequirement,
} from '@maktaba/shared/route-access';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { profiles } from '../src/db/schema/index.js';
import { PASSTHROUGH } from '../src/modules/auth/auth.routes.js';
import { type ApiClient, clientFrom, SESSION_COOKIE, uniqueIp } from './api-client.js';
import { accountAs, describeEachDriver, useTestServer } from './helpers.js';

type CallerName = 'anonymous' | Role;
type Caller = { name: CallerName; role: Role | null; email?: string; password?: string; client: ApiClient };
type Outcome = { status: number; code?: string };
type Deviation = { route: string; caller: CallerName; requirement: string; expected: string; got: string };

const CALLERS: CallerName[] = ['anonymous', 'patron', 'librarian', 'admin'];
/** Routes that end sessions: called last, each from a session of its own. */
const SESSION_ENDING = new Set(['POST /api/auth/sign-out', 'POST /api/auth/sessions/revoke-others']);
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

function describeRequirement(requirement: RouteRequirement): string {
  if (typeof requirement === 'string') return requirement;
  if ('anyOf' in requirement) return `any of ${requirement.anyOf.join(', ')}`;
  return `guard ${requirement.guard}`;
}

/** A harmless concrete path: unknown uuids for ids, the recent shelf for a shelf type. */
function concretePath(template: string): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'type' ? 'recent' : crypto.randomUUID()));
}

function table(deviations: Deviation[]): string {
  const header: Deviation = {
    route: 'route',
    caller: 'caller' as CallerName,
    requirement: 'requirement',
    expected: 'expected',
    got: 'got',
  };
  const rows = [header, ...deviations];
  const keys = Object.keys(header) as (keyof Deviation)[];
  const widths = keys.map((key) => Math.max(...rows.map((row) => row[key].length)));
  const line = (row: Deviation) => keys.map((key, i) => row[key].padEnd(widths[i] ?? 0)).join(' | ');
  return [`${deviations.length} deviation(s) from the route × role matrix:`, ...rows.map(line)].join('\n');
}

describeEachDriver('route × role matrix', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1' } });
  let db: Database;
  const callers = new Map<CallerName, Caller>();

  /**
   * One request with its own client address (so rate limits by address never answer for the
   * matrix); an event stream is not read, only its status.
   */
  async function send(method: string, path: string, cookie: string | undefined, ip = uniqueIp()): Promise<Outcome> {
    const headers: Record<string, string> = {};
    if (ip) headers['X-Forwarded-For'] = ip;
    if (cookie) headers.cookie = cookie;
    if (WITH_BODY.has(method)) headers['content-type'] = 'application/json';
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers,
      body: WITH_BODY.has(method) ? '{}' : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
    });
    if ((response.headers.get('content-type') ?? '').includes('text/event-stream')) {
      await response.body?.cancel();
      return { status: response.status };
    }
    const text = await response.text();
    try {
      return { status: response.status, code: JSON.parse(text)?.error?.code };
    } catch {
      return { status: response.status };
    }
  }

  /** A fresh session of the caller's account, for routes that end sessions. */
  async function throwawayCookie(caller: Caller): Promise<string | undefined> {
    if (!caller.email || !caller.password) return undefined;
    const client = clientFrom(server.url);
    const response = await client.signIn(caller.email, caller.password);
    if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
    return `${SESSION_COOKIE}=${client.sessionToken}`;
  }

  function judge(requirement: RouteRequirement, caller: Caller, outcome: Outcome): string | null {
    const got = outcome.status;
    if (requirement === 'localDevelopment') return got === 404 ? null : '404 (not from this machine)';
    if (!meetsRequirement(caller.role, requirement)) {
      const [status, code] = caller.role === null ? [401, 'UNAUTHENTICATED'] : [403, 'FORBIDDEN'];
      return got === status && outcome.code === code ? null : `${status} ${code}`;
    }
    return got !== 401 && got !== 403 && got < 500 ? null : 'allowed: no 401, 403 or 5xx';
  }

  async function walk(routes: string[]): Promise<Deviation[]> {
    const deviations: Deviation[] = [];
    for (const route of routes) {
      const requirement = (ROUTE_ACCESS as Record<string, RouteRequirement>)[route];
      if (!requirement) continue;
      const [method = '', template = ''] = route.split(' ');
      for (const name of CALLERS) {
        const caller = callers.get(name);
        if (!caller) throw new Error(`no caller ${name}`);
        const cookie = SESSION_ENDING.has(route) ? await throwawayCookie(caller) : caller.client.cookieHeader();
        const outcome = await send(method, concretePath(template), cookie || undefined);
        const expected = judge(requirement, caller, outcome);
        if (expected) {
          deviations.push({
            route,
            caller: name,
            requirement: describeRequirement(requirement),
            expected,
            got: `${outcome.status}${outcome.code ? ` ${outcome.code}` : ''}`,
          });
        }
      }
    }
    return deviations;
  }

  async function documentedRoutes(): Promise<string[]> {
    const response = await fetch(`${server.url}/api/openapi.json`);
    const document = (await response.json()) as { paths: Record<string, Record<string, unknown>> };
    return Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
  }

  beforeAll(async () => {
    db = server.db;
    callers.set('anonymous', { name: 'anonymous', role: null, client: clientFrom(server.url) });
    for (const role of ['patron', 'librarian', 'admin'] as const) {
      const { email, password, client } = await accountAs(server, role, { name: `Matrix ${role}` });
      callers.set(role, { name: role, role, email, password, client });
    }
  });

  it('declares what every route of the OpenAPI document needs, and nothing that is not served', async () => {
    const documented = await documentedRoutes();
    expect(documented.length).toBeGreaterThan(50);
    const declared = Object.keys(ROUTE_ACCESS);
    expect(
      documented.filter((route) => !declared.includes(route)),
      'routes without a declaration',
    ).toEqual([]);
    expect(
      declared.filter((route) => !documented.includes(route)),
      'declarations of no route',
    ).toEqual([]);
  });

  it("declares the better-auth endpoints passed through, and they are public; the rest of better-auth's are closed", async () => {
    const declared = Object.keys(AUTH_HANDLER_ACCESS).map((route) => route.split(' ')[1]?.replace(/^\/api\/auth/, ''));
    expect(declared.sort()).toEqual([...PASSTHROUGH].sort());
    expect((await send('GET', '/api/auth/ok', undefined)).status).toBe(200);
    for (const name of CALLERS) {
      const cookie = callers.get(name)?.client.cookieHeader() || undefined;
      for (const route of Object.keys(AUTH_HANDLER_ACCESS)) {
        const [method = '', path = ''] = route.split(' ');
        const { status } = await send(method, path, cookie);
        expect([401, 403], `${route} as ${name}`).not.toContain(status);
        expect(status, `${route} as ${name}`).toBeLessThan(500);
      }
      // better-auth's own e-mail sign-up and sign-in, profile, e-mail and account changes are closed.
      for (const path of [
        '/api/auth/sign-up/email',
        '/api/auth/sign-in/email',
        '/api/auth/update-user',
        '/api/auth/change-email',
        '/api/auth/delete-user',
        '/api/auth/list-sessions',
        '/api/auth/revoke-sessions',
        '/api/auth/list-accounts',
      ]) {
        expect((await send('POST', path, cookie)).status, `${path} as ${name}`).toBe(404);
      }
    }
  });

  it("gives a patron (or anyone) nothing from better-auth's admin endpoints: no admin plugin answers", async () => {
    const patron = callers.get('patron');
    const admin = callers.get('admin');
    if (!patron || !admin) throw new Error('callers missing');
    const patronId = (await patron.client.session()).body.user.id as string;
    const calls: [string, string][] = [
      ['GET', '/api/auth/admin/list-users'],
      ['POST', '/api/auth/admin/set-role'],
      ['POST', '/api/auth/admin/create-user'],
      ['POST', '/api/auth/admin/update-user'],
      ['POST', '/api/auth/admin/ban-user'],
      ['POST', '/api/auth/admin/unban-user'],
      ['POST', '/api/auth/admin/impersonate-user'],
      ['POST', '/api/auth/admin/remove-user'],
      ['POST', '/api/auth/admin/set-user-password'],
      ['POST', '/api/auth/admin/list-user-sessions'],
      ['POST', '/api/auth/admin/revoke-user-sessions'],
      ['POST', '/api/auth/admin/has-permission'],
    ];
    for (const caller of CALLERS.map((name) => callers.get(name))) {
      for (const [method, path] of calls) {
        const headers: Record<string, string> = { 'X-Forwarded-For': uniqueIp() };
        const body = { userId: patronId, role: 'admin', newPassword: 'Quiet-Lantern-43', banReason: 'x' };
        const response =
          method === 'GET'
            ? await caller?.client.get(path, { headers })
            : await caller?.client.post(path, body, { headers });
        expect(response?.status, `${method} ${path} as ${caller?.name}`).toBeGreaterThanOrEqual(400);
        expect(response?.status, `${method} ${path} as ${caller?.name}`).toBeLessThan(500);
      }
    }
    // The patron is still a patron, still signed in, and can still sign in.
    const [row] = await db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, patronId));
    expect(row?.role).toBe('patron');
    expect((await patron.client.session()).body.profile.role).toBe('patron');
  });

  it('answers every route as the matrix says, for anonymous, patron, librarian and admin', async () => {
    const documented = await documentedRoutes();
    // Session-ending routes last: revoking the other sessions ends the callers' own.
    const ordered = [
      ...documented.filter((route) => !SESSION_ENDING.has(route)),
      ...documented.filter((route) => SESSION_ENDING.has(route)),
    ];
    const deviations = await walk(ordered);
    expect(deviations, table(deviations)).toEqual([]);

    // The development mailbox answers a caller on this machine, whoever they are.
    expect((await send('GET', '/api/dev/mailbox', undefined, '')).status).toBe(200);
  }, 240_000);
});
