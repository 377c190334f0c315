import { ApiError, api } from './api-client.ts';

/** One Server-Sent Event as it arrived: its type (`message` when unnamed), id and raw data text. */
export type StreamEvent = { event: string; id: string | undefined; data: string };

/**
 * A Server-Sent Events parser (the WHATWG rules that matter here): feed it text as it arrives, in any
 * chunks; it calls `onEvent` for each complete event. Comments (heartbeats) and `retry:` are skipped.
 */
export function sseParser(onEvent: (event: StreamEvent) => void) {
  let buffer = '';
  let event = '';
  let id: string | undefined;
  let data: string[] = [];
  const dispatch = () => {
    if (data.length > 0) onEvent({ event: event || 'message', id, data: data.join('\n') });
    event = '';
    data = [];
  };
  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') id = value;
  };
  return (chunk: string) => {
    buffer += chunk;
    for (;;) {
      const end = buffer.search(/\r\n|\r|\n/);
      if (end < 0) return;
      // A lone \r at the end of a chunk may be the first half of \r\n: wait for the next chunk.
      if (buffer[end] === '\r' && end === buffer.length - 1) return;
      const text = buffer.slice(0, end);
      buffer = buffer.slice(end + (buffer.startsWith('\r\n', end) ? 2 : 1));
      line(text);
    }
  };
}

/** What `onEvent` answers: `stop` ends the following for good (a job reached a final state). */
export type StreamVerdict = 'stop' | void;

export type FollowOptions = {
  onEvent: (event: StreamEvent) => StreamVerdict;
  /** Called on every (re)connection attempt's outcome, for a "reconnecting…" hint. */
  onStatus?: (status: 'open' | 'reconnecting') => void;
  signal: AbortSignal;
  /** First wait before reconnecting, doubled on each failure up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
};

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * Follows an SSE endpoint of the API with `fetch` (the bearer token, refreshed when due, which
 * `EventSource` cannot send): reads events until `onEvent` answers `stop` or `signal` aborts, and
 * reconnects with a growing backoff when the stream ends or fails, sending `Last-Event-ID`. A 4xx
 * answer (no access, the record gone) is final: the returned promise rejects with it.
 */
export async function followEventStream(path: string, options: FollowOptions): Promise<void> {
  const { signal, onEvent, onStatus, initialDelayMs = 1000, maxDelayMs = 30_000 } = options;
  let delay = initialDelayMs;
  let lastId: string | undefined;
  while (!signal.aborted) {
    let stopped = false;
    try {
      const response = await api.stream(path, {
        signal,
        headers: lastId === undefined ? undefined : { 'Last-Event-ID': lastId },
      });
      onStatus?.('open');
      const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
      if (reader) {
        const feed = sseParser((event) => {
          if (stopped) return;
          if (event.id) lastId = event.id;
          // Something arrived: the connection works, so the next failure waits the first delay again.
          delay = initialDelayMs;
          if (onEvent(event) === 'stop') stopped = true;
        });
        try {
          while (!stopped && !signal.aborted) {
            const { done, value } = await reader.read();
            if (done) break;
            feed(value);
          }
        } finally {
          if (stopped || signal.aborted) await reader.cancel().catch(() => undefined);
        }
      }
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) throw error;
    }
    if (stopped || signal.aborted) return;
    onStatus?.('reconnecting');
    await wait(delay, signal);
    delay = Math.min(maxDelayMs, delay * 2);
  }
}
