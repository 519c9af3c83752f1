/**
 * A small JSON client for the accounts API: it keeps the cookies the server sets (a cookie jar of
 * one origin), and can present itself from a given address through X-Forwarded-For when the
 * server trusts one proxy hop (TRUST_PROXY_HOPS=1).
 */
import crypto from 'node:crypto';
import { expect } from 'vitest';

export const SESSION_COOKIE = 'maktaba.session_token';

/** A parsed JSON body: tests read into it freely and assert what they find. */
// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the assertions that read them
export type Json = any;

export type ApiResponse = {
  status: number;
  headers: Headers;
  /** Parsed JSON, or null for an empty body. */
  body: Json;
  /** The Set-Cookie lines of this response. */
  setCookies: string[];
};

export type RequestOptions = {
  body?: unknown;
  headers?: Record<string, string>;
  /** Send this Cookie header instead of the jar's (and leave the jar untouched). */
  cookie?: string;
};

export class ApiClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    /** Sent with every request, e.g. { 'X-Forwarded-For': '10.0.0.7' }. */
    readonly defaultHeaders: Record<string, string> = {},
  ) {}

  /** The Cookie header the jar would send now. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get sessionToken(): string | undefined {
    return this.cookies.get(SESSION_COOKIE);
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...this.defaultHeaders, ...options.headers };
    const cookie = options.cookie ?? this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      redirect: 'manual',
    });
    const setCookies = response.headers.getSetCookie();
    if (options.cookie === undefined) this.store(setCookies);
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null, setCookies };
  }

  get(path: string, options?: RequestOptions) {
    return this.request('GET', path, options);
  }
  post(path: string, body?: unknown, options?: RequestOptions) {
    return this.request('POST', path, { ...options, body });
  }
  patch(path: string, body?: unknown, options?: RequestOptions) {
    return this.request('PATCH', path, { ...options, body });
  }
  put(path: string, body?: unknown, options?: RequestOptions) {
    return this.request('PUT', path, { ...options, body });
  }
  delete(path: string, options?: RequestOptions) {
    return this.request('DELETE', path, options);
  }

  signUp(body: Record<string, unknown>, options?: RequestOptions) {
    return this.post('/api/auth/sign-up', body, options);
  }
  signIn(email: string, password: string, options?: RequestOptions & { website?: string }) {
    const body: Record<string, unknown> = { email, password };
    if (options?.website !== undefined) body.website = options.website;
    return this.post('/api/auth/sign-in', body, options);
  }
  signOut(options?: RequestOptions) {
    return this.post('/api/auth/sign-out', undefined, options);
  }
  session(options?: RequestOptions) {
    return this.get('/api/auth/session', options);
  }
  securityCheck(action: 'login' | 'registration', identifier: string, options?: RequestOptions) {
    return this.post('/api/auth/security-check', { action, identifier, metadata: { userAgent: 'vitest' } }, options);
  }

  private store(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const expired = attributes.some((attribute) => {
        const [key = '', raw = ''] = attribute.split('=');
        if (key.toLowerCase() === 'max-age') return Number(raw) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(raw) <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** The attributes of the named cookie in a list of Set-Cookie lines (lower-case keys), or undefined. */
export function findSetCookie(
  setCookies: string[],
  name: string,
): { value: string; attributes: Map<string, string> } | undefined {
  for (const line of setCookies) {
    const [pair = '', ...rest] = line.split(';').map((part) => part.trim());
    if (!pair.startsWith(`${name}=`)) continue;
    const attributes = new Map<string, string>();
    for (const attribute of rest) {
      const eq = attribute.indexOf('=');
      if (eq < 0) attributes.set(attribute.toLowerCase(), '');
      else attributes.set(attribute.slice(0, eq).toLowerCase(), attribute.slice(eq + 1));
    }
    return { value: pair.slice(name.length + 1), attributes };
  }
  return undefined;
}

/** What an error response says: `{ error: { code, message, details? } }`. */
export type ApiError = { code: string; message: string; details?: Json };

/**
 * Asserts that `response` is the error `code` with `status` (compared together, so a failure
 * shows both) and a message, and that it started no session; returns the error.
 */
export function expectError(response: ApiResponse, status: number, code: string): ApiError {
  expect({ status: response.status, code: response.body?.error?.code }).toEqual({ status, code });
  expect(typeof response.body.error.message).toBe('string');
  // A refused request never starts a session.
  expect(findSetCookie(response.setCookies, SESSION_COOKIE)?.value ?? '').toBe('');
  return response.body.error as ApiError;
}

let ipCounter = 0;
/** A client address no other request of this process uses (10.x.y.z), for X-Forwarded-For. */
export function uniqueIp(): string {
  ipCounter++;
  const salt = process.pid % 200;
  return `10.${salt}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

/** A client that presents itself from its own address (the server must trust one proxy hop). */
export function clientFrom(baseUrl: string, ip: string = uniqueIp()): ApiClient {
  return new ApiClient(baseUrl, { 'X-Forwarded-For': ip });
}

/** An e-mail address no other test uses. */
export function uniqueEmail(prefix = 'reader'): string {
  return `${prefix}.${crypto.randomBytes(5).toString('hex')}@example.com`;
}

export const GOOD_PASSWORD = 'Quiet-Lantern-42';

/** A complete, valid sign-up request (both registration steps); `overrides` replace fields. */
export function signUpBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    email: uniqueEmail(),
    password: GOOD_PASSWORD,
    name: 'Test Reader',
    phone_number: '(415) 555-2671',
    address_line_1: '12 Main St',
    address_line_2: '',
    city: 'San Francisco',
    state_province: 'CA',
    postal_code: '94103',
    country: 'United States',
    ...overrides,
  };
}

/** Signs up a new account through `client` (whose jar then holds its session). */
export async function registerAccount(
  client: ApiClient,
  overrides: Record<string, unknown> = {},
): Promise<{ email: string; password: string; id: string; response: ApiResponse }> {
  const body = signUpBody(overrides);
  const response = await client.signUp(body);
  if (response.status !== 201) {
    throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return { email: String(body.email), password: String(body.password), id: response.body.user.id, response };
}
