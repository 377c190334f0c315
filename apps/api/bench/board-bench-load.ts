/**
 * The load side of `npm run bench:board` (board-bench.ts forks it): the simulated machines publishing
 * their telemetry through the broker, and the board's viewers, each an SSE reader of
 * `GET /api/digitalTwin/events` as the web app holds it. It runs in a process of its own so that the
 * API's process (the parent) spends its CPU on the API alone. Driven over the fork's IPC channel:
 * `start` (the machines connect), `viewers` (close the readers and open a count of new ones, answered
 * once each has its first event), `counts` (what the readers received so far), `stop`.
 */
import { startSimulator, type SimulatedMachine, type Simulator } from '../src/modules/telemetry/simulator/simulator.ts';

export type LoadCommand =
  | { type: 'start'; brokerUrl: string; machines: SimulatedMachine[]; seed: number }
  | { type: 'viewers'; count: number; baseUrl: string; authorization: string }
  | { type: 'counts' }
  | { type: 'stop' };

export type LoadCounts = {
  /** Events by name, bytes and streams dropped by the server (ended without being closed here), over all readers. */
  events: Record<string, number>;
  bytes: number;
  dropped: number;
  /** Telemetry messages the machines published. */
  published: number;
  publishErrors: number;
};

export type LoadReply =
  | { type: 'started' }
  | { type: 'viewers-ready'; count: number }
  | { type: 'counts'; counts: LoadCounts }
  | { type: 'stopped' }
  | { type: 'failed'; message: string };

const counts: LoadCounts = { events: {}, bytes: 0, dropped: 0, published: 0, publishErrors: 0 };
const readers: AbortController[] = [];
let simulator: Simulator | null = null;

const reply = (message: LoadReply) => process.send!(message);

/** How many viewers open their stream at once: each first reads the whole board, as a page load does. */
const OPENING_AT_ONCE = 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads one stream until aborted; resolves `first` at its first event. Counts its events by their
 * `event:` lines. A 503 (the pool busy past its wait on a loaded machine) is tried again a second later,
 * as the web app's reader reconnects.
 */
async function read(baseUrl: string, authorization: string, abort: AbortController, first: () => void) {
  let firstSeen = false;
  try {
    let response: Response;
    for (let attempt = 1; ; attempt++) {
      response = await fetch(`${baseUrl}/api/digitalTwin/events`, {
        headers: { authorization, accept: 'text/event-stream' },
        signal: abort.signal,
      });
      if (response.status !== 503 || attempt === 10) break;
      await response.body?.cancel();
      await sleep(1000);
    }
    if (!response.ok || !response.body) throw new Error(`digitalTwin/events: ${response.status}`);
    const decoder = new TextDecoder();
    let rest = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      counts.bytes += chunk.byteLength;
      // Only the `event:` lines are looked at: the readers must cost little beside the API they measure.
      const text = rest + decoder.decode(chunk, { stream: true });
      let at = 0;
      for (;;) {
        const found = text.indexOf('event: ', at);
        if (found < 0) break;
        const end = text.indexOf('\n', found);
        if (end < 0) break;
        const name = text.slice(found + 7, end);
        counts.events[name] = (counts.events[name] ?? 0) + 1;
        at = end;
        if (!firstSeen) {
          firstSeen = true;
          first();
        }
      }
      rest = text.slice(Math.max(at, text.length - 64));
    }
    if (!abort.signal.aborted) counts.dropped++;
  } catch (error) {
    if (!abort.signal.aborted) {
      counts.dropped++;
      console.error(`viewer: ${(error as Error).message}`);
    }
  } finally {
    if (!firstSeen) first();
  }
}

/** Every phase opens its viewers afresh with the token given: a stream ends when its access token expires. */
async function setViewers(count: number, baseUrl: string, authorization: string) {
  for (const reader of readers.splice(0)) reader.abort();
  while (readers.length < count) {
    const opened: Promise<void>[] = [];
    while (readers.length < count && opened.length < OPENING_AT_ONCE) {
      const abort = new AbortController();
      readers.push(abort);
      opened.push(new Promise<void>((resolve) => void read(baseUrl, authorization, abort, resolve)));
    }
    await Promise.all(opened);
  }
}

process.on('message', (command: LoadCommand) => {
  const run = async () => {
    switch (command.type) {
      case 'start':
        simulator = await startSimulator({
          brokerUrl: command.brokerUrl,
          machines: command.machines,
          seed: command.seed,
          intervalMs: 1000,
          onPublication: () => counts.published++,
          onError: () => counts.publishErrors++,
        });
        return reply({ type: 'started' });
      case 'viewers':
        await setViewers(command.count, command.baseUrl, command.authorization);
        return reply({ type: 'viewers-ready', count: readers.length });
      case 'counts':
        return reply({ type: 'counts', counts: structuredClone(counts) });
      case 'stop':
        for (const reader of readers.splice(0)) reader.abort();
        await simulator?.stop();
        reply({ type: 'stopped' });
        return process.disconnect();
    }
  };
  run().catch((error: unknown) => reply({ type: 'failed', message: (error as Error).stack ?? String(error) }));
});
