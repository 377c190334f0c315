import { routeOf, type Session } from './http.ts';
import type { Metrics } from './metrics.ts';

export type StreamEvent = { event: string; data: string };

/**
 * Reads a Server-Sent Events stream as the web app does (`fetch` with the bearer token: EventSource
 * cannot send it) until `signal` aborts it, the server ends it or `onEvent` answers true. The time
 * from the request to the first event is recorded as `sse-connect`. Answers whether the stream ended
 * normally (aborted, finished or stopped by `onEvent`) rather than failing.
 */
export async function readStream(
  session: Session,
  metrics: Metrics,
  path: string,
  signal: AbortSignal,
  onEvent: (event: StreamEvent) => boolean | void,
): Promise<boolean> {
  const route = routeOf('GET', `/api/${path}`);
  const started = performance.now();
  let first = true;
  try {
    const response = await fetch(`${session.baseUrl}/api/${path}`, {
      headers: { authorization: await session.authorization(), accept: 'text/event-stream' },
      signal,
    });
    if (!response.ok || !response.body) {
      metrics.record('sse-connect', performance.now() - started);
      metrics.error('sse-connect', route, response.status, `http_${response.status}`, await response.text());
      return false;
    }
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let split: number;
      while ((split = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, split);
        buffer = buffer.slice(split + 2);
        const event = /^event: ?(.*)$/m.exec(block)?.[1];
        if (!event) continue; // a heartbeat comment
        if (first) {
          first = false;
          metrics.record('sse-connect', performance.now() - started);
        }
        const data = [...block.matchAll(/^data: ?(.*)$/gm)].map((match) => match[1]).join('\n');
        if (onEvent({ event, data })) return true;
      }
    }
    return true;
  } catch (error) {
    if (signal.aborted) return true;
    if (first) metrics.record('sse-connect', performance.now() - started);
    metrics.error('sse-connect', route, 0, 'stream_dropped', (error as Error).message);
    return false;
  }
}
