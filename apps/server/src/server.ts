import { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Logger } from 'pino';
import { type Config, loopbackOrigins } from './config/env.js';
import { ensureSecrets, type Secrets } from './config/secrets.js';
import { openDatabase } from './db/client.js';
import type { AppDeps } from './deps.js';
import { createApp } from './http/app.js';
import { PUBLIC_CACHE_MAX_AGE_MS } from './http/cache.js';
import { flushSearchEvents } from './modules/analytics/analytics.writers.js';
import { createAnalyticsRollupJob } from './modules/analytics/analytics-rollup.js';
import { loadDemoCatalogue } from './modules/catalogue/demo-catalogue.js';
import { createLendingNoticesJob } from './modules/lending/lending-notices.js';
import { createMailWorker } from './modules/mail/mail-worker.js';
import { createNotificationHub } from './modules/notifications/notifications-hub.js';
import { createSearchCache } from './modules/search/search-cache.js';
import { createSearchIndexer, prepareSearchIndex } from './modules/search/search-indexer.js';
import { createStorage } from './modules/storage/storage.js';
import { insertSystemEvent } from './modules/system/system.repository.js';
import { createTelemetryPruner } from './modules/telemetry/telemetry-prune.js';
import { readVersion } from './version.js';

export type RunningServer = {
  url: string;
  port: number;
  deps: AppDeps;
  secrets: Secrets;
  /** Graceful stop: refuse new work, finish in-flight requests and deliveries, close the database. Idempotent. */
  close(): Promise<void>;
};

export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const startedAt = Date.now();
  const version = readVersion();
  const secrets = ensureSecrets(config.dataDir, config.authSecret);
  const database = await openDatabase(config, logger);
  let shuttingDown = false;
  await insertSystemEvent(database.db, 'server.start', { version, driver: database.driver, pid: process.pid });
  if (config.demoCatalogue) await loadDemoCatalogue(database.db, logger);
  await prepareSearchIndex(database.db, logger);
  const notifications = createNotificationHub({
    database,
    logger,
    heartbeatMs: config.notificationsHeartbeatMs,
  });
  await notifications.start();
  const searchIndex = createSearchIndexer(
    database,
    logger,
    createSearchCache(config.searchCacheEntries, PUBLIC_CACHE_MAX_AGE_MS),
    { poolTtlMs: PUBLIC_CACHE_MAX_AGE_MS },
  );

  // The app is built once the port is known: with PORT=0 (tests) the public URL that cookies,
  // links and the origin check use is only known after listening.
  let app: ReturnType<typeof createApp> | undefined;
  const server = serve({
    fetch: (request, env) => (app ? app.fetch(request, env) : new Response(null, { status: 503 })),
    port: config.port,
    hostname: config.host,
  });
  // An idle kept-alive connection is closed after 65 s rather than Node's 5 s: a client that reuses
  // a connection just as the server closes it sees ECONNRESET (browsers, API clients and proxies
  // keep connections for about a minute). Headers must still arrive within 66 s (slow clients).
  if (server instanceof HttpServer) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  const url = config.port === port ? config.publicUrl : `http://localhost:${port}`;
  // Only the default public URL (no PUBLIC_URL given) follows the port actually bound.
  const isDefaultUrl = config.publicUrl === `http://localhost:${config.port}`;
  const effectiveConfig =
    isDefaultUrl && url !== config.publicUrl
      ? { ...config, publicUrl: url, allowedOrigins: loopbackOrigins(port) }
      : config;
  const mailer = createMailWorker({ db: database.db, config: effectiveConfig, logger });
  const deps: AppDeps = {
    config: effectiveConfig,
    logger,
    database,
    version,
    secrets,
    startedAt,
    mailer,
    storage: createStorage(config.dataDir),
    searchIndex,
    notifications,
    isShuttingDown: () => shuttingDown,
  };
  app = createApp(deps);
  mailer.start();
  await searchIndex.start();
  const telemetryPruner = createTelemetryPruner(database.db, logger);
  telemetryPruner.start();
  const lendingNotices = createLendingNoticesJob(
    { db: database.db, wakeMailer: () => void mailer.wake(), publicUrl: effectiveConfig.publicUrl },
    logger,
  );
  lendingNotices.start();
  // The analytics rollups; tests roll up when they need figures (rollUpAnalytics).
  const analyticsRollup = createAnalyticsRollupJob(database.db, logger, { enabled: config.env !== 'test' });
  analyticsRollup.start();
  logger.info({ port, driver: database.driver, version }, 'server listening');

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      shuttingDown = true;
      logger.info('shutting down: finishing in-flight requests');
      // Notification streams never finish by themselves: end them (browsers reconnect elsewhere).
      notifications.closeStreams();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive connections that sit idle would hold close() open; in-flight ones finish, and
      // are closed as soon as they fall idle (not after the keep-alive timeout).
      const closeIdle = () => {
        if ('closeIdleConnections' in server) server.closeIdleConnections();
      };
      closeIdle();
      const idleSweep = setInterval(closeIdle, 100);
      idleSweep.unref();
      const force = setTimeout(() => {
        logger.warn('shutdown timeout: closing remaining connections');
        if ('closeAllConnections' in server) server.closeAllConnections();
      }, config.shutdownTimeoutMs);
      force.unref();
      await closed;
      clearTimeout(force);
      clearInterval(idleSweep);
      // Requests are done (none can enqueue or wake any more); let a delivery in progress finish,
      // within the same time limit (an unfinished one is retried later: delivery is at-least-once).
      await Promise.race([
        Promise.all([
          mailer.stop(),
          searchIndex.stop(),
          telemetryPruner.stop(),
          lendingNotices.stop(),
          analyticsRollup.stop(),
          flushSearchEvents(database.db),
        ]),
        new Promise((resolve) => setTimeout(resolve, config.shutdownTimeoutMs).unref()),
      ]);
      await notifications.stop().catch((error) => logger.warn({ err: error }, 'could not stop listening'));
      try {
        await insertSystemEvent(database.db, 'server.stop', { pid: process.pid });
      } catch (error) {
        logger.warn({ err: error }, 'could not record the stop event');
      }
      await database.close();
      logger.info('database closed; stopped');
    })();
    return closing;
  };

  return { url, port, deps, secrets, close };
}
