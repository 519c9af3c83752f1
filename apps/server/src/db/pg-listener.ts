import pg from 'pg';
import type { Logger } from 'pino';

export type ListenOptions = {
  /** Called after the listener connected again: payloads sent while it was away are lost. */
  onReconnected?: () => void;
};

const BACKOFF = { first: 500, max: 30_000 } as const;

/**
 * LISTEN on a dedicated connection, never one of the pool's: a pooled client goes back to the
 * pool between queries and would stop hearing the channel. When the connection drops (a database
 * restart, a terminated backend) it connects again with doubling delays and says so, so that
 * whoever listens can read back from the table what it missed.
 */
export async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  logger: Logger,
  options: ListenOptions = {},
): Promise<() => Promise<void>> {
  let current: pg.Client | undefined;
  let isStopped = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const drop = (client: pg.Client) => {
    if (current !== client) return;
    current = undefined;
    client.end().catch(() => {});
    if (!isStopped) schedule();
  };

  const connect = async () => {
    // Named by its channel: each listener is a connection of its own in pg_stat_activity.
    const client = new pg.Client({ connectionString: url, application_name: `maktaba-listen:${channel}` });
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    client.on('error', (error) => {
      logger.warn({ err: error, channel }, 'the notification listener lost its connection');
      drop(client);
    });
    client.on('end', () => drop(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (isStopped) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
  };

  const schedule = () => {
    const delay = Math.min(BACKOFF.max, BACKOFF.first * 2 ** attempt);
    attempt++;
    timer = setTimeout(async () => {
      try {
        await connect();
        if (isStopped) return;
        attempt = 0;
        logger.info({ channel }, 'the notification listener is connected again');
        options.onReconnected?.();
      } catch (error) {
        logger.warn({ err: error, channel, attempt }, 'the notification listener could not connect; retrying');
        if (!isStopped) schedule();
      }
    }, delay);
    timer.unref();
  };

  await connect();
  return async () => {
    isStopped = true;
    clearTimeout(timer);
    const client = current;
    current = undefined;
    await client?.end().catch(() => {});
  };
}
