import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SHIFT_CALENDAR,
  type TwinBoard,
  type TwinCard,
  productResource,
  resourceItemSchema,
} from '@armature/domain';
import { eq } from 'drizzle-orm';
import type { FeedClock } from '../src/core/events/feed-clock.ts';
import {
  announceLiveChange,
  equipment,
  equipmentLive,
  twinChannel,
  type TwinChange,
} from '../src/modules/equipment/index.ts';
import { CARD_MIN_INTERVAL_MS, CARD_READ_INTERVAL_MS } from '../src/modules/telemetry/digital-twin.feed.ts';
import { loginAs, uniqueName } from './helpers/auth.ts';
import { injectorFor, answerOf } from './helpers/inject.ts';
import { openSse, type ReadEvent } from './helpers/sse-client.ts';
import { createTaskFixture } from './helpers/task-fixture.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

type Product = { id: string; code: string; clientId: string };
type Status = 'idle' | 'running' | 'fault';

/**
 * A clock the test moves by hand: a wait of 0 runs at once (on the next turn), a longer one only when
 * `advance` passes its time, so "not before a second" is checked without waiting a second.
 */
function manualClock() {
  let now = Date.now();
  const waiting = new Set<{ at: number; run: () => void }>();
  const fire = () => {
    for (const entry of [...waiting])
      if (entry.at <= now) {
        waiting.delete(entry);
        entry.run();
      }
  };
  const clock: FeedClock = {
    now: () => now,
    after: (ms, run) => {
      const entry = { at: now + ms, run };
      waiting.add(entry);
      if (ms <= 0) setImmediate(fire);
      return () => waiting.delete(entry);
    },
  };
  return {
    clock,
    advance(ms: number) {
      now += ms;
      fire();
    },
  };
}

describe.each(testDatabases())('the board’s cards, coalesced per machine, on %s', (kind) => {
  const time = manualClock();
  const ctx = useTestApp(kind, {
    background: {
      tuning: { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, shutdownTimeoutMs: 2000 },
      feedClock: time.clock,
    },
  });
  let admin: { authorization: string };
  let line1: Product;
  let address: string;

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    const inject = injectorFor(ctx);
    line1 = answerOf(await inject('GET', 'product/all', admin), z.array(resourceItemSchema(productResource))).find(
      (product) => product.code === 'LINE1',
    )!;
    const selected = await inject('PUT', 'client/set-currentUser-productId', admin, {
      clientId: line1.clientId,
      productId: line1.id,
    });
    expect(selected.statusCode).toBe(200);
    address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });

  async function addMachine() {
    const [row] = await ctx.app.db
      .insert(equipment)
      .values({
        serialNumber: uniqueName('CO-'),
        name: 'Shear line',
        spec: 'GJW-16',
        clientId: line1.clientId,
        productId: line1.id,
        saleStatus: 'sold',
        shiftCalendar: DEFAULT_SHIFT_CALENDAR,
      })
      .returning({ id: equipment.id });
    await ctx.app.db.insert(equipmentLive).values({ equipmentId: row!.id, state: 'idle' });
    return row!.id;
  }

  /** The machine's state changed, committed and announced as the ingest does. */
  const change = (id: string, state: Status) =>
    ctx.app.db.transaction(async (tx) => {
      await tx
        .update(equipmentLive)
        .set({ state, since: new Date().toISOString() })
        .where(eq(equipmentLive.equipmentId, id));
      await announceLiveChange(tx, line1.id, [id]);
    });

  /** Resolves when this process's bus has delivered a change of the machine (the line's feed heard it first). */
  const heard = (id: string) =>
    new Promise<void>((resolve) => {
      const off = ctx.app.events!.subscribe(twinChannel(line1.id), (event) => {
        if (!(event.data as TwinChange).equipmentIds.includes(id)) return;
        off();
        resolve();
      });
    });

  const cardOf =
    (id: string, status?: Status) =>
    (event: ReadEvent): boolean =>
      event.event === 'card' &&
      (event.data as TwinCard).equipmentId === id &&
      (status === undefined || (event.data as TwinCard).operationStatus === status);

  it('sends each viewer a machine at most once a second, its latest state, while other machines go on', async () => {
    const [busy, other] = [await addMachine(), await addMachine()];
    const viewers = [
      await openSse(`${address}/api/digitalTwin/events`, admin),
      await openSse(`${address}/api/digitalTwin/events`, admin),
    ];
    try {
      for (const viewer of viewers) {
        const board = (await viewer.next((event) => event.event === 'board')).data as TwinBoard;
        expect(board.items.map((card) => card.equipmentId)).toEqual(expect.arrayContaining([busy, other]));
      }
      // The first change goes out at once.
      await change(busy, 'running');
      for (const viewer of viewers) await viewer.next(cardOf(busy, 'running'));

      // Within its second the machine changes twice more; another machine changes after it.
      await change(busy, 'fault');
      await change(busy, 'idle');
      // The clock moves once this process heard the last notice (on PostgreSQL it comes through LISTEN).
      const otherHeard = heard(other);
      await change(other, 'running');
      await otherHeard;
      time.advance(CARD_READ_INTERVAL_MS);
      // The other machine's card comes with the next read; the busy one's changes, announced before it, wait.
      for (const viewer of viewers) {
        await viewer.next(cardOf(other, 'running'));
        expect(viewer.events.filter(cardOf(busy))).toHaveLength(1);
      }

      // Its second up, the busy machine goes out once, in its latest state: the fault between is never shown.
      time.advance(CARD_MIN_INTERVAL_MS - CARD_READ_INTERVAL_MS);
      for (const viewer of viewers) {
        await viewer.next(cardOf(busy, 'idle'));
        expect(viewer.events.filter(cardOf(busy)).map((event) => (event.data as TwinCard).operationStatus)).toEqual([
          'running',
          'idle',
        ]);
      }
    } finally {
      for (const viewer of viewers) await viewer.close();
    }
  });

  it('counts at most one card per machine per second of the clock over a burst, and ends on the last state', async () => {
    const [machine, marker] = [await addMachine(), await addMachine()];
    const viewer = await openSse(`${address}/api/digitalTwin/events`, admin);
    let advanced = 0;
    const advance = (ms: number) => {
      advanced += ms;
      time.advance(ms);
    };
    try {
      await viewer.next((event) => event.event === 'board');
      // Thirty changes, 100 ms of the clock apart: three seconds of a machine changing ten times a second,
      // running and in fault by turns, then idle (a state it shows only at the end).
      const steps = 30;
      for (let step = 1; step <= steps; step++) {
        await change(machine, step === steps ? 'idle' : step % 2 ? 'running' : 'fault');
        advance(100);
      }
      // Another machine announced after the burst: once its card is out, every notice of the burst was heard.
      const markerHeard = heard(marker);
      await change(marker, 'running');
      await markerHeard;
      advance(CARD_READ_INTERVAL_MS);
      await viewer.next(cardOf(marker, 'running'));
      // A second later whatever of the burst still waited has gone out.
      advance(CARD_MIN_INTERVAL_MS);
      if (!viewer.events.some(cardOf(machine, 'idle'))) await viewer.next(cardOf(machine, 'idle'));

      const cards = viewer.events.filter(cardOf(machine));
      expect(cards.length).toBeLessThanOrEqual(Math.floor(advanced / CARD_MIN_INTERVAL_MS) + 1);
      expect(cards.length).toBeLessThan(steps / 5);
      expect((cards.at(-1)!.data as TwinCard).operationStatus).toBe('idle');
    } finally {
      await viewer.close();
    }
  });

  it('a job dispatched within its machine’s second reaches every viewer with the job’s fields once the second is up', async () => {
    const f = await createTaskFixture(ctx.app.db, {
      tag: 'CFJ',
      purchaseLength: 9430,
      plannedStart: Date.parse('2026-12-01T01:00:00Z'),
    });
    const issued = await injectorFor(ctx)('POST', `equipment/${f.cutter.id}/mqtt-credentials`, admin);
    expect(issued.statusCode, issued.body).toBe(201);
    const { raw } = f.tasks;
    const viewers = [
      await openSse(`${address}/api/digitalTwin/events`, admin),
      await openSse(`${address}/api/digitalTwin/events`, admin),
    ];
    try {
      for (const viewer of viewers) await viewer.next((event) => event.event === 'board');
      // The machine's card goes out at once, with no job.
      let announced = heard(f.cutter.id);
      await ctx.app.db.transaction((tx) => announceLiveChange(tx, line1.id, [f.cutter.id]));
      await announced;
      for (const viewer of viewers) expect(((await viewer.next(cardOf(f.cutter.id))).data as TwinCard).job).toBeNull();
      // Dispatched within the same second: the job waits for the second, then goes out with its fields.
      announced = heard(f.cutter.id);
      const dispatched = await injectorFor(ctx)('POST', `task/${raw.id}/dispatch`, admin);
      expect(dispatched.statusCode, dispatched.body).toBe(200);
      await announced;
      time.advance(CARD_MIN_INTERVAL_MS);
      for (const viewer of viewers) {
        const card = (await viewer.next(cardOf(f.cutter.id))).data as TwinCard;
        expect(card.job).toMatchObject({
          taskId: raw.id,
          code: raw.code,
          state: 'sent',
          work: { kind: 'cut', stockLength: 12_000 },
          done: 0,
          total: 5,
        });
        expect(card.queue).toMatchObject({ count: 0, items: [] });
        expect(viewer.events.filter(cardOf(f.cutter.id))).toHaveLength(2);
      }
    } finally {
      for (const viewer of viewers) await viewer.close();
    }
  });
});
