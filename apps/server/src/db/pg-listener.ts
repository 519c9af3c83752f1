import pg from 'pg';
import type { Logger } from 'pino';

export type ListenOptions = {
  /** Called after the listener connected again: payloads sent while it was away are lost. */
  onReconnected?: () => void;
};

export type PostgresListener = {
  /** LISTEN on `channel`; resolves once listening, with the function that stops. */
  listen(channel: string, onPayload: (payload: string) => void, options?: ListenOptions): Promise<() => Promise<void>>;
};

type Subscriber = { onPayload: (payload: string) => void; options: ListenOptions };

const BACKOFF = { first: 500, max: 30_000 } as const;

/** How the listener's connection is named in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'maktaba-listen';

/**
 * One server's LISTEN connection, for every channel: a dedicated connection, never one of the
 * pool's (a pooled client goes back to the pool between queries and would stop hearing). It is
 * opened by the first `listen` and closed when the last listener stops. When it drops (a database
 * restart, a terminated backend) it connects again with doubling delays, listens on every channel
 * again and says so to each listener, so that whoever listens can read back what it missed.
 */
export function createPostgresListener(url: string, logger: Logger): PostgresListener {
  const channels = new Map<string, Set<Subscriber>>();
  let current: pg.Client | undefined;
  /** The channels each connection listens on (or has been asked to). */
  const heard = new WeakMap<pg.Client, Set<string>>();
  let opening: Promise<pg.Client> | undefined;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const listening = () => channels.size > 0;

  const drop = (client: pg.Client) => {
    if (current !== client) return;
    current = undefined;
    client.end().catch(() => {});
    if (listening()) schedule();
  };

  const quoted = (client: pg.Client, channel: string) => client.escapeIdentifier(channel);

  /** LISTEN on `channel` on `client`, unless it already does (or was asked to). */
  const hear = async (client: pg.Client, channel: string) => {
    const channelsHeard = heard.get(client) ?? new Set<string>();
    heard.set(client, channelsHeard);
    if (channelsHeard.has(channel)) return;
    channelsHeard.add(channel);
    await client.query(`LISTEN ${quoted(client, channel)}`);
  };

  const connect = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: url, application_name: LISTENER_APPLICATION_NAME });
    client.on('notification', (message) => {
      if (message.payload === undefined) return;
      for (const subscriber of channels.get(message.channel) ?? []) subscriber.onPayload(message.payload);
    });
    client.on('error', (error) => {
      logger.warn({ err: error }, 'the notification listener lost its connection');
      drop(client);
    });
    client.on('end', () => drop(client));
    try {
      await client.connect();
      for (const channel of channels.keys()) await hear(client, channel);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    return client;
  };

  /** The connection, opened now if there is none and none is being reopened. */
  const connection = (): Promise<pg.Client> => {
    if (current) return Promise.resolve(current);
    opening ??= connect().then(
      (client) => {
        opening = undefined;
        current = client;
        return client;
      },
      (error: unknown) => {
        opening = undefined;
        throw error;
      },
    );
    return opening;
  };

  const schedule = () => {
    if (timer) return;
    const delay = Math.min(BACKOFF.max, BACKOFF.first * 2 ** attempt);
    attempt++;
    timer = setTimeout(async () => {
      timer = undefined;
      if (!listening() || current) return;
      try {
        await connection();
        attempt = 0;
        logger.info({ channels: [...channels.keys()] }, 'the notification listener is connected again');
        for (const subscribers of channels.values()) for (const { options } of subscribers) options.onReconnected?.();
      } catch (error) {
        logger.warn({ err: error, attempt }, 'the notification listener could not connect; retrying');
        if (listening()) schedule();
      }
    }, delay);
    timer.unref();
  };

  return {
    async listen(channel, onPayload, options = {}) {
      const subscriber: Subscriber = { onPayload, options };
      const subscribers = channels.get(channel) ?? new Set<Subscriber>();
      channels.set(channel, subscribers);
      subscribers.add(subscriber);
      try {
        await hear(await connection(), channel);
      } catch (error) {
        subscribers.delete(subscriber);
        if (subscribers.size === 0) channels.delete(channel);
        throw error;
      }
      return async () => {
        if (!subscribers.delete(subscriber) || subscribers.size > 0) return;
        channels.delete(channel);
        const client = current;
        if (!client) return;
        if (listening()) {
          heard.get(client)?.delete(channel);
          await client.query(`UNLISTEN ${quoted(client, channel)}`).catch(() => {});
          return;
        }
        current = undefined;
        clearTimeout(timer);
        timer = undefined;
        await client.end().catch(() => {});
      };
    },
  };
}
