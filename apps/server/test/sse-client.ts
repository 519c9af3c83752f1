/**
 * A small Server-Sent Events reader for the tests: it keeps every event and comment the server
 * sent, and waits for the ones a test expects.
 */
export type SseEvent = { id?: string; event?: string; data: string };

export type SseStream = {
  status: number;
  headers: Headers;
  events: SseEvent[];
  comments: string[];
  /** Resolves when the server ended the response (or the test closed it). */
  ended: Promise<void>;
  /** Waits until `predicate` holds, or fails after `timeout` ms saying what arrived. */
  waitFor(predicate: (stream: SseStream) => boolean, timeout?: number): Promise<void>;
  close(): void;
};

function parseBlock(block: string, stream: SseStream) {
  const event: SseEvent = { data: '' };
  const data: string[] = [];
  let hasField = false;
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) {
      stream.comments.push(line.slice(1).trim());
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') data.push(value);
    else if (field === 'id') event.id = value;
    else if (field === 'event') event.event = value;
    else continue;
    hasField = true;
  }
  if (!hasField || data.length === 0) return;
  event.data = data.join('\n');
  stream.events.push(event);
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { Accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  let markEnded = () => {};
  const stream: SseStream = {
    status: response.status,
    headers: response.headers,
    events: [],
    comments: [],
    ended: new Promise<void>((resolve) => {
      markEnded = resolve;
    }),
    async waitFor(predicate, timeout = 5_000) {
      const deadline = Date.now() + timeout;
      while (!predicate(stream)) {
        if (Date.now() > deadline) {
          throw new Error(`timed out; events so far: ${JSON.stringify(stream.events)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => controller.abort(),
  };
  if (!response.body || response.status !== 200) {
    markEnded();
    return stream;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          parseBlock(buffer.slice(0, end), stream);
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // Aborted by the test.
    } finally {
      markEnded();
    }
  })();
  return stream;
}

/** The parsed data of the stream's `notification` events. */
export function notificationsOf(stream: SseStream): { id: string; title: string; seq: number }[] {
  return stream.events
    .filter((event) => event.event === 'notification')
    .map((event) => ({ ...JSON.parse(event.data), seq: Number(event.id) }));
}
