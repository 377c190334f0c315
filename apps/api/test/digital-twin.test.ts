import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SHIFT_CALENDAR,
  plantDayBounds,
  shiftWindows,
  plantInstant,
  nextDay,
  type TwinBoard,
  type TwinCard,
  mqttCredentialsSchema,
  productResource,
  resourceItemSchema,
  twinBoardSchema,
  twinDetailSchema,
} from '@armature/domain';
import { eq } from 'drizzle-orm';
import { createUser, loginAs, uniqueName } from './helpers/auth.ts';
import { testTelemetry } from './helpers/mqtt.ts';
import { openSse } from './helpers/sse-client.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import {
  announceLiveChange,
  equipment,
  equipmentAlarms,
  equipmentCounterSamples,
  equipmentCredentials,
  equipmentLive,
  equipmentStateIntervals,
} from '../src/modules/equipment/index.ts';
import { startSimulator } from '../src/modules/telemetry/simulator/simulator.ts';
import { injectorFor, answerOf, withId, errorOf } from './helpers/inject.ts';

type Headers = { authorization: string };
type Product = { id: string; code: string; clientId: string; timeZone: string };

const MIN = 60_000;
const tuning = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, shutdownTimeoutMs: 2000 };
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(testDatabases())('digital twin on %s', (kind) => {
  const ctx = useTestApp(kind, { background: { tuning } });
  let admin: Headers;
  let line1: Product;
  let line2: Product;
  /** LINE1: a machine with telemetry and history, one without telemetry; LINE2: another line's machine. */
  let reporting: string;
  let silent: string;
  let elsewhere: string;
  /** The calendar day whose shift is computed by hand below (a Monday, in LINE1's time zone). */
  const DAY = '2026-11-16';

  const get = (url: string, headers: Headers) =>
    ctx.app.inject({ method: 'GET', url: `/api/digitalTwin/${url}`, headers });

  async function addMachine(product: Product, fields: Partial<typeof equipment.$inferInsert> = {}) {
    const [row] = await ctx.app.db
      .insert(equipment)
      .values({
        serialNumber: uniqueName('TW-'),
        name: 'Stirrup bender',
        spec: 'GW-12 CNC',
        clientId: product.clientId,
        productId: product.id,
        saleStatus: 'sold',
        idealRate: 120,
        shiftCalendar: DEFAULT_SHIFT_CALENDAR,
        ...fields,
      })
      .returning({ id: equipment.id });
    return row!.id;
  }

  /** One eight-hour shift every day, so the hand-computed day has exactly one. */
  const calendarA = {
    shifts: [{ name: 'A', start: '08:00', end: '16:00', weekdays: [1, 2, 3, 4, 5, 6, 7] }],
    daysOff: [],
  };
  /** When the setup ran: the samples of the last minutes are dated from it. */
  let setupAt = 0;
  /** (time, pieces, scrap): 40 pieces twenty minutes before the setup, 30 five minutes before. */
  const recentSamples = (): [number, number, number][] => [
    [setupAt - 20 * MIN, 40, 0],
    [setupAt - 5 * MIN, 30, 1],
  ];

  /** An instant of LINE1's clock. */
  const at = (day: string, time: string) => plantInstant(day, time, line1.timeZone);

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    const products = answerOf(
      await ctx.app.inject({ method: 'GET', url: '/api/product/all', headers: admin }),
      z.array(resourceItemSchema(productResource)),
    );
    line1 = products.find((product) => product.code === 'LINE1')!;
    line2 = products.find((product) => product.code === 'LINE2')!;
    const selected = await ctx.app.inject({
      method: 'PUT',
      url: '/api/client/set-currentUser-productId',
      headers: admin,
      payload: { clientId: line1.clientId, productId: line1.id },
    });
    expect(selected.statusCode).toBe(200);

    reporting = await addMachine(line1, {
      shiftCalendar: {
        shifts: [{ name: 'A', start: '08:00', end: '16:00', weekdays: [1, 2, 3, 4, 5, 6, 7] }],
        daysOff: [],
      },
    });
    silent = await addMachine(line1, { name: 'Threading machine', idealRate: null });
    elsewhere = await addMachine(line2, { name: 'Shear line' });
    const db = ctx.app.db;
    await db
      .insert(equipmentCredentials)
      .values({ equipmentId: reporting, username: 'tw-reporting', passwordHash: 'x' });

    // The day: an idle night from the day before, running 07:00–10:00, a fault 10:00–11:00, running
    // 11:00–15:30, idle until 23:00, maintenance over midnight, then offline ever since.
    const before = nextDay(DAY, -1);
    const after = nextDay(DAY);
    const timeline: [string, number, number | null][] = [
      ['idle', at(before, '22:00'), at(DAY, '07:00')],
      ['running', at(DAY, '07:00'), at(DAY, '10:00')],
      ['fault', at(DAY, '10:00'), at(DAY, '11:00')],
      ['running', at(DAY, '11:00'), at(DAY, '15:30')],
      ['idle', at(DAY, '15:30'), at(DAY, '23:00')],
      ['maintenance', at(DAY, '23:00'), at(after, '02:00')],
      ['offline', at(after, '02:00'), null],
    ];
    await db.insert(equipmentStateIntervals).values(
      timeline.map(([state, from, to]) => ({
        equipmentId: reporting,
        state: state as 'running',
        startedAt: iso(from),
        endedAt: to === null ? null : iso(to),
        source: 'telemetry',
      })),
    );
    // Counter deltas: one before the shift, three in it (700 pieces, 14 scrapped), one after it, then
    // the machine's counter reset at 17:00 (it shows 5: made since the reset); and two in the last
    // minutes (the rate and today's production). The cumulative columns follow, as the ingest keeps them.
    const now = Date.now();
    setupAt = now;
    const samples: [number, number, number, boolean?][] = [
      [at(DAY, '07:30'), 50, 0],
      [at(DAY, '09:00'), 300, 4],
      [at(DAY, '12:00'), 250, 5],
      [at(DAY, '15:00'), 150, 5],
      [at(DAY, '16:30'), 9, 0],
      [at(DAY, '17:00'), 5, 0, true],
      ...recentSamples(),
    ];
    const total = { pieces: 0, good: 0, scrap: 0 };
    await db.insert(equipmentCounterSamples).values(
      samples.map(([time, pieces, scrap, reset = false]) => {
        if (reset) Object.assign(total, { pieces: 0, good: 0, scrap: 0 });
        total.pieces += pieces;
        total.good += pieces - scrap;
        total.scrap += scrap;
        return {
          equipmentId: reporting,
          at: iso(time),
          ...total,
          deltaPieces: pieces,
          deltaGood: pieces - scrap,
          deltaScrap: scrap,
          reset,
        };
      }),
    );
    await db.insert(equipmentAlarms).values([
      // Raised two days before and never cleared: still active, so listed.
      {
        equipmentId: reporting,
        code: 'E-7',
        text: 'Door open',
        severity: 'warning',
        raisedAt: iso(at(nextDay(DAY, -2), '12:00')),
      },
      {
        equipmentId: reporting,
        code: 'E-101',
        text: 'Blade jammed',
        severity: 'error',
        raisedAt: iso(at(DAY, '10:00')),
        clearedAt: iso(at(DAY, '11:00')),
      },
      // Raised and cleared the day before: not the day's.
      {
        equipmentId: reporting,
        code: 'E-5',
        text: 'Low oil',
        severity: 'info',
        raisedAt: iso(at(before, '09:00')),
        clearedAt: iso(at(before, '09:10')),
      },
    ]);
    await db.insert(equipmentLive).values({
      equipmentId: reporting,
      state: 'running',
      mode: 'processing',
      since: iso(now - 10 * MIN),
      lastSeen: iso(now - 1000),
    });
  });

  it('shows a card per machine of the current line only', async () => {
    const response = await get('board', admin);
    expect(response.statusCode, response.body).toBe(200);
    const board = answerOf(response, twinBoardSchema);
    const ids = board.items.map((card) => card.equipmentId);
    expect(ids).toContain(reporting);
    expect(ids).toContain(silent);
    expect(ids).not.toContain(elsewhere);

    const card = board.items.find((item) => item.equipmentId === reporting)!;
    expect(card).toMatchObject({ operationStatus: 'running', mode: 'processing', telemetry: true, task: null });
    // 30 pieces in the last quarter hour (the sample 20 minutes ago is older): 120 an hour.
    expect(card.rate).toBe(120);
    // Today's OEE counts the samples taken in today's shifts so far (08:00–16:00 of the plant's clock);
    // the state history has the machine offline since long before today, so nothing ran.
    const now = Date.now();
    const shifts = shiftWindows(calendarA, plantDayBounds(board.day, line1.timeZone).from, now, line1.timeZone);
    const inShift = (time: number) => shifts.some((shift) => time >= shift.from && time < shift.to);
    const made = recentSamples().filter(([time]) => inShift(time));
    expect(card.today.totalPieces).toBe(made.reduce((sum, [, pieces]) => sum + pieces, 0));
    expect(card.today.runMs).toBe(0);

    const quiet = board.items.find((item) => item.equipmentId === silent)!;
    expect(quiet).toMatchObject({
      operationStatus: 'offline',
      telemetry: false,
      rate: 0,
      activeAlarm: null,
      lastSeen: null,
    });
    expect(quiet.today.performance).toBeNull();
  });

  it('computes a shift’s OEE as by hand, the day’s intervals clipped to it and its alarms', async () => {
    const response = await get(`equipment/${reporting}?day=${DAY}`, admin);
    expect(response.statusCode, response.body).toBe(200);
    const detail = answerOf(response, twinDetailSchema);
    const bounds = plantDayBounds(DAY, line1.timeZone);
    expect(detail).toMatchObject({
      day: DAY,
      timeZone: line1.timeZone,
      dayFrom: iso(bounds.from),
      dayTo: iso(bounds.to),
    });

    // Clipped: the night from midnight, the maintenance to the next midnight; the offline interval is
    // the next day's.
    expect(detail.intervals.map((interval) => [interval.state, interval.from, interval.to])).toEqual([
      ['idle', iso(bounds.from), iso(at(DAY, '07:00'))],
      ['running', iso(at(DAY, '07:00')), iso(at(DAY, '10:00'))],
      ['fault', iso(at(DAY, '10:00')), iso(at(DAY, '11:00'))],
      ['running', iso(at(DAY, '11:00')), iso(at(DAY, '15:30'))],
      ['idle', iso(at(DAY, '15:30')), iso(at(DAY, '23:00'))],
      ['maintenance', iso(at(DAY, '23:00')), iso(bounds.to)],
    ]);

    // Shift A 08:00–16:00 = 480 min planned; running 08:00–10:00 and 11:00–15:30 = 390 min;
    // 700 pieces of which 686 good, at an ideal 120 an hour:
    //   A = 390 / 480 = 0.8125; P = 700 / (120 × 6.5) = 0.897435…; Q = 686 / 700 = 0.98;
    //   OEE = 0.714583…
    expect(detail.shifts).toHaveLength(1);
    const [shift] = detail.shifts;
    expect(shift).toMatchObject({
      name: 'A',
      day: DAY,
      from: iso(at(DAY, '08:00')),
      to: iso(at(DAY, '16:00')),
      plannedMs: 480 * MIN,
      runMs: 390 * MIN,
      totalPieces: 700,
      goodPieces: 686,
      idealRate: 120,
      availability: 0.8125,
    });
    expect(shift!.performance).toBeCloseTo(700 / 780, 12);
    expect(shift!.quality).toBeCloseTo(0.98, 12);
    expect(shift!.oee).toBeCloseTo(0.714583, 6);
    expect(detail.dayOee.oee).toBeCloseTo(shift!.oee!, 12);

    // The counters count the whole day, shift or not, through the reset: 50 + 700 + 9 + 5 pieces, 14
    // scrapped (the shift above has no reset in it, the day has one).
    expect(detail.counters).toMatchObject({ pieces: 764, good: 750, scrap: 14, resets: 1 });
    expect(detail.counters.buckets).toHaveLength(96);
    const bucketAt = (time: string) => detail.counters.buckets.find((bucket) => bucket.from === iso(at(DAY, time)))!;
    expect(bucketAt('09:00')).toEqual({ from: iso(at(DAY, '09:00')), pieces: 300, good: 296, scrap: 4 });
    expect(bucketAt('17:00')).toMatchObject({ pieces: 5, good: 5, scrap: 0 });
    expect(detail.counters.buckets.reduce((sum, bucket) => sum + bucket.pieces, 0)).toBe(764);

    // The day's alarm and the one still active from before, newest first; not the day before's.
    expect(detail.alarms.map((alarm) => [alarm.code, alarm.clearedAt])).toEqual([
      ['E-101', iso(at(DAY, '11:00'))],
      ['E-7', null],
    ]);
  });

  it('shows nothing yet for a day to come, and rejects a malformed day', async () => {
    const future = answerOf(await get(`equipment/${reporting}?day=2099-01-01`, admin), twinDetailSchema);
    expect(future.intervals).toEqual([]);
    expect(future.shifts).toEqual([]);
    expect(future.counters).toMatchObject({ pieces: 0, buckets: [] });
    const bad = await get(`equipment/${reporting}?day=16.11.2026`, admin);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).details).toHaveProperty('day');
  });

  it('answers 404 for another line’s machine and for no machine', async () => {
    expect((await get(`equipment/${elsewhere}`, admin)).statusCode).toBe(404);
    expect((await get('equipment/00000000-0000-4000-8000-000000000000', admin)).statusCode).toBe(404);
  });

  it('refuses a user without the permission', async () => {
    const user = await createUser(ctx.app, admin, { productIds: [line1.id] });
    const headers = await loginAs(ctx.app, user.userName, user.password);
    for (const url of ['board', `equipment/${reporting}`, 'events']) {
      expect((await get(url, headers)).statusCode, url).toBe(403);
    }
  });

  it('streams the board, then a card per changed machine, coalescing bursts', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openSse(`${address}/api/digitalTwin/events`, admin);
    try {
      const board = (await stream.next((event) => event.event === 'board')).data as TwinBoard;
      expect(board.items.map((card) => card.equipmentId)).toContain(silent);

      // Twenty changes committed together are read as one (or two) cards, not twenty.
      await ctx.app.db.transaction(async (tx) => {
        await tx.insert(equipmentLive).values({ equipmentId: silent, state: 'idle' });
        for (let i = 0; i < 20; i++) await announceLiveChange(tx, line1.id, [silent]);
      });
      const idle = (await stream.next((event) => event.event === 'card')).data as TwinCard;
      expect(idle).toMatchObject({ equipmentId: silent, operationStatus: 'idle' });

      const since = new Date().toISOString();
      await ctx.app.db.transaction(async (tx) => {
        await tx
          .update(equipmentLive)
          .set({
            state: 'fault',
            since,
            alarmCode: 'E-9',
            alarmText: 'Motor overload',
            alarmSeverity: 'critical',
            alarmSince: since,
          })
          .where(eq(equipmentLive.equipmentId, silent));
        await announceLiveChange(tx, line1.id, [silent]);
      });
      const fault = (
        await stream.next((event) => event.event === 'card' && (event.data as TwinCard).operationStatus === 'fault')
      ).data as TwinCard;
      expect(fault).toMatchObject({ equipmentId: silent, activeAlarm: { code: 'E-9', severity: 'critical' } });
      const idleCards = stream.events.filter(
        (event) => event.event === 'card' && (event.data as TwinCard).operationStatus === 'idle',
      );
      expect(idleCards.length).toBeGreaterThanOrEqual(1);
      expect(idleCards.length).toBeLessThanOrEqual(2);

      // A machine that is not (or no longer) on the line has no card there: the board comes again.
      await announceLiveChange(ctx.app.db, line1.id, [elsewhere]);
      const again = (await stream.next((event) => event.event === 'board')).data as TwinBoard;
      expect(again.items.map((card) => card.equipmentId)).not.toContain(elsewhere);
      expect(
        stream.events.some((event) => event.event === 'card' && (event.data as TwinCard).equipmentId === elsewhere),
      ).toBe(false);
    } finally {
      await stream.close();
    }
  });
});

describe.each(testDatabases())('the simulator on the board, on %s', (kind) => {
  const ctx = useTestApp(kind, { config: { telemetry: testTelemetry('embedded') }, background: { tuning } });

  it('plays a machine through the broker with its own credentials: its fault reaches the board’s stream', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const inject = injectorFor(ctx);
    const line1 = answerOf(
      await inject('GET', 'product/all', admin),
      z.array(resourceItemSchema(productResource)),
    ).find((product) => product.code === 'LINE1')!;
    expect(
      (
        await inject('PUT', 'client/set-currentUser-productId', admin, {
          clientId: line1.clientId,
          productId: line1.id,
        })
      ).statusCode,
    ).toBe(200);
    const created = await inject('POST', 'equipment', admin, {
      serialNumber: uniqueName('SIM-'),
      name: '数控钢筋剪切生产线',
      spec: 'GJW-16 剪切生产线',
      clientId: line1.clientId,
      productId: line1.id,
      saleStatus: 'sold',
      idealRate: 600,
    });
    expect(created.statusCode, created.body).toBe(201);
    const machineId = answerOf(created, withId).id;
    const issued = await inject('POST', `equipment/${machineId}/mqtt-credentials`, admin);
    expect(issued.statusCode, issued.body).toBe(201);
    const credentials = answerOf(issued, mqttCredentialsSchema);
    const [, , clientCode, productCode, serialNumber] = credentials.topicPrefix.split('/') as string[];

    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openSse(`${address}/api/digitalTwin/events`, admin);
    const simulator = await startSimulator({
      brokerUrl: credentials.brokerUrl,
      machines: [
        {
          serialNumber: serialNumber!,
          clientCode: clientCode!,
          productCode: productCode!,
          password: credentials.password,
          idealRate: 600,
        },
      ],
      faultSerial: serialNumber,
      intervalMs: 200,
      seed: 1,
    });
    let stopped = false;
    try {
      const board = (await stream.next((event) => event.event === 'board')).data as TwinBoard;
      expect(board.items.map((card) => card.equipmentId)).toContain(machineId);
      const cardOf = (state: string) => (event: { event: string; data: unknown }) =>
        event.event === 'card' &&
        (event.data as TwinCard).equipmentId === machineId &&
        (event.data as TwinCard).operationStatus === state;
      const fault = (await stream.next(cardOf('fault'))).data as TwinCard;
      expect(fault.activeAlarm).toMatchObject({ severity: expect.any(String), code: expect.stringMatching(/^E-\d+$/) });
      expect(fault.lastSeen).not.toBeNull();
      // A graceful stop tells the machine is offline.
      await simulator.stop();
      stopped = true;
      await stream.next(cardOf('offline'));
    } finally {
      if (!stopped) await simulator.stop();
      await stream.close();
    }
  });
});
