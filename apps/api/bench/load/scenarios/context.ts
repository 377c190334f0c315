import { RequestFailed, type Api } from '../http.ts';
import type { Metrics } from '../metrics.ts';
import type { Random } from '@armature/domain';

/** A rebar spec of a line, as the scenarios pick them. */
export type Spec = { id: string; grade: string; diameter: number };

/** A processing line (product) of the plant group, as set up for the run. */
export type Line = {
  productId: string;
  clientId: string;
  code: string;
  timeZone: string;
  /** Specs the planners order (and the operators consume); keepers receive them too. */
  orderSpecs: Spec[];
  /** Specs only the keepers move by hand: nothing reserves them, so a move never races an approval. */
  keeperSpecs: Spec[];
  /** Every machine installed on the line (the bench's and the demo's): schedules use them all. */
  machineIds: string[];
};

/** What a virtual user plays with: its user's session, its line, its random numbers and the clock of the run. */
export type VirtualUser = {
  index: number;
  api: Api;
  line: Line;
  random: Random;
  metrics: Metrics;
  /** Aborted when the measured time is over: think times end at once and streams close. */
  stop: AbortSignal;
  /** Think times are multiplied by it (`--think`): below 1 the same users offer more load. */
  pace: number;
};

/** Waits between min and max seconds (a person reading, typing, walking to the machine), or less if the run ends. */
export function think(user: VirtualUser, minS: number, maxS: number): Promise<void> {
  const ms = (minS + user.random() * (maxS - minS)) * 1000 * user.pace;
  return new Promise((resolve) => {
    if (user.stop.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      user.stop.removeEventListener('abort', done);
      resolve();
    }
    user.stop.addEventListener('abort', done, { once: true });
  });
}

export const pick = <T>(user: VirtualUser, items: readonly T[]): T => items[Math.floor(user.random() * items.length)]!;
export const between = (user: VirtualUser, min: number, max: number) =>
  min + Math.floor(user.random() * (max - min + 1));

/**
 * Loops a scenario's step until the run ends. A request that failed for good was already counted by
 * the client: the user gives up that step and, after a pause, starts the next (as a person would
 * after an error message). Anything else is a bug of the benchmark and ends the run.
 */
export async function loop(user: VirtualUser, step: () => Promise<void>): Promise<void> {
  while (!user.stop.aborted) {
    try {
      await step();
    } catch (error) {
      if (!(error instanceof RequestFailed)) throw error;
      await think(user, 2, 5);
    }
  }
}
