import type { Logger } from 'pino';
import type { Config } from './config/env.js';
import type { DatabaseHandle } from './db/client.js';
import type { MailWorker } from './modules/mail/mail-worker.js';
import type { NotificationHub } from './modules/notifications/notifications-hub.js';
import type { SearchIndexer } from './modules/search/search-indexer.js';
import type { Storage } from './modules/storage/storage.js';

/** What the server is made of, built once at start-up (server.ts) and handed to the routes and services. */
export type AppDeps = {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  version: string;
  secrets: { authSecret: string };
  startedAt: number;
  /** Call `wake()` after committing a transaction that enqueued e-mail, to deliver it at once. */
  mailer: Pick<MailWorker, 'wake'>;
  /** Covers, portraits and avatars. */
  storage: Storage;
  /** Keeps the search columns current; catalogue writes call `refresh()` before answering. */
  searchIndex: Pick<SearchIndexer, 'refresh' | 'wordsChanged' | 'cache' | 'memory' | 'popular'>;
  /** Relays new notifications (LISTEN/NOTIFY) to the open streams of this instance. */
  notifications: NotificationHub;
  /** True once a graceful shutdown has begun. */
  isShuttingDown: () => boolean;
};
