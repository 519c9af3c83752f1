import { sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/raw.js';
import { AppError } from '../errors.js';
import type { AppEnv } from './context.js';
import { optionalActor } from './guards.js';

export type RateLimit = {
  /** Names the limit in the counter key, e.g. 'feedback:ip'. */
  name: string;
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
};

/**
 * Counts one request against a fixed-window limit shared by every server instance (the counter is
 * a row of rate_limit_counters, updated atomically). Returns how long to wait when over the limit.
 */
export async function consumeRateLimit(
  db: Pick<Database, 'execute'>,
  limit: RateLimit,
  subject: string,
): Promise<{ allowed: boolean; retryAfterSeconds: number; count: number }> {
  const key = `${limit.name}:${subject}`;
  const window = `${limit.windowMs} milliseconds`;
  const [row] = await rowsOf<{ count: number; reset_in_ms: number }>(
    db,
    sql`insert into rate_limit_counters as c (key, window_start, count)
        values (${key}, now(), 1)
        on conflict (key) do update set
          window_start = case when c.window_start <= now() - ${window}::interval then now() else c.window_start end,
          count = case when c.window_start <= now() - ${window}::interval then 1 else c.count + 1 end
        returning c.count,
          greatest(0, extract(epoch from (c.window_start + ${window}::interval - now())) * 1000)::float8 as reset_in_ms`,
  );
  const count = Number(row?.count ?? 1);
  return {
    allowed: count <= limit.limit,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil(Number(row?.reset_in_ms ?? 0) / 1000)),
  };
}

/**
 * Enforces one or more limits for this request, each by the caller's address and, when signed in,
 * by their user id too. Throws RATE_LIMITED (429, with Retry-After) on the first one exceeded.
 */
export async function enforceRateLimits(
  c: Context<AppEnv>,
  limits: { byIp: RateLimit; byUser?: RateLimit },
  userId: string | null,
  /** Called on the first refusal of a window for a subject (once, so a flood does not write a row per request). */
  onFirstRefusal?: (limit: RateLimit) => Promise<void>,
): Promise<void> {
  const db = c.get('deps').database.db;
  const checks: [RateLimit, string][] = [[limits.byIp, c.get('clientIp')]];
  if (userId && limits.byUser) checks.push([limits.byUser, userId]);
  for (const [limit, subject] of checks) {
    const result = await consumeRateLimit(db, limit, subject);
    if (!result.allowed) {
      if (onFirstRefusal && result.count === limit.limit + 1) await onFirstRefusal(limit);
      c.header('Retry-After', String(result.retryAfterSeconds));
      throw new AppError('RATE_LIMITED');
    }
  }
}

/** Drops counters whose window ended long ago (called from a periodic sweep). */
export async function pruneRateLimitCounters(db: Pick<Database, 'execute'>, olderThanMs: number): Promise<void> {
  await db.execute(
    sql`delete from rate_limit_counters where window_start < now() - ${`${olderThanMs} milliseconds`}::interval`,
  );
}

/**
 * The guard of a route that anyone may write to (feedback, browser reports), before its body is
 * read: a size limit of its own, then one count against the limits by address and, signed in, by
 * account, so floods of invalid bodies are limited too. A signed-in caller is kept as `actor`.
 */
export function guardPublicWrite(
  maxSize: number,
  limits: { byIp: RateLimit; byUser: RateLimit },
): [MiddlewareHandler<AppEnv>, MiddlewareHandler<AppEnv>] {
  const sizeLimit = bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', `Request body exceeds ${maxSize} bytes.`);
    },
  });
  const countRequest: MiddlewareHandler<AppEnv> = async (c, next) => {
    const actor = await optionalActor(c);
    if (actor) c.set('actor', actor);
    await enforceRateLimits(c, limits, actor?.id ?? null);
    await next();
  };
  return [sizeLimit, countRequest];
}
