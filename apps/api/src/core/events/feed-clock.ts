import fp from 'fastify-plugin';

/**
 * What a live feed reads the time from and waits with. The process's is the wall clock; a test gives
 * one it moves by hand, so "at most once a second" is checked by counting, never by sleeping.
 */
export type FeedClock = {
  now(): number;
  /** Runs `run` after `ms`; returns what cancels it. */
  after(ms: number, run: () => void): () => void;
};

export const wallClock: FeedClock = {
  now: () => Date.now(),
  after: (ms, run) => {
    const timer = setTimeout(run, ms);
    // A pending read never keeps the process alive on its own.
    timer.unref();
    return () => clearTimeout(timer);
  },
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The clock of this app's live feeds (the board's cards). */
    feedClock: FeedClock;
  }
}

/** Decorates the app with its `feedClock`: the wall clock unless a test gives its own. */
export const feedClockPlugin = fp<{ clock?: FeedClock }>(async (app, options) => {
  app.decorate('feedClock', options.clock ?? wallClock);
});
