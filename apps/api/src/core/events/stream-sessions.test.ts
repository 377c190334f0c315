import { describe, expect, it } from 'vitest';
import type { Principal } from '../auth/principal.ts';
import { StreamSessions, type WatchedStream } from './stream-sessions.ts';

const HOUR = 3_600_000;
const silent = { warn: () => {} };

function principal(userId: string, sessionId: string, granted: string[]): Principal {
  return {
    userId,
    userName: userId,
    name: userId,
    clientId: null,
    sessionId,
    roleNames: [],
    isAdmin: false,
    granted: new Set(granted),
  };
}

/** A stream whose `ended` resolves when the watcher ends it. */
function stream(userId: string, sessionId: string, access: string, expiresAt = Date.now() + HOUR) {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  let done = false;
  const watched: WatchedStream = {
    userId,
    sessionId,
    access,
    expiresAt,
    end: () => {
      done = true;
      end();
    },
  };
  return { watched, ended, isEnded: () => done };
}

describe('the sign-ins of open streams', () => {
  it('loads each sign-in once per check, and ends only the streams that lost their right', async () => {
    const loads: string[] = [];
    const open = new Map([['a/s1', principal('a', 's1', ['page.read'])]]);
    const sessions = new StreamSessions(
      async (userId, sessionId) => {
        loads.push(`${userId}/${sessionId}`);
        return open.get(`${userId}/${sessionId}`);
      },
      HOUR,
      silent,
    );
    const board = stream('a', 's1', 'page.read');
    const tab = stream('a', 's1', 'page.read');
    const inbox = stream('a', 's1', 'authenticated');
    const other = stream('b', 's2', 'authenticated');
    for (const each of [board, tab, inbox, other]) sessions.watch(each.watched);

    await sessions.recheck();
    expect(loads.sort()).toEqual(['a/s1', 'b/s2']);
    expect(other.isEnded()).toBe(true);
    expect([board, tab, inbox].map((each) => each.isEnded())).toEqual([false, false, false]);

    open.set('a/s1', principal('a', 's1', []));
    await sessions.recheck();
    expect([board.isEnded(), tab.isEnded(), inbox.isEnded()]).toEqual([true, true, false]);
    sessions.stop();
  });

  it('keeps the streams when the check cannot read, and ends one when its token expires', async () => {
    const sessions = new StreamSessions(() => Promise.reject(new Error('database unavailable')), HOUR, silent);
    const kept = stream('a', 's1', 'authenticated');
    sessions.watch(kept.watched);
    await sessions.recheck();
    expect(kept.isEnded()).toBe(false);

    const expiring = stream('a', 's1', 'authenticated', Date.now() + 20);
    const stopWatching = sessions.watch(expiring.watched);
    await expiring.ended;
    stopWatching();
    expect(sessions.size).toBe(1);
    sessions.stop();
  });
});
