import { readStream } from '../sse.ts';
import { think, type VirtualUser } from './context.ts';

/** What the board viewers' streams did over the run. */
export type StreamStats = { opened: number; reconnects: number; events: Record<string, number> };

export const newStreamStats = (): StreamStats => ({ opened: 0, reconnects: 0, events: {} });

/**
 * A board viewer (a shift lead's screen, the office's wall): holds the line's digital-twin stream
 * (`board`, then a `card` per machine change) and their notification stream (unread counts) open, as
 * the web app does. The page is reloaded every 2–6 minutes (new streams); a stream that drops is
 * opened again after a second, as the web app's reader does.
 */
export async function viewer(user: VirtualUser, stats: StreamStats): Promise<void> {
  await think(user, 0, 10);
  await Promise.all([hold(user, stats, 'digitalTwin/events'), hold(user, stats, 'notifications/events')]);
}

async function hold(user: VirtualUser, stats: StreamStats, path: string) {
  while (!user.stop.aborted) {
    const reload = AbortSignal.any([user.stop, AbortSignal.timeout(Math.round((120 + user.random() * 240) * 1000))]);
    stats.opened++;
    await readStream(user.api.session, user.metrics, path, reload, ({ event }) => {
      stats.events[event] = (stats.events[event] ?? 0) + 1;
    });
    // Ended before the reload: the server closed it or it failed (counted as an error then).
    if (!reload.aborted) {
      stats.reconnects++;
      await think(user, 1, 1);
    }
  }
}
