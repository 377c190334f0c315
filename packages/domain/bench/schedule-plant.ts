/**
 * The bench plant of `npm run bench:schedule`: 12 machines (shear lines and a saw for cutting, CNC and
 * heavy benders and a stirrup bender, all on the default two shifts, Monday to Saturday) and weeks of
 * jobs generated from a seed — cuts of cutting-plan patterns and the bending of about half of their
 * order lines, each bend after its cut — so that every run schedules the same thing.
 */
import { seededRandom } from '../src/core/seeded-random.ts';
import { DEFAULT_SHIFT_CALENDAR, nextDay } from '../src/equipment/index.ts';
import { nominalUnitWeight } from '../src/master-data/index.ts';
import type { ScheduleJobInput, ScheduleMachineInput } from '../src/processing/index.ts';

export const FIRST_DAY = '2026-11-23';
const CUT = '00000000-0000-4000-8000-000000000c07';
const BEND = '00000000-0000-4000-8000-000000000be0';

/** How often each diameter comes up in a plant's orders: the middle sizes most. */
const DIAMETER_MIX: [number, number][] = [
  [8, 8],
  [10, 12],
  [12, 16],
  [14, 10],
  [16, 14],
  [18, 8],
  [20, 10],
  [22, 6],
  [25, 8],
  [28, 4],
  [32, 4],
];

function machine(
  id: string,
  name: string,
  techniqueId: string,
  range: [number, number],
  bands: ScheduleMachineInput['throughput'],
): ScheduleMachineInput {
  return {
    id,
    name,
    techniqueIds: [techniqueId],
    diameterMin: range[0],
    diameterMax: range[1],
    idealRate: null,
    throughput: bands,
    shiftCalendar: DEFAULT_SHIFT_CALENDAR,
    changeover: { diameterMinutes: techniqueId === CUT ? 10 : 20, familyMinutes: techniqueId === CUT ? 0 : 10 },
  };
}

const pcs = (diameterFrom: number, diameterTo: number, rate: number) => ({
  diameterFrom,
  diameterTo,
  rate,
  unit: 'piecesPerHour' as const,
});

const MACHINES: ScheduleMachineInput[] = [
  machine('shear-16a', 'GJW-16 shear line A', CUT, [6, 16], [pcs(6, 12, 420), pcs(14, 16, 320)]),
  machine('shear-16b', 'GJW-16 shear line B', CUT, [6, 16], [pcs(6, 12, 420), pcs(14, 16, 320)]),
  machine('shear-32a', 'GJW-32 shear line A', CUT, [12, 32], [pcs(12, 20, 260), pcs(22, 32, 160)]),
  machine('shear-32b', 'GJW-32 shear line B', CUT, [12, 32], [pcs(12, 20, 260), pcs(22, 32, 160)]),
  machine('saw', 'Saw line', CUT, [16, 50], [pcs(16, 32, 140), pcs(36, 50, 60)]),
  machine('cnc-1', 'CNC bending centre 1', BEND, [6, 16], [pcs(6, 12, 220), pcs(14, 16, 160)]),
  machine('cnc-2', 'CNC bending centre 2', BEND, [6, 16], [pcs(6, 12, 220), pcs(14, 16, 160)]),
  machine('cnc-3', 'CNC bending centre 3', BEND, [6, 16], [pcs(6, 12, 220), pcs(14, 16, 160)]),
  machine('heavy-1', 'Heavy bender 1', BEND, [12, 32], [pcs(12, 20, 110), pcs(22, 32, 60)]),
  machine('heavy-2', 'Heavy bender 2', BEND, [12, 32], [pcs(12, 20, 110), pcs(22, 32, 60)]),
  machine('heavy-3', 'Heavy bender 3', BEND, [12, 32], [pcs(12, 20, 110), pcs(22, 32, 60)]),
  machine(
    'stirrup',
    'Stirrup bender',
    BEND,
    [6, 12],
    [{ diameterFrom: 6, diameterTo: 12, rate: 900, unit: 'kgPerHour' }],
  ),
];

/** The bending tool families a generated bend job needs (`toolFamilyOf`). */
const TOOL_FAMILIES = ['bend', 'link', 'u180'] as const;

/** A week's shape: how many jobs and orders, and the due dates' range (days from the first day). */
export type WeekShape = { jobs: number; orders: number; dueFrom: number; dueTo: number; undatedShare: number };

/** The bench's week: 2,000 jobs, 150 orders due over the coming week, some overdue, a few without a date. */
export const BENCH_WEEK: WeekShape = { jobs: 2000, orders: 150, dueFrom: -1, dueTo: 7, undatedShare: 0.05 };

export function generateInput(seed: number, shape: WeekShape = BENCH_WEEK) {
  const rnd = seededRandom(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const totalWeight = DIAMETER_MIX.reduce((sum, [, w]) => sum + w, 0);
  const diameter = () => {
    let pick = rnd() * totalWeight;
    for (const [d, w] of DIAMETER_MIX) if ((pick -= w) < 0) return d;
    return 12;
  };
  const orders = Array.from({ length: shape.orders }, (_, i) => ({
    id: `O${i}`,
    code: `DO-${1000 + i}`,
    dueDate: rnd() < shape.undatedShare ? null : nextDay(FIRST_DAY, int(shape.dueFrom, shape.dueTo)),
  }));
  const jobs: ScheduleJobInput[] = [];
  while (jobs.length < shape.jobs) {
    const d = diameter();
    const perBar = int(1, 6);
    const bars = int(5, 40);
    const pieces = perBar * bars;
    const pieceLength = int(800, 11_000 / perBar) / 1000;
    const orderIds = [...new Set(Array.from({ length: int(1, 3) }, () => `O${int(0, shape.orders - 1)}`))];
    const cut = `cut-${jobs.length}`;
    const weightKg = Math.round(pieces * pieceLength * nominalUnitWeight(d) * 10) / 10;
    jobs.push({
      id: cut,
      kind: 'cut',
      label: `pattern ×${bars}`,
      techniqueId: CUT,
      diameter: d,
      grade: 'HRB400E',
      pieces,
      weightKg,
      orderIds,
    });
    // About half the lines are bent; a bend serves one order and waits for its cut.
    if (jobs.length < shape.jobs && d <= 32 && rnd() < 0.55) {
      const bent = Math.max(1, Math.round(pieces * (0.3 + 0.7 * rnd())));
      jobs.push({
        id: `bend-${jobs.length}`,
        kind: 'bend',
        label: `bend ${bent}`,
        techniqueId: BEND,
        diameter: d,
        // Tool families in turn (not drawn from the random stream, so the weeks stay as they were).
        family: TOOL_FAMILIES[jobs.length % TOOL_FAMILIES.length],
        grade: 'HRB400E',
        pieces: bent,
        weightKg: Math.round((weightKg * bent * 10) / pieces) / 10,
        orderIds: [orderIds[0]!],
        after: cut,
      });
    }
  }
  return { horizon: { firstDay: FIRST_DAY, days: 5, timeZone: 'Asia/Shanghai' }, machines: MACHINES, jobs, orders };
}
