import path from 'node:path';
import { z } from 'zod';
import { STANDARD_SCRYPT_N } from '../modules/auth/password-hash.js';

const booleanFromString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * Every environment variable the server reads. Documented in README.md (Configuration);
 * keep the two in step.
 */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: booleanFromString.optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  CONTACT_EMAIL: z.email().default('privacy@maktaba.local'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url({ protocol: /^https?$/ }).default('https://accounts.google.com'),
  /** Load the shipped demo catalogue into an empty library on its first start. */
  DEMO_CATALOGUE: booleanFromString.default(true),
  /** Search and suggestion answers kept in memory (30 s each, dropped on catalogue writes); 0 turns it off. */
  SEARCH_CACHE_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).default(5000),
  /**
   * Resized images kept in DATA_DIR/storage/.cache, in megabytes (fractions allowed); past it the
   * least recently used are deleted, to be made again when asked for. 0 keeps none.
   */
  IMAGE_CACHE_MAX_MB: z.coerce.number().min(0).max(1_000_000).default(256),
  /**
   * API reads (GET) run at most this many at once; the others wait in line (http/admission.ts).
   * 0 turns it off.
   */
  HTTP_READ_CONCURRENCY: z.coerce.number().int().min(0).max(10_000).default(64),
  /** Reads waiting past this many, or longer than HTTP_READ_MAX_WAIT_MS, are answered 503 with Retry-After. */
  HTTP_READ_QUEUE_MAX: z.coerce.number().int().min(0).max(1_000_000).default(2000),
  HTTP_READ_MAX_WAIT_MS: z.coerce.number().int().min(100).max(300_000).default(15_000),
  /** Comments that keep an idle notification stream open through proxies. */
  NOTIFICATIONS_HEARTBEAT_MS: z.coerce.number().int().min(100).max(300_000).default(25_000),
});

export type Env = z.infer<typeof EnvSchema>;

/** Never echoed in error messages: they hold secrets (a database URL may carry a password). */
const SECRET_VARIABLES = new Set(['AUTH_SECRET', 'DATABASE_URL', 'SMTP_URL', 'GOOGLE_CLIENT_SECRET']);

export type Config = {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  /** The public origin links and cookies are built from; never taken from request headers. */
  publicUrl: string;
  /** Origins whose browser writes are accepted: PUBLIC_URL's, or the loopback names when it is unset. */
  allowedOrigins: string[];
  isHttps: boolean;
  trustProxyHops: number;
  logLevel: Env['LOG_LEVEL'];
  logPretty: boolean;
  /** Whether the first start loads the shipped demo catalogue. */
  demoCatalogue: boolean;
  searchCacheEntries: number;
  httpReads: { concurrency: number; maxQueue: number; maxWaitMs: number };
  /** The size the transformed-image cache on disk is kept under (IMAGE_CACHE_MAX_MB). */
  imageCacheMaxBytes: number;
  webDistDir: string;
  contactEmail: string;
  /** When unset, a secret is generated into DATA_DIR/secrets.json (config/secrets.ts). */
  authSecret: string | undefined;
  shutdownTimeoutMs: number;
  notificationsHeartbeatMs: number;
  /** SMTP delivery of the e-mail outbox; when unset, messages go to the dev mailbox. */
  smtpUrl: string | undefined;
  /** The From header of every message. */
  mailFrom: string;
  /** Google sign-in, when both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set. */
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  /**
   * The scrypt cost of new password hashes: always the standard one from the environment, and
   * no variable changes it; only the test servers' configuration lowers it (password-hash.ts).
   */
  passwordScryptN: number;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; a wrong value throws a ConfigError naming each offending variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, defaultWebDist?: string): Config {
  const relevant = Object.fromEntries(
    Object.keys(EnvSchema.shape).flatMap((key) => {
      const value = source[key];
      return value === undefined || value === '' ? [] : [[key, value]];
    }),
  );
  const parsed = EnvSchema.safeParse(relevant);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const shown = SECRET_VARIABLES.has(name) ? '(hidden)' : JSON.stringify(relevant[name] ?? '');
      return `  ${name}=${shown}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid environment configuration:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both to enable Google sign-in, or neither',
    );
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePoolMax: env.DATABASE_POOL_MAX,
    publicUrl,
    // A loopback public address (a local run, the end-to-end tests) answers under each loopback
    // name: passkeys need `localhost`, as browsers refuse an IP address as their relying party.
    allowedOrigins:
      env.PUBLIC_URL && !isLoopbackHttp(publicUrl) ? [new URL(publicUrl).origin] : loopbackOrigins(portOf(publicUrl)),
    isHttps: publicUrl.startsWith('https://'),
    trustProxyHops: env.TRUST_PROXY_HOPS,
    logLevel: env.LOG_LEVEL,
    logPretty: env.LOG_PRETTY ?? env.NODE_ENV === 'development',
    demoCatalogue: env.DEMO_CATALOGUE,
    searchCacheEntries: env.SEARCH_CACHE_ENTRIES,
    httpReads: {
      concurrency: env.HTTP_READ_CONCURRENCY,
      maxQueue: env.HTTP_READ_QUEUE_MAX,
      maxWaitMs: env.HTTP_READ_MAX_WAIT_MS,
    },
    imageCacheMaxBytes: Math.floor(env.IMAGE_CACHE_MAX_MB * 1024 * 1024),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? defaultWebDist ?? 'apps/web/dist'),
    contactEmail: env.CONTACT_EMAIL,
    authSecret: env.AUTH_SECRET,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    notificationsHeartbeatMs: env.NOTIFICATIONS_HEARTBEAT_MS,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `Maktaba <no-reply@${new URL(publicUrl).hostname}>`,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            issuer: env.GOOGLE_ISSUER.replace(/\/+$/, ''),
          }
        : null,
    passwordScryptN: STANDARD_SCRYPT_N,
  };
}

/**
 * Without PUBLIC_URL the server is reached on this machine, by any of its loopback names; a
 * deployment reached by other machines sets PUBLIC_URL, and then only that origin is accepted.
 */
function isLoopbackHttp(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
}

function portOf(url: string): number {
  const { port } = new URL(url);
  return port ? Number(port) : 80;
}

export function loopbackOrigins(port: number): string[] {
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`];
}
