/** One event read from a `text/event-stream` response. */
export type ReadEvent = { id?: string; event: string; data: unknown };

/**
 * Reads a Server-Sent Events stream over HTTP as a browser's fetch-based reader does (EventSource
 * cannot send the Authorization header). `next` waits, with a timeout, for the next event matching a
 * predicate; events already read are kept in `events`.
 */
export async function openSse(url: string, headers: Record<string, string>) {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const events: ReadEvent[] = [];
  let comments = 0;
  let ended = false;
  let wake: () => void = () => {};
  let cursor = 0;

  const parse = (block: string) => {
    let event = 'message';
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments++;
      else if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('id: ')) id = line.slice(4);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    if (data.length) events.push({ id, event, data: JSON.parse(data.join('\n')) });
  };

  const pump = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let split: number;
        while ((split = buffer.indexOf('\n\n')) >= 0) {
          parse(buffer.slice(0, split));
          buffer = buffer.slice(split + 2);
        }
        wake();
      }
    } catch {
      // aborted by close()
    } finally {
      ended = true;
      wake();
    }
  })();

  /** The next unread event matching `match` (skipping others), or an error after `timeoutMs`. */
  async function next(match: (event: ReadEvent) => boolean = () => true, timeoutMs = 20_000): Promise<ReadEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (cursor < events.length) {
        const event = events[cursor++]!;
        if (match(event)) return event;
      }
      if (ended) throw new Error(`stream ended before a matching event; read: ${JSON.stringify(events)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms; read: ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  return {
    response,
    events,
    next,
    get comments() {
      return comments;
    },
    /** Resolves once the server has ended the stream. */
    ended: () => pump,
    close: async () => {
      abort.abort();
      await pump;
    },
  };
}

/** Polls `read` until `done` holds (or fails after `timeoutMs`): how tests wait for another process. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (!done(last)) {
    if (Date.now() > deadline)
      throw new Error(`condition not met within ${timeoutMs} ms; last: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await read();
  }
  return last;
}
